"""Files the commands write: checked before any work is done, written under a temporary name
and renamed into place, so a failure never leaves a partial or stray file."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from perfmodel.cli.errors import UserError

FIGURE_SUFFIXES = (".png", ".pdf", ".svg")


def output_file(path: str, flag: str, suffixes: tuple[str, ...] | None = None) -> Path:
    """A file path a command may write, or a one-line UserError saying why not."""
    p = Path(path)
    if suffixes and p.suffix.lower() not in suffixes:
        raise UserError(f"{flag} {path}: the file must end in {', '.join(suffixes[:-1])} or {suffixes[-1]}")
    if os.path.isdir(p):
        raise UserError(f"{flag} {path}: is a directory, expected a file name")
    parent = p.parent if str(p.parent) else Path(".")
    if not os.path.isdir(parent):
        raise UserError(f"{flag} {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK):
        raise UserError(f"{flag} {path}: the folder {parent} is not writable")
    return p


def output_dir(path: str, flag: str) -> Path:
    """A folder a command may write files into (created if its parent exists)."""
    p = Path(path)
    if os.path.exists(p) and not os.path.isdir(p):
        raise UserError(f"{flag} {path}: is a file, expected a folder")
    if not os.path.exists(p) and not os.path.isdir(p.parent):
        raise UserError(f"{flag} {path}: the folder {p.parent} does not exist")
    return p


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Call write(temporary path) and rename the result onto `path` (an OSError, say a name the
    file system refuses, is a one-line UserError and leaves nothing behind)."""
    tmp = path.with_name(f".{path.stem}.tmp-{os.getpid()}{path.suffix}")
    try:
        write(tmp)
        os.replace(tmp, path)
    except OSError as e:
        raise UserError(f"{path}: cannot write the file ({e.strerror or e})") from None
    finally:
        if os.path.exists(tmp):
            tmp.unlink()


def make_dir(path: Path) -> None:
    """Create an output folder (its parent exists: output_dir checked)."""
    try:
        path.mkdir(exist_ok=True)
    except OSError as e:
        raise UserError(f"{path}: cannot create the folder ({e.strerror or e})") from None
