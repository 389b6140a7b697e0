#!/usr/bin/env bash
# Browser tests of `sudokit serve`: headless Chromium driven over WebDriver (crates/web/tests/e2e.rs).
# Needs `chromium` and `chromedriver` (Debian: apt-get install chromium chromium-driver; .ci/run
# installs them), and npm for axe-core (installed here into crates/web/tests/axe/node_modules). Without chromedriver they fail under `CI=true` and print SKIPPED elsewhere
# (scripts/prereq.sh); when Chromium cannot be started they fail.
# SUDOKIT_SCREENSHOTS=DIR saves the main screens there as PNG (docs/ holds the committed ones).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/prereq.sh
if ! command -v chromedriver >/dev/null 2>&1; then
    missing web-e2e "chromedriver is not on PATH (Debian: apt-get install chromium chromium-driver)"
fi
# axe-core (npm) for the accessibility check, from the committed lock file (no node_modules in
# the repo). npm missing or failing fails under CI=true; elsewhere that one check is SKIPPED.
AXE_DIR=crates/web/tests/axe
if [ ! -f "$AXE_DIR/node_modules/axe-core/axe.min.js" ]; then
    if ! command -v npm >/dev/null 2>&1; then
        if [ "${CI:-}" = "true" ]; then missing web-e2e "npm is not on PATH (needed for axe-core)"; fi
        echo "web-e2e: npm is not on PATH: the accessibility check will be SKIPPED" >&2
    elif ! (cd "$AXE_DIR" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error); then
        if [ "${CI:-}" = "true" ]; then missing web-e2e "npm ci of axe-core failed"; fi
        echo "web-e2e: npm ci of axe-core failed: the accessibility check will be SKIPPED" >&2
    fi
fi
if [ -n "${SUDOKIT_SCREENSHOTS:-}" ]; then
    mkdir -p "$SUDOKIT_SCREENSHOTS"
    SUDOKIT_SCREENSHOTS="$(cd "$SUDOKIT_SCREENSHOTS" && pwd)"
    export SUDOKIT_SCREENSHOTS
fi
cargo test -p sudokit-web --locked --test e2e -- --ignored
