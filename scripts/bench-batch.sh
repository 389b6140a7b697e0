#!/usr/bin/env bash
# The batch path against the engine: runs `sudokit bench --mode first` and `sudokit solve`
# (output to /dev/null) on the same files and prints, per file, the end-to-end puzzles/s at
# -j1 and at -jN, their share of the engine's figure, the overhead per record outside the
# engine, and the scaling -jN / -j1.
#
# Usage: scripts/bench-batch.sh [FILE...]   (default: 17_clue and forum_hardest_1905_11plus
#                                            from ../shared/data/9x9)
# Environment:
#   REPEAT=N     runs each solve N times and keeps the fastest (default 3; the machine may be
#                shared and noisy)
#   JOBS=N       the wide run's worker count (default: the number of cores)
#   SUDOKIT=PATH a sudokit binary to measure (default: build the release binary of this
#                checkout under CARGO_TARGET_DIR or target/)
#   BASELINE=PATH another sudokit binary (e.g. main's) measured in the same runs, each of its
#                runs interleaved with one of SUDOKIT's, so both see the same machine; a row
#                per binary
#   STREAM=K     also pipe each file K times through `sudokit solve` (a stream of K x its
#                records through standard input) and print the maximum resident memory
#                (needs GNU time at /usr/bin/time)
#
# Figures: engine/s is `sudokit bench --mode first` (best pass by CPU time, one thread);
# -j1/s and -jN/s are records / wall seconds of the whole command, start-up included; cpu j1/s
# is records / CPU seconds (user + system, every thread: the reader's too) of the -j1 run,
# which a busy machine disturbs far less than wall time; "ovh us" is the CPU overhead per
# record outside the engine, 1e6 * (1 / (cpu j1/s) - 1 / (engine/s)). "split/s" is what the
# machine itself gives: the file cut into JOBS parts, each solved by its own `solve -j1`
# process at the same time (no sharing at all between them); "jN/split" is the -jN run against
# that, so a figure near 1.00 says the batch path loses nothing to scheduling, and the gap
# between jN/j1 and JOBS is the machine's (shared caches, clocks, neighbours on a VM).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repeat="${REPEAT:-3}"
jobs="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
stream="${STREAM:-0}"

if [ "$#" -gt 0 ]; then
    files=("$@")
else
    shared="$(cd "$root/../shared" 2>/dev/null && pwd)" || {
        echo "bench-batch: no FILE given and $root/../shared not found" >&2
        exit 2
    }
    files=("$shared/data/9x9/17_clue.txt" "$shared/data/9x9/forum_hardest_1905_11plus.txt")
fi

if [ -n "${SUDOKIT:-}" ]; then
    bin="$SUDOKIT"
else
    echo "building sudokit (release)..." >&2
    (cd "$root" && cargo build --quiet --release -p sudokit --bin sudokit)
    bin="${CARGO_TARGET_DIR:-$root/target}/release/sudokit"
fi

bins=("$bin")
if [ -n "${BASELINE:-}" ]; then
    bins=("$BASELINE" "$bin")
fi

# best JOBS FILE: per binary of $bins, a line "WALL CPU": the least wall seconds and the
# least CPU seconds (user + system, all threads) of $repeat runs of `sudokit solve -jJOBS
# FILE`; the binaries take turns run by run.
best() {
    local runs="" t b
    for _ in $(seq "$repeat"); do
        for b in "${!bins[@]}"; do
            t="$({ TIMEFORMAT='%R %U %S'; time "${bins[$b]}" solve --no-progress -j"$1" "$2" \
                >/dev/null || [ "$?" -eq 1 ]; } 2>&1 | tail -1)"
            runs+="$b $t"$'\n'
        done
    done
    echo -n "$runs" | awk '!($1 in w) || $2 < w[$1] { w[$1] = $2 }
        !($1 in c) || $3 + $4 < c[$1] { c[$1] = $3 + $4 }
        END { for (b = 0; b in w; b++) print w[b], c[b] }'
}

# split FILE: the least wall seconds of $repeat runs of JOBS `solve -j1` processes at once,
# each on its own part of FILE (the last binary of $bins).
split_best() {
    local dir t best=""
    dir="$(mktemp -d)"
    split -n "l/$jobs" "$1" "$dir/part."
    for _ in $(seq "$repeat"); do
        t="$({ TIMEFORMAT='%R'; time {
            for part in "$dir"/part.*; do
                "$bin" solve --no-progress -j1 "$part" >/dev/null &
            done
            wait
        }; } 2>&1 | tail -1)"
        best="$(awk -v a="$t" -v b="$best" 'BEGIN { print (b == "" || a < b) ? a : b }')"
    done
    rm -rf "$dir"
    echo "$best"
}

printf '%-30s %-8s %7s %9s %9s %7s %9s %7s %8s %9s %8s %9s %9s\n' file binary records \
    "engine/s" "-j1/s" "j1/eng" "cpu j1/s" "cpu/eng" "ovh us" "-j$jobs/s" "j$jobs/j1" \
    "split/s" "j$jobs/split"
for f in "${files[@]}"; do
    name="$(basename "$f")"
    records="$(grep -cv '^[[:space:]]*\(#.*\)\?$' "$f")"
    # The engine's figure, from the last binary (the one measured).
    engine="$("$bin" bench --mode first -f json "$f" |
        grep -o '"puzzles_per_sec": [0-9.e+]*' | head -1 | awk '{ print $2 }')"
    mapfile -t one < <(best 1 "$f")
    mapfile -t wide < <(best "$jobs" "$f")
    ws="$(split_best "$f")"
    for b in "${!bins[@]}"; do
        label="$([ "${#bins[@]}" -gt 1 ] && [ "$b" -eq 0 ] && echo baseline || echo measured)"
        read -r w1 c1 <<<"${one[$b]}"
        read -r wn _ <<<"${wide[$b]}"
        awk -v n="$name" -v l="$label" -v r="$records" -v e="$engine" -v w1="$w1" -v c1="$c1" \
            -v wn="$wn" -v ws="$ws" 'BEGIN {
            s1 = r / w1; sc = r / c1; sn = r / wn; ss = r / ws
            printf "%-30s %-8s %7d %9.0f %9.0f %6.0f%% %9.0f %6.0f%% %8.2f %9.0f %7.2fx %9.0f %8.2fx\n",
                n, l, r, e, s1, 100 * s1 / e, sc, 100 * sc / e, 1e6 * (1 / sc - 1 / e), sn,
                sn / s1, ss, sn / ss }'
    done
    if [ "$stream" -gt 0 ]; then
        for b in "${bins[@]}"; do
            rss="$(for _ in $(seq "$stream"); do cat "$f"; done |
                /usr/bin/time -f '%M' "$b" solve --no-progress -j"$jobs" 2>&1 >/dev/null |
                tail -1)"
            echo "  $b: stream of $stream x $name ($((stream * records)) records) through" \
                "stdin, -j$jobs: max RSS ${rss} KiB"
        done
    fi
done
