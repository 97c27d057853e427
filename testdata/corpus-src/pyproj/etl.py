"""Nightly ETL job: reads batches, normalises records and writes a summary."""
import sys
import time


class LoadError(RuntimeError):
    pass


def normalise(record):
    sku, region, qty = record.split("|")
    return {"sku": sku, "region": region.lower(), "qty": int(qty)}


def load_batch(batch_no, records):
    out = []
    for pos, rec in enumerate(records):
        try:
            out.append(normalise(rec))
        except ValueError as exc:
            raise LoadError(f"batch {batch_no}: record {pos} is malformed: {rec!r}") from exc
    return out


def run(batches):
    total = 0
    for n, batch in enumerate(batches):
        rows = load_batch(n, batch)
        total += sum(r["qty"] for r in rows)
        print(f"[etl] batch {n:04d}: {len(rows)} rows loaded, running total {total}", flush=True)
    return total


def make_batches():
    batches = []
    for n in range(1800):
        batch = [f"SKU-{n:04d}-{k}|EU-West|{(n * 7 + k) % 50}" for k in range(12)]
        if n == 1342:
            batch[7] = "SKU-1342-7|EU-West|12.5kg"
        batches.append(batch)
    return batches


def main():
    print("[etl] starting nightly load", flush=True)
    try:
        total = run(make_batches())
    except LoadError as exc:
        try:
            raise SystemError("rollback failed: staging table locked")
        finally:
            print(f"[etl] aborting: {exc}", file=sys.stderr, flush=True)
    print(f"[etl] done, {total} units", flush=True)


if __name__ == "__main__":
    main()
