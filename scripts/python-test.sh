#!/usr/bin/env bash
# The Python package's tests (python/tests): a virtualenv under target/ (kept between runs), the
# package installed into it with `pip install ./python` (maturin builds the extension in cargo
# profile `ci`, which scripts/test.sh has just built), its test dependencies from PyPI, then
# pytest. Run by scripts/test.sh (the README's test command) and so by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/prereq.sh
VENV="${SUDOKIT_PY_VENV:-target/python-venv}"
PY="${PYTHON:-python3}"
command -v "$PY" >/dev/null || missing python-test.sh "python3 is not installed"
if [ ! -x "$VENV/bin/python" ]; then
    if ! "$PY" -m venv "$VENV" 2>/dev/null; then
        # Debian splits venv (ensurepip) out of python3.
        rm -rf "$VENV"
        SUDO=""
        if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
        if command -v apt-get >/dev/null 2>&1; then
            ver="$("$PY" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
            $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "python$ver-venv" python3-venv \
                || { $SUDO apt-get update -q && $SUDO env DEBIAN_FRONTEND=noninteractive \
                     apt-get install -y -q "python$ver-venv" python3-venv; } || true
        fi
        "$PY" -m venv "$VENV" || missing python-test.sh "cannot create a virtualenv (python3 -m venv)"
    fi
fi
VPY="$VENV/bin/python"
"$VPY" -m pip install -q --upgrade pip
"$VPY" -m pip install -q pytest numpy pandas pyarrow "dask[distributed]"
"$VPY" -m pip install -q ./python
echo "== pytest python/tests"
"$VPY" -m pytest -q python/tests -p no:cacheprovider "$@"
