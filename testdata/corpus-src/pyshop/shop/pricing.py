"""Prices, taxes and discounts for the shop."""
from decimal import Decimal, ROUND_HALF_UP
import warnings

VAT = {"FR": Decimal("0.20"), "DE": Decimal("0.19"), "LU": Decimal("0.17"), "HU": Decimal("0.27")}


def with_vat(net, country):
    rate = VAT[country]
    return (Decimal(net) * (1 + rate)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def discount(total, code):
    if code == "SPRING10":
        return total * Decimal("0.9")
    if code == "LEGACY5":
        warnings.warn("LEGACY5 is deprecated, use SPRING10", DeprecationWarning, stacklevel=2)
        return total - 5
    raise KeyError(code)


def split(total, parts):
    share = (Decimal(total) / parts).quantize(Decimal("0.01"))
    return [share] * parts
