'use strict';
const { describe, it } = require('node:test');
const assert = require('node:assert');
const { Cart, checkout } = require('../src/cart');

describe('Cart.add', () => {
  for (let i = 1; i <= 40; i++) {
    it(`adds ${i} units`, () => {
      const c = new Cart().add('SKU-1', i, 150);
      assert.strictEqual(c.total(), i * 150);
    });
  }
  it('rejects zero quantities', () => {
    assert.throws(() => new Cart().add('SKU-1', 0, 150), RangeError);
  });
});

describe('Cart.summary', () => {
  it('merges repeated SKUs', () => {
    const c = new Cart().add('A', 1, 100).add('B', 2, 100).add('A', 3, 100);
    assert.deepStrictEqual(c.summary(), [
      { sku: 'A', qty: 4 },
      { sku: 'B', qty: 3 },
    ]);
  });
});

describe('Cart.applyCoupon', () => {
  it('applies a percentage coupon', () => {
    const c = new Cart().add('A', 2, 1000);
    assert.strictEqual(c.applyCoupon({ percent: 15 }), 1700);
  });
  it('ignores a missing coupon', () => {
    const c = new Cart().add('A', 2, 1000);
    assert.strictEqual(c.applyCoupon(undefined), 2000);
  });
});

describe('checkout', () => {
  it('charges the gateway', async () => {
    const gateway = { charge: async (amount) => ({ id: 'rcpt-1', amount }) };
    const r = await checkout(new Cart().add('A', 1, 999), gateway);
    assert.deepStrictEqual(r, { id: 'rcpt-1', amount: 999 });
  });
  it('surfaces gateway errors', async () => {
    const gateway = { charge: async () => { throw new Error('card declined: insufficient funds'); } };
    const r = await checkout(new Cart().add('A', 1, 999), gateway);
    assert.ok(r.id);
  });
});
