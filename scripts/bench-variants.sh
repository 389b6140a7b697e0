#!/usr/bin/env bash
# Peer benchmark on the published variant puzzles (data/variants/puzzles.txt): sudokit's rule
# engines against sigh's Interactive Sudoku Solver (JavaScript, run under node), counting to 2
# (solve and prove unique) per puzzle. Prints per-puzzle times and the ratio peer / sudokit.
#
#   bash scripts/bench-variants.sh [ISS_DIR]
#
# ISS_DIR (or $ISS_DIR) is a checkout of https://github.com/sigh/Interactive-Sudoku-Solver
# outside this repository (git clone it; only js/, tests/helpers/ and package.json are used).
# The peer is run in-process with its own SimpleSolver (`countSolutions(constraints, 2)`: build
# plus search, one thread, the best of $REPEAT runs after warm-up), on constraint strings that
# scripts/bench-variants-peer.mjs converts from the f-puzzles JSON sudokit writes; puzzles with
# a rule the converter does not translate are listed as skipped, and a puzzle the peer does not
# count as unique is flagged (a suspect conversion, left out of the summary). sudokit is timed
# by its own per-record clock (`solve --count -f json`, stats.micros: model building plus
# search, one thread), the best of $REPEAT runs; $ENGINES (default "auto sat cp") are each
# timed, and the ratio is taken on `auto` (the engine a user gets) when it is listed, else on
# the fastest; a puzzle over $BUDGET (default 10s) a run is shown as `-`. The summary names the
# CPU and the load average, which decides how far the times can be trusted. $SUDOKIT names the binary (default: built with the `ci` profile).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/prereq.sh

ISS_DIR=${1:-${ISS_DIR:-../Interactive-Sudoku-Solver}}
REPEAT=${REPEAT:-3}
ENGINES=${ENGINES:-"auto sat cp"}
BUDGET=${BUDGET:-10s}
PUZZLES=data/variants/puzzles.txt

if [ ! -f "$ISS_DIR/js/sandbox/simple_solver.js" ]; then
    missing bench-variants "the peer is not at $ISS_DIR: git clone \
https://github.com/sigh/Interactive-Sudoku-Solver there, or pass its path"
fi
command -v node >/dev/null || missing bench-variants "node is not installed"

if [ -z "${SUDOKIT:-}" ]; then
    cargo build -q -p sudokit --profile ci
    SUDOKIT=target/ci/sudokit
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$SUDOKIT" solve -e sat -f fpuzzles "$PUZZLES" >"$work/puzzles.ndjson"
"$SUDOKIT" solve -e sat --count -f json "$PUZZLES" \
    | python3 -c 'import json,sys; [print((r := json.loads(l))["label"] or "line %d" % r["line"]) for l in sys.stdin]' \
    >"$work/titles"
node scripts/bench-variants-peer.mjs "$ISS_DIR" "$work/puzzles.ndjson" "$REPEAT" >"$work/peer"
for e in $ENGINES; do
    for i in $(seq "$REPEAT"); do
        "$SUDOKIT" solve --count -j 1 --budget "$BUDGET" -e "$e" -f json "$PUZZLES" \
            >"$work/$e.$i" || true
    done
done

python3 - "$work" "$REPEAT" $ENGINES <<'EOF'
import json, statistics, sys
work, repeat, engines = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
titles = open(f"{work}/titles").read().splitlines()
peer = [l.split("\t") for l in open(f"{work}/peer").read().splitlines()]
best = {}
for e in engines:
    runs = []
    for i in range(1, repeat + 1):
        recs = [json.loads(l) for l in open(f"{work}/{e}.{i}") if l.strip()]
        runs.append(recs)
    best[e] = []
    for k in range(len(titles)):
        recs = [r[k] for r in runs if k < len(r)]
        ok = all(r.get("count") == 1 and r.get("exact") for r in recs)
        ms = min(r["stats"]["micros"] for r in recs) / 1000 if ok else None
        best[e].append(ms)
head = f"{'puzzle':40} {'peer ms':>9} " + " ".join(f"{e + ' ms':>9}" for e in engines) + f" {'ratio':>7}"
print(head)
ratios, skipped, suspect, sudo_all = [], [], [], []
for k, title in enumerate(titles):
    p = peer[k] if k < len(peer) else ["skip", "no peer output"]
    ours = [best[e][k] for e in engines]
    valid = [x for x in ours if x is not None]
    fastest = min(valid) if valid else None
    if "auto" in engines:
        fastest = ours[engines.index("auto")]
    if fastest is not None:
        sudo_all.append(fastest)
    cols = " ".join(f"{x:9.2f}" if x is not None else f"{'-':>9}" for x in ours)
    if p[0] == "skip":
        skipped.append((title, p[1]))
        print(f"{title[:40]:40} {'skip':>9} {cols} {'-':>7}  ({p[1]})")
        continue
    pms, pcount = float(p[0]), p[1]
    if pcount != "1" or fastest is None:
        suspect.append((title, pcount))
        print(f"{title[:40]:40} {pms:9.2f} {cols} {'-':>7}  (peer count {pcount})")
        continue
    ratio = pms / fastest
    ratios.append(ratio)
    print(f"{title[:40]:40} {pms:9.2f} {cols} {ratio:7.2f}")
print()
if sudo_all:
    which = "auto" if "auto" in engines else f"faster of {', '.join(engines)}"
    print(f"sudokit ({which}): {len(sudo_all)} of {len(titles)} unique; "
          f"median {statistics.median(sudo_all):.2f} ms, max {max(sudo_all):.2f} ms")
if ratios:
    geo = statistics.geometric_mean(ratios)
    print(f"peer / sudokit on {len(ratios)} puzzles both count: median {statistics.median(ratios):.1f}x, "
          f"geometric mean {geo:.1f}x, min {min(ratios):.1f}x, max {max(ratios):.1f}x; "
          f"sudokit >= 3x faster on {sum(r >= 3 for r in ratios)}")
import os, platform
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")),
           platform.processor() or "unknown CPU") if os.path.exists("/proc/cpuinfo") else platform.processor()
print(f"machine: {cpu}, {os.cpu_count()} CPUs; load average at the end {os.getloadavg()[0]:.1f} "
      "(times are inflated and noisy when it is above the CPU count)")
for t, why in skipped:
    print(f"skipped (not converted for the peer): {t}: {why}")
for t, c in suspect:
    print(f"left out (peer count {c}, or sudokit did not prove it unique): {t}")
EOF
