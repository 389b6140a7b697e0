#!/usr/bin/env bash
# Compares what two builds of `sudokit` print, command by command, for refactors that must not
# change behaviour: explain, hint, find, rate (both scales), generate (seeded), solve, count,
# check and canon, on the examples shipped in the repository and, when `../shared/data` sits
# beside it, on slices of every shared set (`--full`: the whole of the quicker ones).
#
#   scripts/compare-binaries.sh OLD_BINARY NEW_BINARY [--full] [--only WORD]
#   scripts/compare-binaries.sh /tmp/sudokit-old target/release/sudokit
#
# Standard output and the exit status must be byte-identical; the `micros` and `*_ms` fields
# of JSON records and the `micros` column of TSV tables (wall time) are blanked first.
# Standard error is compared with its timings blanked (numbers followed by a time unit, and
# figures with a decimal point), so a changed message
# still shows. `--only WORD` runs the cases whose name contains WORD. Exit status: 0 when every
# case agrees, 1 when any differs (the first lines of each difference are printed), 2 on usage.
set -uo pipefail
if [ $# -lt 2 ]; then
    sed -n '2,13p' "$0" >&2
    exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
shift 2
full=0
only=""
while [ $# -gt 0 ]; do
    case $1 in
        --full) full=1 ;;
        --only) only=$2; shift ;;
        *) echo "compare-binaries.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
for b in "$old" "$new"; do
    [ -x "$b" ] || { echo "compare-binaries.sh: $b is not an executable" >&2; exit 2; }
done
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Both run under the name `sudokit`, so usage lines and messages that name the program agree.
mkdir -p "$work/old" "$work/new"
cp "$old" "$work/old/sudokit"
cp "$new" "$work/new/sudokit"
old=$work/old/sudokit
new=$work/new/sudokit

shared=../shared/data/9x9
# head N FILE: the first N lines (all of them with --full when the set is quick enough).
slice() {
    local n=$1 file=$2 out
    out="$work/slice.$(basename "$file").$n"
    if [ "$full" = 1 ] && [ "${3:-}" = quick ]; then
        cp "$file" "$out"
    else
        head -n "$n" "$file" >"$out"
    fi
    echo "$out"
}

normalise_out() {
    sed -E -e 's/"micros":[0-9.e+-]+/"micros":0/g' -e 's/"([a-z_]+_ms)":[0-9.e+-]+/"\1":0/g' |
        # A TSV table with a `micros` column: that column too.
        awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "micros") m = i }
            m && NF >= m && NR > 1 { $m = 0 } { print }'
}
normalise_err() {
    sed -E -e 's/[0-9]+([.,][0-9]+)? ?(ns|µs|us|ms|s|min|h)\b/T/g' \
        -e 's/[0-9]+\.[0-9]+/F/g' -e 's/[0-9]+(\.[0-9]+)?\/s/R/g'
}

cases=0
diffs=0
# run NAME STDIN_FILE ARGS...   (STDIN_FILE "-" for none)
run() {
    local name=$1 input=$2
    shift 2
    if [ -n "$only" ] && [[ $name != *"$only"* ]]; then
        return
    fi
    cases=$((cases + 1))
    local side bin
    for side in old new; do
        if [ $side = old ]; then bin=$old; else bin=$new; fi
        if [ "$input" = - ]; then
            "$bin" "$@" </dev/null >"$work/$side.out" 2>"$work/$side.err"
        else
            "$bin" "$@" <"$input" >"$work/$side.out" 2>"$work/$side.err"
        fi
        echo "exit $?" >>"$work/$side.out"
        normalise_out <"$work/$side.out" >"$work/$side.o"
        normalise_err <"$work/$side.err" >"$work/$side.e"
    done
    if cmp -s "$work/old.o" "$work/new.o" && cmp -s "$work/old.e" "$work/new.e"; then
        printf 'same  %s\n' "$name"
    else
        diffs=$((diffs + 1))
        printf 'DIFF  %s   (sudokit %s)\n' "$name" "$*"
        diff "$work/old.o" "$work/new.o" | head -n 8 | sed 's/^/      stdout /' | cut -c1-200
        diff "$work/old.e" "$work/new.e" | head -n 6 | sed 's/^/      stderr /' | cut -c1-200
    fi
}

ex=data/examples
lg=data/logic
# --- the examples shipped in the repository ---------------------------------------------
run solve-examples - solve "$ex/puzzles.txt" --no-progress
run solve-examples-json - solve "$ex/puzzles.txt" -f json --no-progress
run solve-examples-pretty - solve "$ex/puzzles.txt" -f pretty --verify --no-progress
run solve-16x16 - solve "$ex/16x16.txt" -f json --no-progress
run solve-25x25 - solve "$ex/25x25.txt" --no-progress
run solve-sizes - solve "$ex/sizes.txt" -f json --no-progress
run solve-jigsaw - solve "$ex/jigsaw.txt" -i jigsaw -f json --no-progress
run solve-x - solve "$ex/x-sudoku.ndjson" -f json --no-progress
run solve-numbers - solve "$ex/worksheet.numbers" -f block --no-progress
run solve-seed-cases - solve data/seed_cases.txt -f csv --no-progress
for e in fast propagate dlx backtrack colour cp sat lp; do
    run "solve-engine-$e" - solve "$ex/puzzles.txt" -e "$e" -f json --no-progress
done
run count-examples - count "$ex/puzzles.txt" -f json --no-progress
run count-limit - count "$ex/puzzles.txt" --limit 3 --no-progress
run engines - engines
run techniques - techniques
run techniques-json - techniques -f json
for f in "$lg"/top95.txt "$lg"/11plus-50.txt "$lg"/17clue-300.txt "$lg"/top1465-200.txt; do
    b=$(basename "$f" .txt)
    run "explain-$b" - explain -f json "$f"
    run "explain-se-$b" - explain -f json --order se "$f"
    run "rate-se121-$b" - rate -f json --no-progress "$f"
    run "rate-sukaku-$b" - rate -f json --scale sukaku --no-progress "$f"
done
run explain-text-top95 - explain "$lg/top95.txt"
run explain-nouniq-top95 - explain -f json --no-uniqueness "$lg/top95.txt"
run explain-check-top95 - explain -f json --check "$lg/top95.txt"
run explain-examples - explain -f json "$ex/puzzles.txt"
run explain-16x16 - explain -f json "$ex/16x16.txt"
run explain-jigsaw - explain -f json -i jigsaw "$ex/jigsaw.txt"
run explain-x - explain -f json "$ex/x-sudoku.ndjson"
run explain-seed-cases - explain -f json data/seed_cases.txt
run explain-techniques-lib - explain -f json "$lg/techniques.txt"
run rate-text-top95 - rate --no-progress "$lg/top95.txt"
run rate-tsv-top95 - rate -f tsv --no-progress "$lg/top95.txt"
run rate-hodoku-top95 - rate -f json --hodoku --no-progress "$lg/top95.txt"
run rate-explain-top95 - rate -f json --explain --no-progress "$lg/top95.txt"
run rate-examples - rate -f json --no-progress "$ex/puzzles.txt"
for l in 1 2 3; do
    run "hint-level$l-top95" - hint -f json --level "$l" "$lg/top95.txt"
    run "hint-text-level$l-top95" - hint --level "$l" "$lg/top95.txt"
done
run hint-examples - hint -f json "$ex/puzzles.txt"
run hint-lib - hint -f json "$lg/techniques.txt"
for t in x-wing skyscraper xy-wing als-xz nice-loop unique-rectangle-1 finned-x-wing forcing-chain; do
    run "find-$t" - find -f json -t "$t" "$lg/top95.txt"
done
run find-text - find -t x-wing "$lg/top95.txt"
run check-top95 - check -f json "$lg/top95.txt"
run check-rate-top95 - check -f json --rate "$lg/top95.txt"
run check-examples - check "$ex/puzzles.txt"
run canon-top95 - canon "$lg/top95.txt"
run canon-dedupe - canon --dedupe --both "$lg/17clue-300.txt"
for s in 1 2 3; do
    run "generate-9x9-$s" - generate -n 20 --seed "$s" -f json -j 1 --no-progress
    run "generate-rot180-$s" - generate -n 10 --seed "$s" --symmetry rot180 -f csv -j 2 --no-progress
done
run generate-6x6 - generate -n 10 --seed 4 --size 6 -f json --no-progress
run generate-16x16 - generate -n 2 --seed 5 --size 16 -f json --no-progress
run generate-jigsaw - generate -n 3 --seed 6 --jigsaw -f json --no-progress
run generate-x - generate -n 3 --seed 7 --extra diagonals -f json --no-progress
run generate-rating - generate -n 3 --seed 8 --rating 4.0..6.0 -f json --no-progress
run generate-level - generate -n 3 --seed 9 --level hard -f json --no-progress
run generate-minimal-pretty - generate -n 2 --seed 10 --minimal -f pretty --no-progress
run generate-stats - generate -n 50 --seed 11 --stats --no-progress
# --- bad input: the same errors, the same exit statuses ---------------------------------
printf '1234\n..\nabc\n%s\n' "$(printf '1%.0s' $(seq 81))" >"$work/bad.txt"
for c in solve count explain hint rate check canon; do
    run "bad-input-$c" "$work/bad.txt" "$c"
done
run bad-flag - solve --jobs 0 "$ex/puzzles.txt"
run bad-generate - generate --size 7 --box 2x3
# --- slices of the shared sets ----------------------------------------------------------
if [ -d "$shared" ]; then
    run shared-solve-17 - solve "$(slice 20000 "$shared/17_clue.txt" quick)" -f csv --no-progress
    run shared-solve-11plus - solve "$(slice 5000 "$shared/forum_hardest_1905_11plus.txt" quick)" --no-progress
    run shared-count-top2365 - count "$shared/top2365.txt" --no-progress
    run shared-explain-top95 - explain -f json "$shared/top95.txt"
    run shared-explain-top1465 - explain -f json "$(slice 400 "$shared/magictour_top1465.txt" quick)"
    run shared-explain-17 - explain -f json "$(slice 1000 "$shared/17_clue.txt")"
    run shared-explain-11plus - explain -f json "$(slice 40 "$shared/forum_hardest_1905_11plus.txt")"
    run shared-explain-top2365 - explain -f json "$(slice 200 "$shared/top2365.txt")"
    run shared-explain-seed - explain -f json "$shared/seed_cases.txt"
    run shared-rate-top95 - rate -f json --no-progress "$shared/top95.txt"
    run shared-rate-sukaku-top95 - rate -f json --scale sukaku --no-progress "$shared/top95.txt"
    run shared-rate-17 - rate -f json --no-progress "$(slice 300 "$shared/17_clue.txt")"
    run shared-rate-top1465 - rate -f json --no-progress "$(slice 300 "$shared/magictour_top1465.txt")"
    run shared-rate-sukaku-top1465 - rate -f json --scale sukaku --no-progress "$(slice 150 "$shared/magictour_top1465.txt")"
    run shared-rate-11plus - rate -f json --no-progress "$(slice 30 "$shared/forum_hardest_1905_11plus.txt")"
    run shared-hint-top1465 - hint -f json --level 3 "$(slice 300 "$shared/magictour_top1465.txt")"
    run shared-check-17 - check -f json "$(slice 2000 "$shared/17_clue.txt")"
    run shared-canon-17 - canon "$(slice 5000 "$shared/17_clue.txt")"
    if [ -f ../shared/data/hodoku/reglib-1.3.txt ]; then
        run shared-reglib-explain - explain -f json --grids hodoku ../shared/data/hodoku/reglib-1.3.txt
        run shared-reglib-hint - hint -f json --grids hodoku ../shared/data/hodoku/reglib-1.3.txt
    fi
else
    echo "note: ../shared/data is missing: the shared sets were not compared" >&2
fi
echo "$cases cases, $diffs differ"
[ "$diffs" = 0 ]
