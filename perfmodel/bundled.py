"""Where perfmodel finds the files it ships, installed or in a checkout.

    device files      <package>/hardware/devices/*.yaml      <checkout>/hardware/*.yaml
    recorded data     <package>/datasets/...                   <checkout>/validation/data/...

A wheel (`pip install .`) carries both inside the package (pyproject.toml maps the checkout's
folders there); a checkout used in place (or an editable install) reads them where they lie.
The installed copy is tried first. Nothing depends on the current directory, so the commands
and paths in the README work from anywhere.

Recorded datasets are named by their path under the data folder without the suffix:
`h200/runs`, `h200/holdout`, `compile/compile_sweep` (`perfmodel validate --data h200/holdout`).
A dataset may be stored gzip-compressed (`h200/holdout7.jsonl.gz`, read as `h200/holdout7`).
"""

from __future__ import annotations

import os
from pathlib import Path

from perfmodel.errors import DataError, SpecError

#: how a recorded dataset's file name may end: JSON lines, plain (tried first) or gzip-compressed
DATASET_SUFFIXES = (".jsonl", ".jsonl.gz")

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def _first_dir(*candidates: Path, pattern: str) -> Path | None:
    for c in candidates:
        if os.path.isdir(c) and any(c.glob(pattern)):
            return c
    return None


def device_dir() -> Path:
    """The folder of the bundled device files."""
    d = _first_dir(_PACKAGE / "hardware" / "devices", _CHECKOUT / "hardware", pattern="*.yaml")
    if d is None:
        raise SpecError(f"no device files found in {_PACKAGE / 'hardware' / 'devices'} or {_CHECKOUT / 'hardware'}")
    return d


def data_dir() -> Path:
    """The folder of the bundled recorded data (runs, compile sweeps, peer picks)."""
    d = _first_dir(_PACKAGE / "datasets", _CHECKOUT / "validation" / "data", pattern="*/*.jsonl")
    if d is None:
        raise DataError(f"no recorded data found in {_PACKAGE / 'datasets'} or {_CHECKOUT / 'validation' / 'data'}")
    return d


def datasets(folder: str = "") -> list[str]:
    """Names of the bundled .jsonl datasets (under `folder`, e.g. "h200"), sorted."""
    root = data_dir()
    found = [p for suffix in DATASET_SUFFIXES for p in (root / folder).glob(f"**/*{suffix}")]
    return sorted({_dataset_name(p.relative_to(root).as_posix()) for p in found})


def _dataset_name(path: str) -> str:
    """A data file's path without its .jsonl or .jsonl.gz suffix."""
    for suffix in DATASET_SUFFIXES:
        if path.endswith(suffix):
            return path[: -len(suffix)]
    return path


def data_file(name: str) -> Path:
    """A bundled data file by its path under the data folder ("nvmh_picks.json")."""
    return data_dir() / name


def resolve_dataset(name_or_path: str | Path) -> Path:
    """A bundled dataset name ("h200/holdout") or a path to a .jsonl (or .jsonl.gz) file, as a
    path. A name that is neither is a DataError listing what is bundled."""
    p = Path(name_or_path)
    if os.path.exists(p):
        return p
    s = str(name_or_path)
    if not s.endswith(DATASET_SUFFIXES) and "\\" not in s:
        for suffix in DATASET_SUFFIXES:
            candidate = data_dir() / f"{s}{suffix}"
            if os.path.isfile(candidate):
                return candidate
    raise DataError(f"{s}: no such file or bundled dataset; bundled: {', '.join(datasets())}")
