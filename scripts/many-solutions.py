#!/usr/bin/env python3
"""Writes a benchmark set of 9x9 puzzles with many solutions: 10,000 puzzles of 17_clue (in a
seeded random order), each with 1 to 3 of its givens removed at random, so every one has two or
more solutions. Used beside tdoku in docs/history/bench.md (session 8).

Usage: python3 scripts/many-solutions.py [17_clue.txt] > /tmp/multi10k.txt
"""
import random
import sys

src = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/9x9/17_clue.txt"
random.seed(13)
with open(src) as f:
    lines = [l.split()[0] for l in f if len(l.strip()) >= 81 and not l.startswith("#")]
random.shuffle(lines)
for line in lines[:10000]:
    cells = list(line)
    givens = [i for i, c in enumerate(cells) if c not in ".0"]
    for i in random.sample(givens, random.choice([1, 2, 3])):
        cells[i] = "."
    print("".join(cells))
