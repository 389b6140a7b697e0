#!/usr/bin/env bash
# Runs sudokit's `fast` engine and the peer harness (the `sudoku` crate, measured by
# ../shared/tools/peer-bench) on the same puzzle files back to back, and prints the ratio
# ours/peer of puzzles per second (best pass by thread CPU time) per dataset and mode.
#
# Usage: scripts/bench-vs-peer.sh [FILE...]      (default: the 17_clue, magictour_top1465 and
#        REPEAT=3 scripts/bench-vs-peer.sh ...    forum_hardest_1905_11plus sets)
# REPEAT=N runs each pair N times and keeps each side's best figure (the machine is shared
# and noisy). sudokit is driven through the `bench` example of crates/bench, which uses the
# same library as `sudokit bench`.
#
# TDOKU=/path/to/tdoku-bench adds tdoku (C++, https://github.com/t-dillon/tdoku) to the same
# run: the path is a driver built from scripts/tdoku-bench.cc against a tdoku checkout in a
# scratch folder (docs/bench.md, "sudokit beside tdoku"). The table then gains the columns
# tdoku/s, ours/tdoku and tdoku's guesses per puzzle. Without TDOKU the script needs nothing
# but the peer harness and cargo (CI never builds tdoku).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shared="$(cd "$root/../shared" 2>/dev/null && pwd)" || {
    echo "bench-vs-peer: $root/../shared not found" >&2
    exit 2
}
repeat="${REPEAT:-1}"
peer_target="${PEER_TARGET_DIR:-/tmp/peer-bench-target}"
our_target="${CARGO_TARGET_DIR:-$root/target}"
tdoku="${TDOKU:-}"
if [ -n "$tdoku" ] && [ ! -x "$tdoku" ]; then
    echo "bench-vs-peer: TDOKU=$tdoku is not an executable (build scripts/tdoku-bench.cc)" >&2
    exit 2
fi

if [ "$#" -gt 0 ]; then
    files=("$@")
else
    files=("$shared/data/9x9/17_clue.txt" "$shared/data/9x9/magictour_top1465.txt"
        "$shared/data/9x9/forum_hardest_1905_11plus.txt")
fi

echo "building peer-bench and sudokit (release)..." >&2
cargo build --quiet --release --manifest-path "$shared/tools/peer-bench/Cargo.toml" \
    --target-dir "$peer_target"
(cd "$root" && CARGO_TARGET_DIR="$our_target" cargo build --quiet --release \
    -p sudokit-bench --example bench)
peer="$peer_target/release/peer-bench"
ours="$our_target/release/examples/bench"

# Figures name their hardware: the CPU and the search variant `fast` picked on it.
cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)"
echo "CPU: ${cpu:-unknown}; fast runs its $("$ours" --variant) variant (SUDOKIT_FAST_ISA=${SUDOKIT_FAST_ISA:-unset})"

max() { awk -v a="$1" -v b="$2" 'BEGIN { print (a > b ? a : b) }'; }
# field TSV MODE COLUMN: a column of the row of MODE in the tab-separated output of the
# `bench` example or of tdoku-bench (file, mode, puzzles/s, us/puzzle, guesses/puzzle).
field() { echo "$1" | awk -F'\t' -v m="$2" -v c="$3" '$2 == m { print $c }'; }

if [ -n "$tdoku" ]; then
    printf '%-32s %-7s %12s %12s %7s %10s %12s %11s %10s\n' dataset mode "ours/s" "peer/s" \
        ratio "guesses" "tdoku/s" "ours/tdoku" "t.guesses"
else
    printf '%-32s %-7s %12s %12s %7s %10s\n' dataset mode "ours/s" "peer/s" ratio "guesses"
fi
for f in "${files[@]}"; do
    name="$(basename "$f")"
    best_p1=0 best_p2=0 best_o1=0 best_o2=0 g1=0 g2=0
    best_t1=0 best_t2=0 tg1=0 tg2=0
    for _ in $(seq "$repeat"); do
        # peer row: | name | puzzles | s1 wall | s1 cpu | us | uc wall | uc cpu | us | ...
        row="$("$peer" bench "$f" | grep -F "| $name |")"
        p1="$(echo "$row" | awk -F'|' '{ gsub(/ /, "", $5); print $5 }')"
        p2="$(echo "$row" | awk -F'|' '{ gsub(/ /, "", $8); print $8 }')"
        # ours: file, mode, puzzles/s, us/puzzle, guesses/puzzle
        tsv="$("$ours" --format tsv --mode first --mode unique "$f")"
        o1="$(field "$tsv" first 3)" o2="$(field "$tsv" unique 3)"
        g1="$(field "$tsv" first 5)" g2="$(field "$tsv" unique 5)"
        best_p1="$(max "$best_p1" "$p1")" best_p2="$(max "$best_p2" "$p2")"
        best_o1="$(max "$best_o1" "$o1")" best_o2="$(max "$best_o2" "$o2")"
        if [ -n "$tdoku" ]; then
            tsv="$("$tdoku" --mode first --mode unique "$f")"
            t1="$(field "$tsv" first 3)" t2="$(field "$tsv" unique 3)"
            tg1="$(field "$tsv" first 5)" tg2="$(field "$tsv" unique 5)"
            best_t1="$(max "$best_t1" "$t1")" best_t2="$(max "$best_t2" "$t2")"
        fi
    done
    for m in first unique; do
        if [ "$m" = first ]; then
            o=$best_o1 p=$best_p1 g=$g1 t=$best_t1 tg=$tg1
        else
            o=$best_o2 p=$best_p2 g=$g2 t=$best_t2 tg=$tg2
        fi
        if [ -n "$tdoku" ]; then
            awk -v n="$name" -v m="$m" -v o="$o" -v p="$p" -v g="$g" -v t="$t" -v tg="$tg" \
                'BEGIN { printf "%-32s %-7s %12.0f %12.0f %6.2fx %10s %12.0f %10.2fx %10s\n",
                         n, m, o, p, o / p, g, t, o / t, tg }'
        else
            awk -v n="$name" -v m="$m" -v o="$o" -v p="$p" -v g="$g" \
                'BEGIN { printf "%-32s %-7s %12.0f %12.0f %6.2fx %10s\n", n, m, o, p, o / p, g }'
        fi
    done
done
