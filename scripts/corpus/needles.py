#!/usr/bin/env python3
"""Helpers for scripts/corpus.sh: derive needles mechanically and check the corpus.

Subcommands (FILE is a captured .out file; candidate needles are printed one per line):
  trim NEEDLES        read candidate needles on stdin, strip them, cut them to 120
                      characters, drop duplicates and short ones, keep at most 40,
                      and write them to the file NEEDLES
  grepfiles MODE FILE TOP SAMPLE
                      paths of the files a search output names: the TOP files with the
                      most matches, then SAMPLE more spread evenly over the rest.
                      MODE: colon (path:line:... lines), heading (rg --heading),
                      count (path:count), binary (grep/rg "binary file matches" notices)
  dirs FILE TOP SAMPLE
                      for a list of paths: the TOP directories holding the most paths
                      (with a trailing slash), then SAMPLE paths spread over the list
  segments FILE REGEX MINLEN
                      for output with ANSI escapes or carriage returns: the pieces of the
                      lines matching REGEX (after removing escapes) that appear verbatim
                      between escapes / carriage returns, at least MINLEN characters long
  spread FILE REGEX N lines matching REGEX, N of them spread evenly (first and last included)
  check DIR           verify every sample in DIR; print a table; exit 1 on any problem
"""
import collections
import os
import re
import sys

MAX_NEEDLES = 40
MAX_LEN = 120
MIN_LEN = 4
FORBIDDEN = [  # registry hosts must not be named in committed files
    b"registry.npmjs.org", b"deb.debian.org", b"security.debian.org",
    b"proxy.golang.org", b"sum.golang.org", b"index.crates.io",
]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def read_lines(path):
    with open(path, "rb") as f:
        data = f.read()
    return data.decode("utf-8", "surrogateescape").split("\n")


def spread(items, n):
    if n <= 0 or not items:
        return []
    if len(items) <= n:
        return list(items)
    if n == 1:
        return [items[0]]
    step = (len(items) - 1) / (n - 1)
    return [items[round(i * step)] for i in range(n)]


def trim(dest):
    out, seen = [], set()
    for raw in sys.stdin.read().split("\n"):
        s = raw.strip()
        if len(s) > MAX_LEN:
            s = s[:MAX_LEN].rstrip()
        if len(s) < MIN_LEN or s in seen:
            continue
        seen.add(s)
        out.append(s)
    out = out[:MAX_NEEDLES]
    with open(dest, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write("".join(s + "\n" for s in out))


def top_then_sample(counts, top, sample):
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    first = [k for k, _ in ranked[:top]]
    rest = sorted(k for k, _ in ranked[top:])
    return first + spread(rest, sample)


def grepfiles(mode, path, top, sample):
    counts = collections.Counter()
    current = None
    colon = re.compile(r"^([^\s:][^:]*):(\d+):")
    for line in read_lines(path):
        if mode == "colon":
            m = colon.match(line)
            if m:
                counts[m.group(1)] += 1
        elif mode == "heading":
            if re.match(r"^\d+:", line):
                if current:
                    counts[current] += 1
            elif re.match(r"^\d+-", line):
                pass
            elif line and line != "--":
                current = line
        elif mode == "count":
            m = re.match(r"^(.*):(\d+)$", line)
            if m:
                counts[m.group(1)] = int(m.group(2))
        elif mode == "binary":
            m = re.match(r"^(?:grep: )?(.*?): binary file matches", line)
            if m:
                counts[m.group(1)] += 1
    for p in top_then_sample(counts, top, sample):
        print(p)


def dirs(path, top, sample):
    paths = [l for l in read_lines(path) if l.strip()]
    counts = collections.Counter(os.path.dirname(p) + "/" for p in paths)
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    for d, _ in ranked[:top]:
        print(d)
    for p in spread(sorted(paths), sample):
        print(p)


def segments(path, regex, minlen):
    rx = re.compile(regex)
    for line in read_lines(path):
        for piece in line.split("\r"):
            if not rx.search(ANSI.sub("", piece)):
                continue
            for seg in ANSI.split(piece):
                seg = seg.strip()
                if len(seg) >= minlen:
                    print(seg)


def spread_lines(path, regex, n):
    rx = re.compile(regex)
    for line in spread([l for l in read_lines(path) if rx.search(l)], n):
        print(line)


def check(d):
    problems = []
    names = sorted(f[:-4] for f in os.listdir(d) if f.endswith(".out"))
    total, big, rows = 0, 0, []
    shapes = ("grep-", "log-", "diff-", "json-", "text-")
    for f in os.listdir(d):
        if f.endswith(".needles") and not os.path.exists(os.path.join(d, f[:-8] + ".out")):
            problems.append(f"{f}: no matching .out")
    for name in names:
        with open(os.path.join(d, name + ".out"), "rb") as fh:
            data = fh.read()
        size = len(data)
        total += size
        if size > 1 << 20:
            big += 1
        if size > 5 << 20:
            problems.append(f"{name}: {size} bytes is over 5 MiB")
        if not name.startswith(shapes):
            problems.append(f"{name}: name does not start with a shape")
        for host in FORBIDDEN:
            if host in data:
                problems.append(f"{name}: names the registry host {host.decode()}")
        npath = os.path.join(d, name + ".needles")
        if not os.path.exists(npath):
            problems.append(f"{name}: no .needles file")
            continue
        with open(npath, "rb") as fh:
            needles = [n for n in fh.read().split(b"\n") if n]
        if not 3 <= len(needles) <= MAX_NEEDLES:
            problems.append(f"{name}: {len(needles)} needles (want 3 to {MAX_NEEDLES})")
        for n in needles:
            if len(n.decode("utf-8", "replace")) > MAX_LEN:
                problems.append(f"{name}: needle longer than {MAX_LEN}: {n[:60]!r}")
            if n not in data:
                problems.append(f"{name}: needle not found verbatim: {n.decode('utf-8', 'replace')!r}")
        rows.append((name, size, len(needles)))
    for name, size, n in rows:
        print(f"{size:>10}  {n:>3}  {name}")
    print(f"{total:>10}       total, {len(rows)} samples, {big} over 1 MiB")
    if total > 35 << 20:
        problems.append(f"total size {total} is over 35 MiB")
    if big > 4:
        problems.append(f"{big} samples are over 1 MiB (at most 4)")
    for p in problems:
        print("corpus: error: " + p, file=sys.stderr)
    return 1 if problems else 0


def main(argv):
    cmd = argv[1]
    if cmd == "trim":
        trim(argv[2])
    elif cmd == "grepfiles":
        grepfiles(argv[2], argv[3], int(argv[4]), int(argv[5]))
    elif cmd == "dirs":
        dirs(argv[2], int(argv[3]), int(argv[4]))
    elif cmd == "segments":
        segments(argv[2], argv[3], int(argv[4]))
    elif cmd == "spread":
        spread_lines(argv[2], argv[3], int(argv[4]))
    elif cmd == "check":
        return check(argv[2])
    else:
        print(f"needles.py: unknown command {cmd}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
