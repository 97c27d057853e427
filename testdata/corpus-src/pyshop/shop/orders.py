"""Orders and their state machine."""
import json
import pathlib

STATES = ("new", "paid", "shipped", "delivered", "cancelled")
MOVES = {"new": {"paid", "cancelled"}, "paid": {"shipped", "cancelled"}, "shipped": {"delivered"}}


class Order:
    def __init__(self, ident, lines):
        self.ident = ident
        self.lines = lines
        self.state = "new"

    def move(self, state):
        if state not in MOVES.get(self.state, ()):
            raise ValueError(f"order {self.ident}: cannot go from {self.state} to {state}")
        self.state = state

    def total(self):
        return sum(qty * price for _, qty, price in self.lines)


def load(path):
    data = json.loads(pathlib.Path(path).read_text())
    return [Order(o["id"], [tuple(l) for l in o["lines"]]) for o in data["orders"]]
