"""Shared fixtures: the repository's example files and the `sudokit` command built from this
checkout, whose `--format json` records are what the package must answer."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "data" / "examples"


def symbol_values(line):
    """The cell values of a puzzle line (`.`/`0` empty, 1-9 then A-Z)."""
    out = []
    for ch in line:
        if ch in ".0":
            out.append(0)
        elif ch.isdigit():
            out.append(int(ch))
        else:
            out.append(ord(ch.upper()) - ord("A") + 10)
    return out


@pytest.fixture(scope="session")
def cli():
    """The path of the `sudokit` binary: $SUDOKIT_CLI, or built here by cargo in profile `ci`
    (optimised; scripts/test.sh has built it already)."""
    exe = os.environ.get("SUDOKIT_CLI")
    if exe:
        return exe
    subprocess.run(
        ["cargo", "build", "-p", "sudokit", "--profile", "ci", "--locked", "--quiet"], cwd=REPO, check=True
    )
    return str(REPO / "target" / "ci" / "sudokit")


@pytest.fixture(scope="session")
def run_cli(cli):
    """Runs `sudokit ARGS --format json` and returns its records (exit status 0 or 1)."""

    def run(*args, stdin=None):
        p = subprocess.run(
            [cli, *map(str, args), "--format", "json"],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=REPO,
        )
        assert p.returncode in (0, 1), p.stderr
        return [json.loads(l) for l in p.stdout.splitlines() if l.strip()]

    return run
