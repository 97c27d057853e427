from decimal import Decimal

import pytest

from shop import pricing


@pytest.mark.parametrize("net,country,want", [
    ("100", "FR", Decimal("120.00")),
    ("100", "DE", Decimal("119.00")),
    ("19.99", "LU", Decimal("23.39")),
    ("0.05", "HU", Decimal("0.06")),
    ("100", "IT", Decimal("122.00")),
])
def test_with_vat(net, country, want):
    assert pricing.with_vat(net, country) == want


@pytest.mark.parametrize("parts", range(1, 8))
def test_split_adds_up(parts):
    total = Decimal("100.00")
    assert sum(pricing.split(total, parts)) == total


def test_discount_spring():
    assert pricing.discount(Decimal("50"), "SPRING10") == Decimal("45.0")


def test_discount_legacy_warns():
    assert pricing.discount(Decimal("50"), "LEGACY5") == Decimal("45")


@pytest.mark.xfail(reason="codes are case-sensitive until #212")
def test_discount_lowercase():
    assert pricing.discount(Decimal("50"), "spring10") == Decimal("45.0")


@pytest.mark.skip(reason="needs the currency service")
def test_convert_currency():
    pass
