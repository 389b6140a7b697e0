#!/usr/bin/env bash
# SE rater conformance on the shared data (needs ../shared beside the repo):
#  1. ER/EP/ED against Sudoku Explainer's own ratings (`serate`, SE 1.2.1 technique set, and
#     SukakuExplainer's default set for `--scale sukaku`) of top95 and the first 150 of 17_clue: the share equal to the tenth and within 0.2, the distribution
#     of differences, and the rater's CPU time; fails below 90% exact or 95% within 0.2. The
#     example puzzles (SE 1.2.1 set, golden nugget included) are checked the same way.
#  2. `sudokit rate --check` on top95 and the first 300 of magictour_top1465: every puzzle rated,
#     every step checked against an engine's solution.
# Usage: bash scripts/rate-conformance.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=../shared/data
if [ ! -d "$SHARED/ratings" ]; then
    echo "rate-conformance: $SHARED/ratings is missing; nothing to check" >&2
    exit 0
fi
export CARGO_TERM_COLOR=never
cargo build --release --locked -p sudokit --quiet
cargo build --release --locked -p sudokit-logic --example se_compare --quiet
TARGET="${CARGO_TARGET_DIR:-target}"
BIN=$TARGET/release/sudokit

agree() { # FILE SCALE
    local file=$1 scale=$2 out
    echo "== $(basename "$file") (scale $scale)"
    out=$($TARGET/release/examples/se_compare "$file" --scale "$scale")
    echo "$out"
    python3 - "$out" <<'PY'
import re, sys
line = sys.argv[1].splitlines()[0]
nums = [float(x) for x in re.findall(r"([0-9.]+)%", line)]
er, er2, ep, ep2, ed, ed2 = nums
bad = [n for n, v, lim in [("ER", er, 90), ("ER±0.2", er2, 95), ("EP", ep, 90), ("EP±0.2", ep2, 95), ("ED", ed, 90), ("ED±0.2", ed2, 95)] if v < lim]
if bad:
    sys.exit("rate-conformance: below target: " + ", ".join(bad))
PY
}

agree "$SHARED/ratings/se121_top95.tsv" se121
agree "$SHARED/ratings/se121_17clue_first150.tsv" se121
# The example puzzles (easter monster 11.6, golden nugget 11.9 at nesting level 4, ...).
if [ -f "$SHARED/ratings/se121_examples.tsv" ]; then
    agree "$SHARED/ratings/se121_examples.tsv" se121
fi
agree "$SHARED/ratings/se_top95.tsv" sukaku
agree "$SHARED/ratings/se_17clue_first150.tsv" sukaku

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
