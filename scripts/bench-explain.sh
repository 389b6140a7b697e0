#!/usr/bin/env bash
# Throughput of `sudokit explain` (release, one thread, JSON output to /dev/null), against the
# targets of issue 8, and the ceiling the technique order leaves: the time of the searches that
# found the steps alone, as if every search that found nothing were free.
#
# Usage: scripts/bench-explain.sh [SHARED_DATA_DIR]   (default ../shared/data)
# Environment:
#   SUDOKIT=PATH  a sudokit binary to measure (default: build this checkout's release binary)
#   REPEAT=N      runs each file N times and keeps the fastest by CPU time (default 3)
#
# Prints, per file: puzzles, best CPU seconds, puzzles/s, and for top1465 the share of the
# 2,000/s target; the median and mean of the first 300 of forum_hardest's per-record `micros`
# (the wall time of each path's own solve, without levels and output) against its 20 ms target;
# and tprofile's line for the found steps alone on top1465 (built from this checkout). Files
# under SHARED_DATA_DIR that are not there are skipped; the repo's own copy of magictour_top1465
# (data/sets) is always measured.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shared="${1:-$root/../shared/data}"
repeat="${REPEAT:-3}"
case "$repeat" in '' | *[!0-9]* | 0) echo "REPEAT must be a whole number of at least 1" >&2; exit 2 ;; esac
cd "$root"

if [ -z "${SUDOKIT:-}" ]; then
    cargo build --release --locked -q -p sudokit
    SUDOKIT="${CARGO_TARGET_DIR:-$root/target}/release/sudokit"
fi
cargo build --release --locked -q -p sudokit-logic --example tprofile
tprofile="${CARGO_TARGET_DIR:-$root/target}/release/examples/tprofile"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Best CPU seconds (user + system) of `explain -j1 -f json FILE` over REPEAT runs.
best_cpu() {
    local best="" t
    for _ in $(seq "$repeat"); do
        /usr/bin/time -f "%U %S" -o "$tmp/time" "$SUDOKIT" explain -j1 -f json "$1" > "$tmp/out.json"
        t="$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/time")"
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best="$t"
        fi
    done
    echo "$best"
}

printf '%-32s %8s %9s %11s %11s\n' file puzzles "cpu s" "puzzles/s" "of 2,000/s"
for file in data/sets/magictour_top1465.txt "$shared/9x9/top95.txt" "$shared/9x9/17_clue.txt"; do
    [ -f "$file" ] || continue
    input="$file"
    if [ "$(basename "$file")" = 17_clue.txt ]; then
        head -3000 "$file" > "$tmp/17_clue-3000.txt"
        input="$tmp/17_clue-3000.txt"
    fi
    n="$(grep -cv '^\s*\(#\|$\)' "$input")"
    s="$(best_cpu "$input")"
    awk -v f="$(basename "$input")" -v n="$n" -v s="$s" 'BEGIN {
        share = (f == "magictour_top1465.txt") ? sprintf("%10.1f%%", 100 * n / s / 2000) : sprintf("%11s", "-")
        printf "%-32s %8d %9.2f %11.0f %s\n", f, n, s, n / s, share
    }'
done

forum="$shared/9x9/forum_hardest_1905_11plus.txt"
if [ -f "$forum" ]; then
    head -300 "$forum" > "$tmp/forum-300.txt"
    "$SUDOKIT" explain -j1 -f json "$tmp/forum-300.txt" > "$tmp/forum.json"
    python3 - "$tmp/forum.json" <<'EOF'
import json, statistics, sys
ms = [json.loads(line)["micros"] / 1000 for line in open(sys.argv[1])]
print(f"forum_hardest first 300: median {statistics.median(ms):.1f} ms, mean "
      f"{sum(ms) / len(ms):.1f} ms per puzzle (target: median < 20 ms)")
EOF
fi

"$tprofile" data/sets/magictour_top1465.txt | sed -n 2p
