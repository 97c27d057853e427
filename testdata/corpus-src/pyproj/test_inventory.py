import logging
import sys
import unittest

import inventory

logging.basicConfig(stream=sys.stderr, level=logging.INFO,
                    format="%(levelname)s %(name)s: %(message)s")


class TestReceive(unittest.TestCase):
    pass


def _make_receive_test(i):
    def test(self):
        w = inventory.Warehouse(f"wh-{i % 4}")
        w.receive(f"SKU-{i:04d}", i + 1)
        self.assertEqual(w.stock[f"SKU-{i:04d}"], i + 1)
    return test


for _i in range(240):
    setattr(TestReceive, f"test_receive_{_i:03d}", _make_receive_test(_i))


class TestBulkPrice(unittest.TestCase):
    pass


def _make_price_test(qty):
    def test(self):
        expected = 250 * qty if qty < 100 else 250 * qty * 90 // 100
        self.assertEqual(inventory.bulk_price(250, qty), expected,
                         f"bulk discount must start at exactly 100 units (qty={qty})")
    return test


for _q in range(0, 200, 5):
    setattr(TestBulkPrice, f"test_bulk_price_qty_{_q:03d}", _make_price_test(_q))


class TestManifest(unittest.TestCase):
    def test_parse_ok(self):
        self.assertEqual(inventory.load_manifest(["A,1", "B, 2"]), {"A": 1, "B": 2})

    def test_reserve_from_manifest(self):
        w = inventory.Warehouse("main")
        for sku, qty in inventory.load_manifest(["A,3", "B,five", "C,1"]).items():
            w.receive(sku, qty)
        w.reserve("A", 2)


if __name__ == "__main__":
    unittest.main()
