#!/usr/bin/env bash
# Compares the CPU time of two builds on one command, for machines whose speed drifts (shared
# VMs): the two binaries run alternately, ROUNDS times each, and the user CPU seconds of each
# are summarised as median, min and max, with the median ratio B / A. Alternating keeps a slow
# stretch of the machine from landing on one side only.
#
#   scripts/ab.sh OLD_BINARY NEW_BINARY ROUNDS ARGS...
#   scripts/ab.sh /tmp/sudokit-old target/release/sudokit 8 generate -n 50000 --seed 1 -j 1
#
# Each run's output is discarded; the script stops with the failing run's status when a run
# fails. Needs /usr/bin/time (Debian package `time`) and python3.
set -euo pipefail
if [ $# -lt 4 ]; then
    sed -n '2,11p' "$0" >&2
    exit 2
fi
a=$1
b=$2
rounds=$3
shift 3
[ -x /usr/bin/time ] || { echo "ab.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
times=$(mktemp)
trap 'rm -f "$times" "$times.one"' EXIT
run() {
    local side=$1 bin=$2
    shift 2
    if ! /usr/bin/time -f "$side %U" -o "$times.one" "$bin" "$@" >/dev/null 2>&1; then
        echo "ab.sh: $bin $* failed" >&2
        exit 1
    fi
    cat "$times.one" >>"$times"
}
for _ in $(seq "$rounds"); do
    run A "$a" "$@"
    run B "$b" "$@"
done
python3 - "$times" "$a" "$b" <<'EOF'
import statistics
import sys

runs = {"A": [], "B": []}
with open(sys.argv[1]) as f:
    for line in f:
        side, seconds = line.split()
        runs[side].append(float(seconds))
for side, name in (("A", sys.argv[2]), ("B", sys.argv[3])):
    t = runs[side]
    print(f"{side} {name}: median {statistics.median(t):.3f} s, min {min(t):.3f}, max {max(t):.3f} ({len(t)} runs)")
print(f"B / A (medians): {statistics.median(runs['B']) / statistics.median(runs['A']):.3f}")
EOF
