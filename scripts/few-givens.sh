#!/usr/bin/env bash
# Seed 002's few-givens table, measured: for each of the article's seven symmetry classes, the
# fewest givens among the 9x9 puzzles `sudokit generate` makes in a fixed budget per class on one
# core (plain generation: orbit-wise removal from a random grid, no targeted search).
# Usage: bash scripts/few-givens.sh [BUDGET]   (default 60s per class; docs/generate.md has 600s and 60s)
set -euo pipefail
cd "$(dirname "$0")/.."
budget="${1:-60s}"
bin="${CARGO_TARGET_DIR:-target}/release/sudokit"
[ -x "$bin" ] || cargo build --release -p sudokit
printf '%-12s %8s %8s %s\n' class puzzles fewest "histogram (givens:count, lowest five)"
for s in vertical orthogonal rot180 rot90 diagonal bidiagonal full; do
    # Exit code 1 is expected: the run ends on its budget before the (huge) count is reached.
    { "$bin" generate -n 1000000000 --symmetry "$s" --seed 2026 -j 1 --total-budget "$budget" \
        -f line --no-progress 2>/dev/null || true; } | awk '{print gsub(/[1-9]/, "")}' | sort -n | uniq -c \
        | awk -v s="$s" '{n += $1; if (NR == 1) f = $2; if (NR <= 5) h = h " " $2 ":" $1}
                         END {printf "%-12s %8d %8s%s\n", s, n, f, h}'
done
