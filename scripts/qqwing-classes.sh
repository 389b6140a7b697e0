#!/usr/bin/env bash
# Regenerates data/logic/qqwing-classes.tsv: qqwing's own class (simple, easy, intermediate,
# expert) of every puzzle of data/logic/{17clue-300,top95,top1465-200}.txt, by qqwing itself
# (Debian: apt-get install qqwing; 1.3.4 made the shipped file). Checked against sudokit's
# qqwing class by crates/logic/tests/qqwing_classes.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
out=data/logic/qqwing-classes.tsv
printf '# puzzle\tqqwing %s class (`qqwing --solve --stats`)\tset\n' "$(qqwing --version | awk '{print $2}')" > "$out"
for set in 17clue-300 top95 top1465-200; do
    qqwing --solve --stats --nosolution < "data/logic/$set.txt" \
        | sed -n 's/^Difficulty: //p' | tr 'A-Z' 'a-z' \
        | paste "data/logic/$set.txt" - | sed "s/\$/\t$set/" >> "$out"
done
