"""Files the CLI reads: every failure is one line naming the flag and the file."""

from __future__ import annotations

import json
import os
from pathlib import Path

from perfmodel.cli.errors import UserError


def read_json(path: str, flag: str):
    """The parsed JSON of `path`, or a UserError saying what is wrong with it."""
    p = Path(path)
    if not os.path.exists(p):
        raise UserError(f"{flag} {path}: no such file")
    if os.path.isdir(p):
        raise UserError(f"{flag} {path}: is a directory, expected a JSON file")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UserError(f"{flag} {path}: cannot read ({e.__class__.__name__})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise UserError(f"{flag} {path}: not valid JSON ({e.msg} at line {e.lineno})") from None
