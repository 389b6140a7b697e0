#!/usr/bin/env python3
"""HoDoKu parity: compare HoDoKu's solution paths with `sudokit explain`'s.

Both sides are first turned into one compact form, a TSV line per puzzle:

    puzzle <TAB> level <TAB> score <TAB> path

where `level` is HoDoKu's level in lower case, `score` its score, and `path` the steps joined by
spaces. A step is the technique's HoDoKu library code (`0002` hidden single, `0708` AIC, ...;
`~guess` for HoDoKu's brute force and for a sudokit technique without a code, `~` and its id)
followed by its placements `+RCD` and then its eliminations `-RCD` (row, column, digit), each
list sorted: `0002+861`, `0100-217-237`. crates/logic/tests/hodoku_parity.rs writes sudokit's
path in the same form, so the stored HoDoKu outputs in data/logic/hodoku-paths/ are compared
without Java.

Subcommands:
    hodoku OUT.txt       HoDoKu's `/bs FILE /vp` output (FILE.out.txt) -> compact TSV
    sudokit JSON FILE    `sudokit explain -f json FILE` records (in input order) -> compact TSV
    compare A.tsv B.tsv  per puzzle and in total: level equal, score equal, path identical and
                         the first differing step (A is HoDoKu, B sudokit)
"""

import json
import re
import sys

# HoDoKu 2.2.4's English step names (its SolutionType names) and their library codes; the
# forcing chains and nets print " in <house or cell>" or nothing after the name, then " => ".
HODOKU_CODES = {
    name: code
    for code, name in (line.split(" ", 1) for line in """
0000 Full House
0002 Hidden Single
0003 Naked Single
0210 Hidden Pair
0211 Hidden Triple
0212 Hidden Quadruple
0200 Naked Pair
0201 Naked Triple
0202 Naked Quadruple
0110 Locked Pair
0111 Locked Triple
0100 Locked Candidates Type 1 (Pointing)
0101 Locked Candidates Type 2 (Claiming)
0400 Skyscraper
0401 2-String Kite
0402 Empty Rectangle
0403 Turbot Fish
0404 Dual 2-String Kite
0405 Dual Empty Rectangle
0600 Uniqueness Test 1
0601 Uniqueness Test 2
0602 Uniqueness Test 3
0603 Uniqueness Test 4
0604 Uniqueness Test 5
0605 Uniqueness Test 6
0606 Hidden Rectangle
0607 Avoidable Rectangle Type 1
0608 Avoidable Rectangle Type 2
0610 Bivalue Universal Grave + 1
0800 XY-Wing
0801 XYZ-Wing
0803 W-Wing
0701 X-Chain
0702 XY-Chain
0703 Remote Pair
0706 Continuous Nice Loop
0707 Discontinuous Nice Loop
0708 AIC
0709 Grouped Continuous Nice Loop
0710 Grouped Discontinuous Nice Loop
0711 Grouped AIC
0300 X-Wing
0301 Swordfish
0302 Jellyfish
0303 Squirmbag
0304 Whale
0305 Leviathan
0500 Simple Colors Trap
0501 Simple Colors Wrap
0502 Multi Colors 1
0503 Multi Colors 2
1101 Sue de Coq
0901 Almost Locked Set XZ-Rule
0902 Almost Locked Set XY-Wing
0903 Almost Locked Set Chain
0904 Death Blossom
1201 Template Set
1202 Template Delete
1301 Forcing Chain Contradiction
1302 Forcing Chain Verity
1303 Forcing Net Contradiction
1304 Forcing Net Verity
0371 Kraken Fish Type 1
0372 Kraken Fish Type 2
~guess Brute Force
""".strip().split("\n"))
}
for i, size in enumerate(["X-Wing", "Swordfish", "Jellyfish", "Squirmbag", "Whale", "Leviathan"]):
    for base, prefix in [(10, "Finned "), (20, "Sashimi "), (30, "Franken "),
                         (40, "Finned Franken "), (50, "Mutant "), (60, "Finned Mutant ")]:
        HODOKU_CODES[prefix + size] = "03%02d" % (base + i)

HEADER = re.compile(r"^(\S{81}) #(\d+) (\w+) \((\d+)\)")
CELLS = re.compile(r"r(\d+)c(\d+)")


def effects(text):
    """`r7c579,r89c2<>9, r7c79<>2` or `r8c6=1` -> sorted `+RCD` and `-RCD` items."""
    placed, removed = [], []
    for item in text.split(", "):
        item = item.strip()
        op = "<>" if "<>" in item else "="
        cells, digit = item.rsplit(op, 1)
        for rows, cols in CELLS.findall(cells):
            for r in rows:
                for c in cols:
                    (removed if op == "<>" else placed).append(r + c + digit.strip())
    return placed, removed


def step_code(placed, removed, code):
    return code + "".join("+" + x for x in sorted(placed)) + "".join("-" + x for x in sorted(removed))


def hodoku_step(line):
    body = line.strip()
    if "=>" in body:
        head, tail = body.rsplit("=>", 1)
    else:
        head, tail = body.split(": ", 1)
    name = head.split(":", 1)[0].strip()
    name = re.sub(r" in \S+$", "", name).strip()
    code = HODOKU_CODES.get(name, "?" + name.replace(" ", "_"))
    return step_code(*effects(tail), code)


def read_hodoku(path):
    rows, cur = [], None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = HEADER.match(line)
            if m:
                cur = [m.group(1), m.group(3).lower(), m.group(4), []]
                rows.append(cur)
            elif cur is not None and line.startswith("   ") and line.strip():
                cur[3].append(hodoku_step(line))
    return rows


def read_sudokit(path, puzzles):
    with open(puzzles, encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            lv = r.get("levels") or {}
            steps = []
            for s in r.get("steps", []):
                code = s.get("hodoku") or "~" + s["technique"]
                pl = ["%d%d%d" % (p["row"], p["col"], p["digit"]) for p in s["placements"]]
                el = ["%d%d%d" % (e["row"], e["col"], e["digit"]) for e in s["eliminations"]]
                steps.append(step_code(pl, el, code))
            rows.append([lines[r["line"] - 1].split()[0], str(lv.get("hodoku_level", "-")).lower(),
                         str(lv.get("hodoku_score", "-")), steps])
    return rows


def write(rows, out=sys.stdout):
    for p, level, score, steps in rows:
        out.write("%s\t%s\t%s\t%s\n" % (p, level, score, " ".join(steps)))


def read_tsv(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            p, level, score, path = line.rstrip("\n").split("\t")
            rows.append([p, level, score, path.split()])
    return rows


def compare(a_path, b_path):
    a, b = read_tsv(a_path), read_tsv(b_path)
    if len(a) != len(b):
        sys.exit("%s has %d puzzles, %s %d" % (a_path, len(a), b_path, len(b)))
    n = len(a)
    lv = sc = same = 0
    firsts = {}
    for i, (x, y) in enumerate(zip(a, b), 1):
        l_eq, s_eq, p_eq = x[1] == y[1], x[2] == y[2], x[3] == y[3]
        lv, sc, same = lv + l_eq, sc + s_eq, same + p_eq
        msg = "#%d level %s (%s/%s) score %s (%s/%s) path %s" % (
            i, "equal" if l_eq else "DIFF", x[1], y[1], "equal" if s_eq else "DIFF", x[2], y[2],
            "identical" if p_eq else "DIFF")
        if not p_eq:
            k = next((j for j, (s, t) in enumerate(zip(x[3], y[3])) if s != t),
                     min(len(x[3]), len(y[3])))
            hs = x[3][k] if k < len(x[3]) else "(end)"
            ss = y[3][k] if k < len(y[3]) else "(end)"
            msg += ": first differing step %d: HoDoKu %s, sudokit %s" % (k + 1, hs, ss)
            key = "%s / %s" % (hs[:4], ss[:4] if ss != "(end)" else ss)
            firsts[key] = firsts.get(key, 0) + 1
        print(msg)
    pct = lambda k: 100.0 * k / n if n else 0.0
    print("total %d puzzles: level equal %d (%.1f%%), score equal %d (%.1f%%), path identical %d (%.1f%%)"
          % (n, lv, pct(lv), sc, pct(sc), same, pct(same)))
    for key, count in sorted(firsts.items(), key=lambda kv: -kv[1])[:10]:
        print("first differing step, HoDoKu / sudokit code: %s: %d" % (key, count))


def main(argv):
    if len(argv) >= 3 and argv[1] == "hodoku":
        write(read_hodoku(argv[2]))
    elif len(argv) >= 4 and argv[1] == "sudokit":
        write(read_sudokit(argv[2], argv[3]))
    elif len(argv) >= 4 and argv[1] == "compare":
        compare(argv[2], argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
