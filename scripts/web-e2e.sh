#!/usr/bin/env bash
# Browser tests of `sudokit serve`: headless Chromium driven over WebDriver (crates/web/tests/e2e.rs).
# Needs `chromium` and `chromedriver` (Debian: apt-get install chromium chromium-driver; .ci/run
# installs them). Without chromedriver they fail under `CI=true` and print SKIPPED elsewhere
# (scripts/prereq.sh); when Chromium cannot be started they fail.
# SUDOKIT_SCREENSHOTS=DIR saves the main screens there as PNG (docs/ holds the committed ones).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/prereq.sh
if ! command -v chromedriver >/dev/null 2>&1; then
    missing web-e2e "chromedriver is not on PATH (Debian: apt-get install chromium chromium-driver)"
fi
if [ -n "${SUDOKIT_SCREENSHOTS:-}" ]; then
    mkdir -p "$SUDOKIT_SCREENSHOTS"
    SUDOKIT_SCREENSHOTS="$(cd "$SUDOKIT_SCREENSHOTS" && pwd)"
    export SUDOKIT_SCREENSHOTS
fi
cargo test -p sudokit-web --locked --test e2e -- --ignored
