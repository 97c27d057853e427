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
  firstper FILE REGEX KEY N
                      the first line matching REGEX for each distinct value of KEY (a regex
                      whose first group, searched in the line, is the key), N of them spread
                      evenly: the first warning of each kind, the first error of each code
  outline FILE N HIGH [LOW]
                      for source code and documentation: the lines matching HIGH (headings,
                      types, top-level declarations), N of them spread evenly, then lines
                      matching LOW (methods, options) spread evenly up to N in all; a
                      trailing "{" or ":" is dropped
  lsl FILE N          for ls -l and ls -laR: the name of every directory entry of type d and
                      each "DIR:" heading, N of them spread evenly, then the names of the six
                      largest files, then the names of other entries spread evenly up to N;
                      past 200 other entries, no view could show a spread of them, so only
                      the first three and the last three
  tree FILE N         for tree -F: the summary line, the directories (names ending in /),
                      then the files, spread evenly up to N
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
    b"proxy.golang.org", b"sum.golang.org", b"index.crates.io", b"static.crates.io",
    b"registry.yarnpkg.com", b"pypi.org", b"files.pythonhosted.org", b"repo.maven.apache.org",
    b"repo1.maven.org",
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


def firstper(path, regex, key, n):
    rx, kx = re.compile(regex), re.compile(key)
    seen, out = set(), []
    for line in read_lines(path):
        if not rx.search(line):
            continue
        m = kx.search(line)
        k = m.group(1) if m else None
        if k in seen:
            continue
        seen.add(k)
        out.append(line)
    for line in spread(out, n):
        print(line)


def fill(high, low, n):
    """high spread to n, then low spread to what is left of n."""
    first = spread(high, n)
    return first + spread(low, n - len(first))


def outline(path, n, high, low):
    hx = re.compile(high)
    lx = re.compile(low) if low else None
    hi, lo = [], []
    for line in read_lines(path):
        if hx.search(line):
            hi.append(line)
        elif lx and lx.search(line):
            lo.append(line)
    for line in fill(hi, lo, n):
        print(re.sub(r"\s*[{:]\s*$", "", line))


LSL = re.compile(r"^([-dlcbpsD])[-rwxsStT]{9}\S*\s+\d+\s+\S+\s+\S+\s+([\d,.]+[KMGT]?)(?:\s+\S+){3}\s(.*)$")
UNITS = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def size(s):
    s = s.replace(",", ".")
    if s[-1] in UNITS:
        return float(s[:-1]) * UNITS[s[-1]]
    return float(s)


def lsl(path, n):
    hi, files = [], []
    for line in read_lines(path):
        m = LSL.match(line)
        if m:
            name = m.group(3).strip()
            if name in (".", ".."):
                continue
            if m.group(1) == "d":
                hi.append(name)
            else:
                files.append((size(m.group(2)), name))
        elif line.endswith(":") and not line.startswith(" "):
            hi.append(line)
    first = spread(hi, n)
    largest = sorted(files, key=lambda f: -f[0])[:min(6, n - len(first))]
    rest = [f[1] for f in files if f not in largest]
    if len(rest) > 200:
        rest = rest[:3] + rest[-3:]
    for line in first + [f[1] for f in largest] + spread(rest, n - len(first) - len(largest)):
        print(line)


TREE = re.compile(r"^[│├└─\s]*(?:── )?(.*)$")


def tree(path, n):
    lines = read_lines(path)
    summary = [l for l in lines if re.match(r"^\d+ director(y|ies)(, \d+ files?)?$", l)]
    dirs, files = [], []
    for line in lines[1:]:
        if line in summary or not line.strip():
            continue
        name = TREE.match(line).group(1)
        (dirs if name.endswith("/") else files).append(name)
    for line in summary + fill(dirs, files, n - len(summary)):
        print(line)


def check(d):
    problems = []
    names = sorted(f[:-4] for f in os.listdir(d) if f.endswith(".out"))
    total, big, rows = 0, 0, []
    shapes = ("grep-", "log-", "diff-", "json-", "text-", "listing-", "outline-")
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
    elif cmd == "firstper":
        firstper(argv[2], argv[3], argv[4], int(argv[5]))
    elif cmd == "outline":
        outline(argv[2], int(argv[3]), argv[4], argv[5] if len(argv) > 5 else "")
    elif cmd == "lsl":
        lsl(argv[2], int(argv[3]))
    elif cmd == "tree":
        tree(argv[2], int(argv[3]))
    elif cmd == "check":
        return check(argv[2])
    else:
        print(f"needles.py: unknown command {cmd}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
