#!/usr/bin/env bash
# HoDoKu parity harness (issue 42): solve the same puzzles with HoDoKu and with `sudokit explain`
# (HoDoKu's order, one thread) and print, per puzzle and in total, whether the level, the score
# and the whole path (technique, placements and eliminations of every step) are equal, and the
# first differing step.
#
#   bash scripts/hodoku-parity.sh HODOKU_CLASSES FILE [SAVE.tsv]
#       HODOKU_CLASSES: the `classes` folder of a HoDoKu built from its source outside the
#       repository (`javac --release 8 -d classes $(find src -name '*.java')`, then copy src's
#       resource folders and templates.dat into it); FILE: one puzzle per line. HoDoKu runs as
#       `java -cp CLASSES sudoku.Main /bs FILE /vp` with default settings (a private
#       java.io.tmpdir, so no saved hodoku.hcfg changes them). SAVE.tsv, when given, receives
#       HoDoKu's outputs in the compact form of scripts/hodoku_parity.py (how
#       data/logic/hodoku-paths/*.tsv were made).
#   bash scripts/hodoku-parity.sh --stored STORED.tsv
#       compare with outputs stored before (data/logic/hodoku-paths/*.tsv), without Java.
#
# SUDOKIT (default target/debug/sudokit, built when missing) is the binary compared.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
sudokit="${SUDOKIT:-$root/target/debug/sudokit}"
usage() { echo "usage: $0 HODOKU_CLASSES FILE [SAVE.tsv] | $0 --stored STORED.tsv" >&2; exit 2; }
[ $# -ge 2 ] || usage
if [ ! -x "$sudokit" ]; then (cd "$root" && cargo build -q -p sudokit); fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [ "$1" = "--stored" ]; then
    [ -f "$2" ] || { echo "$2: no such file" >&2; exit 2; }
    grep -v '^#' "$2" | cut -f1 > "$work/puzzles.txt"
    cp "$2" "$work/hodoku.tsv"
else
    classes="$(cd "$1" && pwd)" || usage
    [ -f "$classes/sudoku/Main.class" ] || { echo "$1: no sudoku/Main.class (not a HoDoKu build)" >&2; exit 2; }
    [ -f "$2" ] || { echo "$2: no such file" >&2; exit 2; }
    command -v java >/dev/null || { echo "java not found (apt-get install default-jdk-headless)" >&2; exit 2; }
    grep -v '^[[:space:]]*$' "$2" | cut -c1-81 > "$work/puzzles.txt"
    mkdir -p "$work/tmp"
    # HoDoKu reads an argument starting with '/' as an option: give it a relative path.
    (cd "$work" && java -Djava.io.tmpdir="$work/tmp" -cp "$classes" sudoku.Main /bs puzzles.txt /vp >"$work/java.log" 2>&1) ||
        { tail -5 "$work/java.log" >&2; exit 1; }
    python3 "$here/hodoku_parity.py" hodoku "$work/puzzles.txt.out.txt" > "$work/hodoku.tsv"
    if [ $# -ge 3 ]; then
        { echo "# HoDoKu 2.2.4 /bs /vp, default settings, on $(basename "$2"): puzzle, level, score, path (see scripts/hodoku_parity.py)"
          cat "$work/hodoku.tsv"; } > "$3"
    fi
fi
"$sudokit" explain -j 1 --no-progress -f json "$work/puzzles.txt" > "$work/sudokit.json" || true
python3 "$here/hodoku_parity.py" sudokit "$work/sudokit.json" "$work/puzzles.txt" > "$work/sudokit.tsv"
python3 "$here/hodoku_parity.py" compare "$work/hodoku.tsv" "$work/sudokit.tsv"
