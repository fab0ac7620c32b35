"""Shared fixtures of the parlour module's tests.

The tests that compare the module with the command line run the `parlour`
binary named by the environment variable PARLOUR_BIN (CI builds it first);
without it they look for target/release/parlour in the repository and are
skipped if it is not there. With PARLOUR_BIN set nothing is skipped: the
pydraughts tests then need pydraughts (tests/requirements.txt) too.
"""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def repo():
    """The repository's root."""
    return REPO


@pytest.fixture(scope="session")
def parlour_bin():
    """The path of the parlour binary."""
    named = os.environ.get("PARLOUR_BIN")
    if named:
        path = pathlib.Path(named)
        assert path.is_file(), "PARLOUR_BIN=%s is not a file" % named
        return str(path.resolve())
    path = REPO / "target" / "release" / "parlour"
    if not path.is_file():
        pytest.skip("no parlour binary: set PARLOUR_BIN or build target/release/parlour")
    return str(path)


@pytest.fixture(scope="session")
def cli(parlour_bin):
    """Runs the parlour binary with the given arguments; returns its output lines."""

    def run(*args):
        done = subprocess.run(
            [parlour_bin, *args], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, "parlour %s: %s" % (" ".join(args), done.stderr)
        return done.stdout.splitlines()

    return run
