#!/usr/bin/env bash
# The solution grids of Royle's 17-clue list ordered by how many 17s each holds (most first):
# one line per essentially different grid, "COUNT PUZZLE MINLEX-GRID", PUZZLE the grid's first
# 17 in the list. The few-givens hitting runs of docs/generate.md (issue 44, "Grids rich in
# 17s") read the second column: `awk '{print $2}' OUT > rich17.txt`.
# Usage: bash scripts/rich-17-grids.sh [SEVENTEENS] > OUT   (default ../shared/data/9x9/17_clue.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
list="${1:-../shared/data/9x9/17_clue.txt}"
[ -f "$list" ] || { echo "rich-17-grids.sh: no 17-clue list at $list" >&2; exit 2; }
bin="${CARGO_TARGET_DIR:-target}/ci/sudokit"
[ -x "$bin" ] || cargo build --profile ci -p sudokit >&2
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$bin" solve --no-progress "$list" > "$tmp/solutions"
"$bin" canon --no-progress "$tmp/solutions" > "$tmp/forms"
# Ties (grids with equally many 17s) in minlex order, so the order is fixed.
paste -d' ' "$tmp/forms" <(grep -v '^\s*$' "$list" | awk '{print $1}') \
    | awk '{c[$1]++; if (!($1 in p)) p[$1] = $2} END {for (k in c) print c[k], p[k], k}' \
    | sort -k1,1nr -k3,3
