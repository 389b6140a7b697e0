#!/usr/bin/env bash
# Conformance on the big puzzle sets in `../shared/data` (beside the repository): every test
# named `shared_sets_*` (17-clue, top2365, the forum's hardest list, ...), in the optimised `ci`
# profile. `.ci/run` calls this when `../shared/data` is present; `scripts/test.sh` does not.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/data/9x9 ]; then
    echo "conformance: ../shared/data/9x9 is missing (the big puzzle sets sit beside the repository)" >&2
    exit 2
fi
cargo test --workspace --profile ci --locked -- --ignored shared_sets
