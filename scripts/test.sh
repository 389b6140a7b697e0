#!/usr/bin/env bash
# The whole test suite: the fast tests in a debug build, then the heavy data-set tests
# (marked #[ignore]) in an optimised build (profile `ci`: release without LTO, quick to build).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --locked
cargo test --workspace --profile ci --locked -- --ignored
