#!/usr/bin/env python3
"""How far each tier of human-style techniques gets on a puzzle set.

Runs `sudokit explain --format json --techniques LIST` once per tier (HoDoKu's default set,
cut at a point of HoDoKu's order) and prints, as a Markdown table row per file, the share of
puzzles each tier solves on its own:

  singles        full house, naked and hidden single
  + subsets      + locked candidates (pointing, claiming), locked pairs/triples, naked and
                 hidden pairs, triples, quads
  + chains       + every default technique up to grouped AIC in HoDoKu's order: fish,
                 finned fish, single-digit patterns, wings, remote pairs, uniqueness (BUG+1
                 among them), colours, aligned pair exclusion, Sue de Coq, X-/XY-chains,
                 nice loops, AIC
  + ALS, Franken + ALS-XZ, ALS-XY-wing, ALS-XY-chain, Franken fish (all default techniques
                 but forcing chains, forcing nets and the explained guess)
  all            everything on by default (forcing chains and nets, then the guess)

Usage: logic-shares.py SUDOKIT FILE [TAKE] [FILE [TAKE] ...]   (TAKE: the first TAKE lines, for
       files of one puzzle per line)

Exits non-zero if a run fails, if the tiers answer for different numbers of records (or none),
or if the full set leaves a puzzle unsolved.
"""

import json
import os
import subprocess
import sys
import tempfile
import time


def techniques(sudokit):
    out = subprocess.run(
        [sudokit, "techniques", "--format", "json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def tiers(table):
    on = [t for t in table if t["default"]]
    ids = lambda pred: ",".join(t["id"] for t in on if pred(t))  # noqa: E731
    last_chain = [t["hodoku_order"] for t in table if t["id"] == "grouped-aic"]
    if len(last_chain) != 1:
        sys.exit("logic-shares: `sudokit techniques` lists no grouped-aic")
    return [
        ("singles", ids(lambda t: t["family"] == "singles")),
        ("+ subsets", ids(lambda t: t["family"] in ("singles", "subsets", "intersections"))),
        ("+ chains", ids(lambda t: t["hodoku_order"] <= last_chain[0])),
        ("+ ALS, Franken", ids(lambda t: t["family"] not in ("forcing", "guess"))),
        ("all", ids(lambda t: True)),
    ]


def solved_share(sudokit, path, techs):
    # Exit status 1 only says some record was not solved (stuck), which is what is counted.
    run = subprocess.run(
        [sudokit, "explain", "--format", "json", "--techniques", techs, path],
        capture_output=True, text=True,
    )
    if run.returncode not in (0, 1):
        sys.exit(f"logic-shares: explain failed ({run.returncode}): {run.stderr.strip()}")
    out = run.stdout
    status = [json.loads(line)["status"] for line in out.splitlines() if line.strip()]
    return sum(s == "solved" for s in status), len(status)


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    sudokit, rest = args[0], args[1:]
    table = tiers(techniques(sudokit))
    print("| set | puzzles | " + " | ".join(name for name, _ in table) + " |")
    print("|---|---:|" + "---:|" * len(table))
    i, failed = 0, False
    while i < len(rest):
        path = rest[i]
        take = None
        if i + 1 < len(rest) and rest[i + 1].isdigit() and not os.path.exists(rest[i + 1]):
            take = int(rest[i + 1])
            if take < 1:
                sys.exit("logic-shares: TAKE must be at least 1")
            i += 1
        i += 1
        with open(path) as fh:
            lines = [l for l in fh if l.strip()]
        if take is not None:
            lines = lines[:take]
        cells, totals = [], set()
        start = time.time()
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as tmp:
            pass
        try:
            with open(tmp.name, "w") as fh:
                fh.writelines(lines)
            for _, techs in table:
                solved, total = solved_share(sudokit, tmp.name, techs)
                totals.add(total)
                cells.append(f"{100.0 * solved / max(total, 1):.1f}%")
        finally:
            os.unlink(tmp.name)
        # Every record gives one output record, whatever the tier: the counts must agree.
        if len(totals) != 1 or 0 in totals:
            sys.exit(f"logic-shares: {path}: the tiers answered for {sorted(totals)} records")
        name = path.rsplit("/", 1)[-1] + (f" (first {take})" if take else "")
        print(f"| {name} | {total} | " + " | ".join(cells) + " |", flush=True)
        print(f"  ({time.time() - start:.0f} s)", file=sys.stderr)
        if solved != total:
            print(f"  {total - solved} of {total} left unsolved by the full set", file=sys.stderr)
            failed = True
    if failed:
        sys.exit("logic-shares: the full technique set left puzzles unsolved")


if __name__ == "__main__":
    main()
