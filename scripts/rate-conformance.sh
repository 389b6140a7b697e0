#!/usr/bin/env bash
# SE rater conformance on the shared data (needs ../shared beside the repo):
#  1. ER/EP/ED against Sudoku Explainer's own ratings (`serate`, SE 1.2.1 technique set, and
#     SukakuExplainer's default set for `--scale sukaku`) of top95 and the first 150 of 17_clue: the share equal to the tenth and within 0.2, the distribution
#     of differences, and the rater's CPU time; fails unless ER, EP and ED all equal SE's to the
#     tenth on every puzzle (README's claim). The example puzzles (both scales, golden nugget
#     included) are checked the same way.
#  2. `sudokit rate --check` on top95 and the first 300 of magictour_top1465: every puzzle rated,
#     every step checked against an engine's solution.
# Usage: bash scripts/rate-conformance.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/prereq.sh
SHARED=../shared/data
for f in se121_top95 se121_17clue_first150 se121_examples se_top95 se_17clue_first150 se_examples; do
    [ -f "$SHARED/ratings/$f.tsv" ] || missing rate-conformance "$SHARED/ratings/$f.tsv is missing"
done
export CARGO_TERM_COLOR=never
cargo build --release --locked -p sudokit --quiet
cargo build --release --locked -p sudokit-logic --example se_compare --quiet
TARGET="${CARGO_TARGET_DIR:-target}"
BIN=$TARGET/release/sudokit

agree() { # FILE SCALE
    local file=$1 scale=$2 out
    echo "== $(basename "$file") (scale $scale)"
    out=$($TARGET/release/examples/se_compare "$file" --scale "$scale" --diffs)
    echo "$out"
    python3 - "$out" <<'PY'
import re, sys
line = next(l for l in sys.argv[1].splitlines() if " puzzles: ER exact " in l)
nums = [float(x) for x in re.findall(r"([0-9.]+)%", line)]
er, er2, ep, ep2, ed, ed2 = nums
bad = [n for n, v in [("ER", er), ("EP", ep), ("ED", ed)] if v < 100.0]
if bad:
    sys.exit("rate-conformance: not equal to SE's on every puzzle: " + ", ".join(bad))
PY
}

agree "$SHARED/ratings/se121_top95.tsv" se121
agree "$SHARED/ratings/se121_17clue_first150.tsv" se121
# The example puzzles (easter monster 11.6, golden nugget 11.9 at nesting level 4, ...).
agree "$SHARED/ratings/se121_examples.tsv" se121
agree "$SHARED/ratings/se_top95.tsv" sukaku
agree "$SHARED/ratings/se_17clue_first150.tsv" sukaku
agree "$SHARED/ratings/se_examples.tsv" sukaku

check() { # FILE TAKE
    local file=$1 take=$2 n ok
    echo "== sudokit rate --check $(basename "$file") (first $take)"
    head -n "$take" "$file" > /tmp/sudokit-rate-in.txt
    n=$(grep -c . /tmp/sudokit-rate-in.txt)
    start=$(date +%s.%N)
    $BIN rate --check -f json -j 2 --no-progress /tmp/sudokit-rate-in.txt > /tmp/sudokit-rate-out.txt || true
    end=$(date +%s.%N)
    ok=$(grep -c '"checked":true' /tmp/sudokit-rate-out.txt || true)
    rated=$(grep -c '"status":"rated"' /tmp/sudokit-rate-out.txt || true)
    echo "$rated of $n rated, $ok checked sound, $(python3 -c "print(round($end-$start,2))") s wall (-j2)"
    if [ "$ok" -ne "$n" ] || [ "$rated" -ne "$n" ]; then
        echo "rate-conformance: not every puzzle of $(basename "$file") was rated and checked" >&2
        grep -v '"checked":true' /tmp/sudokit-rate-out.txt | head -5 >&2
        exit 1
    fi
}

check "$SHARED/9x9/top95.txt" 95
check "$SHARED/9x9/magictour_top1465.txt" 300

echo "== speed: sudokit rate top95, one thread"
TIMEFORMAT="%U s user, %R s wall"
time $BIN rate -j 1 --no-progress "$SHARED/9x9/top95.txt" > /dev/null
