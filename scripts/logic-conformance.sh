#!/usr/bin/env bash
# Human-style solver conformance on the shared data sets (needs ../shared beside the repo):
#  1. HoDoKu's regression library through the techniques' find-all mode: pass rate per code;
#     fails unless all 76 codes are implemented and at least 97.9% of all 1,112 lines pass
#     (README's figures; a line of an unimplemented code counts as failed).
#  2. `sudokit explain --check` on the shared hard sets: every puzzle solved, every step checked
#     against an engine's solution (a placement equals it, an elimination never removes it).
#  3. (full run) the share of 17-clue, top1465 and top95 puzzles that singles, + subsets, +
#     chains, + ALS and Franken fish, and every technique solve (scripts/logic-shares.py).
# Usage: bash scripts/logic-conformance.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/prereq.sh
SHARED=../shared/data
for f in "$SHARED/hodoku/reglib-1.3.txt" "$SHARED"/9x9/{top95,magictour_top1465,17_clue,top2365,forum_hardest_1905_11plus}.txt; do
    [ -f "$f" ] || missing logic-conformance "$f is missing"
done
export CARGO_TERM_COLOR=never
# Two builds: naming an example would otherwise build only that target, not the binary.
cargo build --release --locked -p sudokit --quiet
cargo build --release --locked -p sudokit-logic --example reglib --quiet
TARGET="${CARGO_TARGET_DIR:-target}"
BIN=$TARGET/release/sudokit

echo "== HoDoKu regression library (reglib-1.3)"
$TARGET/release/examples/reglib "$SHARED/hodoku/reglib-1.3.txt" | tee /tmp/sudokit-reglib.txt
python3 - <<'PY' || exit 1
import re, sys
text = open('/tmp/sudokit-reglib.txt').read()
m = re.search(r"codes implemented: (\d+) of (\d+); lines: (\d+)/(\d+) passed", text)
if not m:
    sys.exit("logic-conformance: no summary line from the reglib example")
impl, codes, passed, lines = map(int, m.groups())
if (impl, codes) != (76, 76):
    sys.exit(f"logic-conformance: {impl} of {codes} reglib codes implemented; README claims 76 of 76")
if lines != 1112 or passed * 1000 < lines * 979:
    sys.exit(f"logic-conformance: reglib {passed}/{lines} lines pass; README claims 1,089 of 1,112 (97.9%)")
PY

check() { # FILE TAKE
    local file=$1 take=$2
    echo "== explain --check: $(basename "$file") (first $take)"
    head -n "$take" "$file" > /tmp/sudokit-explain-in.txt
    local start=$SECONDS
    "$BIN" explain --check -f json /tmp/sudokit-explain-in.txt > /tmp/sudokit-explain-out.json
    python3 - "$take" "$((SECONDS - start))" <<'PY'
import json, sys, collections
take, secs = int(sys.argv[1]), int(sys.argv[2])
status, techs, guessed = collections.Counter(), collections.Counter(), 0
for line in open('/tmp/sudokit-explain-out.json'):
    v = json.loads(line)
    status[v['status']] += 1
    assert v.get('checked') is True, v.get('error')
    used = {s['technique'] for s in v['steps']}
    guessed += 'guess' in used
    techs.update(used)
n = sum(status.values())
assert n == take, f'{n} records for {take} puzzles'
assert status['solved'] == n, dict(status)
print(f'  {n} puzzles solved and checked in {secs} s; trial and error needed in {guessed}')
print('  puzzles using each technique:', ', '.join(f'{t} {c}' for t, c in techs.most_common()))
PY
}
if [ "${1:-}" = "--quick" ]; then
    check "$SHARED/9x9/top95.txt" 95
else
    check "$SHARED/9x9/top95.txt" 95
    check "$SHARED/9x9/magictour_top1465.txt" 1465
    check "$SHARED/9x9/17_clue.txt" 3000
    check "$SHARED/9x9/top2365.txt" 500
    check "$SHARED/9x9/forum_hardest_1905_11plus.txt" 300
    echo "== share of puzzles each tier of techniques solves (scripts/logic-shares.py)"
    python3 scripts/logic-shares.py "$BIN" "$SHARED/9x9/17_clue.txt" \
        "$SHARED/9x9/magictour_top1465.txt" "$SHARED/9x9/top95.txt"
fi
echo "logic-conformance: ok"
