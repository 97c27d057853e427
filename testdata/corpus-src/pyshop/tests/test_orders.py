import pytest

from shop import orders


def test_load(orders_file):
    got = orders.load(orders_file)
    assert [o.ident for o in got] == ["A-1", "A-2"]
    assert got[0].total() == pytest.approx(14.5)


@pytest.mark.parametrize("path", [
    ["paid", "shipped", "delivered"],
    ["cancelled"],
    ["paid", "cancelled"],
    ["paid", "delivered"],
    ["shipped"],
])
def test_moves(path):
    o = orders.Order("B-7", [])
    for state in path:
        o.move(state)
    assert o.state == path[-1]


def test_totals_by_state(orders_file):
    got = {o.ident: o.total() for o in orders.load(orders_file)}
    assert got == {"A-1": 14.5, "A-2": 12.5}


def test_reserve(warehouse_db):
    row = warehouse_db.execute("select qty from stock where sku = 'pen'").fetchone()
    assert row[0] == 40
