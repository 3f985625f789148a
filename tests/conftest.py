import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def run_cli(*args, input=None, env=None):
    """Run the installed `perfmodel` CLI in a subprocess (as a user would)."""
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "perfmodel.cli", *map(str, args)],
        capture_output=True, text=True, input=input, env=e, timeout=300,
    )


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def repo():
    return REPO
