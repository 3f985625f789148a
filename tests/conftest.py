import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
# The lab (validation/) is not installed: tests read its scripts and data from the checkout.
# Appended, not prepended, so `import perfmodel` is the installed package (as a user has it).
if str(REPO) not in sys.path:
    sys.path.append(str(REPO))


def run_cli(*args, input=None, env=None, cwd=None):
    """Run the installed `perfmodel` command in a subprocess, as a user would: `python -m perfmodel`
    from a folder outside the checkout (so nothing depends on the current directory)."""
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "perfmodel", *map(str, args)],
        capture_output=True, text=True, input=input, env=e, timeout=300, cwd=cwd or _neutral_dir(),
    )


def _neutral_dir() -> str:
    import tempfile

    d = Path(tempfile.gettempdir()) / "perfmodel-tests-cwd"
    d.mkdir(exist_ok=True)
    return str(d)


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def repo():
    return REPO
