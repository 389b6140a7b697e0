#!/usr/bin/env bash
# Browser tests of `sudokit serve`: headless Chromium driven over WebDriver (crates/web/tests/e2e.rs).
# Needs `chromium` and `chromedriver` (Debian: apt-get install chromium chromium-driver; .ci/run
# installs them). Without chromedriver the tests are skipped with a note, never failed.
# SUDOKIT_SCREENSHOTS=DIR saves the main screens there as PNG (docs/ holds the committed ones).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromedriver >/dev/null 2>&1; then
    echo "note: chromedriver not found; browser tests skipped" >&2
    exit 0
fi
if [ -n "${SUDOKIT_SCREENSHOTS:-}" ]; then
    mkdir -p "$SUDOKIT_SCREENSHOTS"
    SUDOKIT_SCREENSHOTS="$(cd "$SUDOKIT_SCREENSHOTS" && pwd)"
    export SUDOKIT_SCREENSHOTS
fi
cargo test -p sudokit-web --locked --test e2e -- --ignored
