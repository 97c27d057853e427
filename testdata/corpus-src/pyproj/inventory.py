"""A tiny inventory model used by the corpus tests."""
import logging

log = logging.getLogger("inventory")


class ReservationError(Exception):
    """Raised when stock cannot be reserved."""


class Warehouse:
    def __init__(self, name):
        self.name = name
        self.stock = {}

    def receive(self, sku, qty):
        log.info("receive %s x%d into %s", sku, qty, self.name)
        self.stock[sku] = self.stock.get(sku, 0) + qty

    def reserve(self, sku, qty):
        have = self.stock.get(sku, 0)
        log.debug("reserve %s x%d (have %d)", sku, qty, have)
        if qty > have:
            raise ReservationError(f"cannot reserve {qty} of {sku}: only {have} on hand")
        self.stock[sku] = have - qty
        return have - qty


def parse_qty(text):
    return int(text.strip())


def load_manifest(lines):
    """Parse 'sku,qty' lines into a dict."""
    out = {}
    for n, line in enumerate(lines, 1):
        sku, _, qty = line.partition(",")
        try:
            out[sku] = parse_qty(qty)
        except ValueError as exc:
            raise ValueError(f"manifest line {n}: bad quantity for {sku!r}") from exc
    return out


def bulk_price(unit_cents, qty):
    """Price with a 10% discount from 100 units, in cents."""
    total = unit_cents * qty
    if qty > 100:
        total = total * 90 // 100
    return total
