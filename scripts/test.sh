#!/usr/bin/env bash
# The README's test command: needs nothing but the repository (no `../shared` beside it).
# The fast tests run in a debug build, then the heavy tests (marked #[ignore]) in an optimised
# build (profile `ci`: release without LTO, quick to build). Tests named `shared_sets_*` read the
# big sets in `../shared/data`; they are left to `scripts/conformance.sh`. The browser tests
# (`browser_*`, they need Chromium) are left to `scripts/web-e2e.sh`. Last, the Python
# package's tests (scripts/python-test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --locked
cargo test --workspace --profile ci --locked -- --ignored --skip shared_sets --skip browser_
# The Python package (`pip install ./python` into a virtualenv, then pytest python/tests).
bash scripts/python-test.sh
