#!/usr/bin/env bash
# The whole test suite: the fast tests in a debug build, then the heavy data-set tests
# (marked #[ignore]) in a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --locked
cargo test --workspace --release --locked -- --ignored
