# Sourced by the test scripts: what to do when a prerequisite (`../shared/data`, chromedriver,
# a reference file) is missing. Under CI (`CI=true`, which `.ci/run` sets unless told otherwise)
# it is a failure (exit 2); elsewhere the script stops with a loud SKIPPED line — never a
# silent pass.
# Usage: missing SCRIPT WHAT
missing() {
    if [ "${CI:-}" = "true" ]; then
        echo "$1: FAILED: $2 (CI=true: a missing prerequisite is a failure)" >&2
        exit 2
    fi
    echo "################################################################" >&2
    echo "SKIPPED ($1): $2 — nothing was checked (with CI=true this fails)" >&2
    echo "################################################################" >&2
    exit 0
}
