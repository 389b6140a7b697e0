#!/usr/bin/env bash
# Conformance on the big puzzle sets in `../shared/data` (beside the repository): every test
# named `shared_sets_*` (17-clue, top2365, the forum's hardest list, ...), in the optimised `ci`
# profile. `.ci/run` calls this; `scripts/test.sh` does not. Without `../shared/data` it fails under
# `CI=true` and prints SKIPPED elsewhere (scripts/prereq.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/prereq.sh
if [ ! -d ../shared/data/9x9 ]; then
    missing conformance "../shared/data/9x9 is missing (the big puzzle sets sit beside the repository)"
fi
cargo test --workspace --profile ci --locked -- --ignored shared_sets
