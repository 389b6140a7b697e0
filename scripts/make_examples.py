#!/usr/bin/env python3
"""Regenerates the example puzzles in data/examples/ with the sudokit binary.

Each puzzle starts from a complete valid grid (found by `sudokit solve` on an empty grid of the
layout, or built from the shifted-rows pattern with shuffled digits), then cells are blanked in a
seeded random order as long as `sudokit count --limit 2` still says exactly one solution.
Usage: python3 scripts/make_examples.py [path/to/sudokit]
"""
import json
import random
import subprocess
import sys

SUDOKIT = sys.argv[1] if len(sys.argv) > 1 else "target/release/sudokit"
SYM = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def run(args, text):
    return subprocess.run([SUDOKIT] + args, input=text, capture_output=True, text=True).stdout


def record(cells, extra):
    rec = {"cells": "".join(SYM[v - 1] if v else "." for v in cells)}
    rec.update(extra)
    return json.dumps(rec)


def solve_empty(n, extra):
    out = run(["solve", "--format", "json"], record([0] * (n * n), extra) + "\n")
    sol = json.loads(out)["solutions"][0]
    return [SYM.index(ch) + 1 for ch in sol]


def pattern(r, c, rng):
    n = r * c
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    return [perm[(c * (i // n % r) + i // n // r + i % n) % n] for i in range(n * n)]


def minimise(full, extra, target, rng):
    cells = list(full)
    order = list(range(len(cells)))
    rng.shuffle(order)
    for i in order:
        if sum(1 for v in cells if v) <= target:
            break
        keep, cells[i] = cells[i], 0
        out = run(["count", "--limit", "2"], record(cells, extra) + "\n").strip()
        if out != "1":
            cells[i] = keep
    return cells


def line(cells):
    return "".join(SYM[v - 1] if v else "." for v in cells)


def main():
    rng = random.Random(2026)
    j9 = "111222333111222333114222633144555663444555666444558666777588999777888999777888999"
    j10 = ("0000011111000023111102222333312222233333444445555564444555556666477777"
           "666667777988888799998888899999")
    out = {}
    full = pattern(4, 4, rng)
    out["16x16.txt"] = line(minimise(full, {}, 120, rng)) + " 16x16 with 4x4 boxes\n"
    full = pattern(5, 5, rng)
    out["25x25.txt"] = line(minimise(full, {}, 330, rng)) + " 25x25 with 5x5 boxes\n"
    for (r, c) in [(2, 2), (2, 3), (2, 4), (3, 4)]:
        full = pattern(r, c, rng)
        n = r * c
        out.setdefault("sizes.txt", "# one puzzle per size; the box shape is the default for N\n")
        out["sizes.txt"] += line(minimise(full, {}, n * n // 4, rng)) + f" {n}x{n}\n"
    full = solve_empty(9, {"extra": ["diagonals"]})
    x = minimise(full, {"extra": ["diagonals"]}, 20, rng)
    out["x-sudoku.ndjson"] = record(x, {"extra": ["diagonals"], "label": "X sudoku"}) + "\n"
    jig = ""
    for n, regions in [(9, j9), (10, j10)]:
        full = solve_empty(n, {"regions": regions})
        p = minimise(full, {"regions": regions}, n * n // 4, rng)
        jig += line(p) + f" {n}x{n} jigsaw\n" + regions + "\n"
    out["jigsaw.txt"] = jig
    for name, text in out.items():
        with open(f"data/examples/{name}", "w") as f:
            f.write(text)
        print("wrote", name)


if __name__ == "__main__":
    main()
