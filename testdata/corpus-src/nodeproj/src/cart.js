'use strict';

class Cart {
  constructor(currency = 'EUR') {
    this.currency = currency;
    this.lines = [];
  }

  add(sku, qty, unitCents) {
    if (!Number.isInteger(qty) || qty <= 0) throw new RangeError(`bad quantity ${qty} for ${sku}`);
    const line = this.lines.find((l) => l.sku === sku);
    if (line) line.qty += qty;
    else this.lines.push({ sku, qty, unitCents });
    return this;
  }

  total() {
    return this.lines.reduce((sum, l) => sum + l.qty * l.unitCents, 0);
  }

  summary() {
    return this.lines.map((l) => ({ sku: l.sku, qty: l.qty }));
  }

  applyCoupon(coupon) {
    return Math.round(this.total() * (1 - coupon.percent / 100));
  }
}

async function checkout(cart, gateway) {
  const receipt = await gateway.charge(cart.total(), cart.currency);
  return { id: receipt.id, amount: receipt.amount };
}

module.exports = { Cart, checkout };
