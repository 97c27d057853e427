import json

import pytest


@pytest.fixture
def orders_file(tmp_path):
    p = tmp_path / "orders.json"
    p.write_text(json.dumps({"orders": [
        {"id": "A-1", "lines": [["pen", 3, 2.5], ["ink", 1, 7.0]]},
        {"id": "A-2", "lines": [["pad", 10, 1.2]]},
    ]}))
    return p


@pytest.fixture
def warehouse_db():
    import sqlite3
    conn = sqlite3.connect(":memory:")
    conn.execute("create table stock (sku text primary key, qty integer)")
    conn.executemany("insert into stock values (?, ?)", [("pen", 40), ("ink", 0)])
    conn.execute("insert into stock values ('pen', 5)")
    yield conn
    conn.close()
