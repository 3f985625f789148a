"""Recorded GPU runs: the files `perfmodel validate` scores rankers on.

A runs file (JSON lines, written by the lab's device sweep or `perfmodel sweep`) holds rows of
`kind` header (device, driver, Triton, torch, date, command), cublas (the vendor BLAS on the
same inputs), run (one kernel config: kernel, config keys, correctness, resources, time_ms)
and shape_done. Runs that failed or were not correct are kept apart; scoring reads the
correct ones, by kernel (`Shape.candidates`).

Bundled datasets are named by their path under the data folder (perfmodel.bundled):
`h200/runs` (the suite), `h200/holdout`, `h200/mixed`, `h200/padded`, `h200/repeat`.
"""

from __future__ import annotations

import gzip
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from perfmodel.bundled import resolve_dataset
from perfmodel.errors import DataError

DEFAULT_DATASET = "h200/runs"
#: a shape whose reference config's times spread wider than this while it was timed is reported
#: (perfmodel.gpu.drift): do_bench medians of one config repeat within ~2-3% on the H200
#: (holdout5's two passes agreed at 0.999 geomean), so 15% is a change of state, not scatter
WARN_DRIFT = 1.15


#: a shape whose best run is shorter than this and whose grouped runs were launched eagerly (rows
#: without `timing: cudagraph`, every sweep before session 29) is reported: there an eager launch's
#: time can hold the host's (README, "Host time in short runs"); of three read sets timed again as
#: graph replays, every shape whose top-1 moved by more than 0.1 had its best run under 50 us
#: (validation/timing_compare.py)
EAGER_SHORT_S = 50e-6


def over_drift(drift: float | None) -> bool:
    """Whether a shape's drift (perfmodel.gpu.drift) is over WARN_DRIFT; None (not checked) is not."""
    return drift is not None and drift > WARN_DRIFT

#: the kernels whose runs make a shape's candidate set unless a scorer asks for others
SCORED_KERNELS = ("grouped", "splitk")


@dataclass
class Shape:
    index: int
    family: str
    M: int
    N: int
    K: int
    dtype: str
    layout: str = "nn"  # perfmodel.layouts; rows of older files carry none (they are nn)
    cublas_ms: float | None = None
    drift: float | None = None  # the reference config's max / min time while timed (perfmodel.gpu.drift)
    all_runs: list[dict] = field(default_factory=list)  # correct runs of every kernel
    failed: list[dict] = field(default_factory=list)

    @property
    def drifted(self) -> bool:
        """Whether the GPU's speed moved by more than WARN_DRIFT while this shape was timed."""
        return over_drift(self.drift)

    @property
    def eager_short(self) -> bool:
        """Whether this shape's runs are short (best under EAGER_SHORT_S) and its grouped runs were
        timed as eager launches, whose times can hold the host's."""
        grouped = [r for r in self.all_runs if r["kernel"] == "grouped"]
        return bool(grouped) and any(r.get("timing") != "cudagraph" for r in grouped) and \
            min(r["time_ms"] for r in self.all_runs) * 1e-3 < EAGER_SHORT_S

    def candidates(self, kernels=SCORED_KERNELS) -> list[dict]:
        """The correct runs of these kernels, in file order."""
        return [r for r in self.all_runs if r["kernel"] in kernels]

    @property
    def runs(self) -> list[dict]:
        """The correct runs of the grouped and split-K kernels (the main candidate set)."""
        return self.candidates()

    @property
    def kernels(self) -> set[str]:
        return {r["kernel"] for r in self.all_runs}

    @property
    def times(self) -> np.ndarray:
        return np.array([r["time_ms"] for r in self.runs])

    @property
    def best_ms(self) -> float:
        return float(self.times.min())

    def label(self) -> str:
        return f"{self.M}x{self.N}x{self.K} {self.dtype}" + ("" if self.layout == "nn" else f" {self.layout}")


@dataclass
class Dataset:
    path: Path
    headers: list[dict]
    shapes: list[Shape]


def read_rows(name_or_path: "str | Path") -> tuple[Path, list[tuple[int, dict]]]:
    """(path, [(line number, row)]) of a JSON-lines file of recorded rows (a bundled name or a
    path); a line that is not a JSON object with a 'kind' is a one-line DataError. Rows a resumed
    sweep superseded are left out (finished_passes), for every reader of runs files alike."""
    p = resolve_dataset(name_or_path)
    if os.path.isdir(p):
        raise DataError(f"{p}: is a directory, expected a .jsonl file")
    try:
        if p.suffix == ".gz":
            with gzip.open(p, "rt") as f:
                lines = f.read().splitlines()
        else:
            lines = p.read_text().splitlines()
    except (OSError, UnicodeDecodeError, EOFError) as e:
        raise DataError(f"{p}: cannot read ({e.__class__.__name__})") from None
    rows = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
        except json.JSONDecodeError as e:
            raise DataError(f"{p}:{n}: not a JSON line ({e.msg})") from None
        if not isinstance(r, dict) or "kind" not in r:
            raise DataError(f"{p}:{n}: each line must be a JSON object with a 'kind'")
        rows.append((n, r))
    return p, finished_passes(rows)


def finished_passes(rows: list[tuple[int, dict]]) -> list[tuple[int, dict]]:
    """The rows without those an interrupted pass wrote for a shape a later pass (after another
    header: a resumed `perfmodel sweep`) timed again whole: each shape keeps the rows of the pass
    that wrote its shape_done."""
    passes, finished = 0, {}
    tagged = []
    for n, r in rows:
        passes += r["kind"] == "header"
        if r["kind"] == "shape_done" and "shape_index" in r:
            finished[r["shape_index"]] = passes
        tagged.append((passes, n, r))
    return [(n, r) for k, n, r in tagged
            if r["kind"] == "header" or finished.get(r.get("shape_index"), k) == k]


def load_runs(name_or_path: "str | Path | None" = None) -> Dataset:
    """A bundled dataset by name (default h200/runs) or a runs .jsonl file by path."""
    p, rows = read_rows(name_or_path or DEFAULT_DATASET)
    headers, shapes = [], {}
    for n, r in rows:
        kind = r["kind"]
        if kind == "header":
            headers.append(r)
            continue
        if kind not in ("run", "cublas", "shape_done"):
            continue
        try:
            si = r["shape_index"]
            s = shapes.setdefault(si, Shape(si, r["family"], r["M"], r["N"], r["K"], r["dtype"], r.get("layout", "nn")))
        except KeyError as e:
            raise DataError(f"{p}:{n}: missing field {e}") from None
        if kind == "cublas":
            s.cublas_ms = r["time_ms"]
        elif kind == "shape_done":
            s.drift = r.get("drift")  # absent in files recorded before the check (session 19)
        elif kind == "run":
            ok = r.get("status") == "ok" and r.get("correct")
            (s.all_runs if ok else s.failed).append(r)
    out = [s for _, s in sorted(shapes.items()) if s.runs]
    if not out:
        raise DataError(f"{p}: no correct runs of the grouped or split-K kernels")
    return Dataset(p, headers, out)


def with_retimed(data: Dataset, retimed: Dataset) -> Dataset:
    """`data` with each shape that `retimed` timed again taken from it: the same shape index and
    the same M, N, K, dtype and layout (an index that names another shape is a DataError, not a
    silent swap). How a set's drifted or eager-short shapes, timed again, replace the recorded."""
    again = {s.index: s for s in retimed.shapes}
    for s in data.shapes:
        t = again.get(s.index)
        if t is not None and (t.M, t.N, t.K, t.dtype, t.layout) != (s.M, s.N, s.K, s.dtype, s.layout):
            raise DataError(f"{retimed.path}: shape {s.index} is {t.M}x{t.N}x{t.K} {t.dtype} {t.layout}, "
                            f"not {data.path.name}'s {s.M}x{s.N}x{s.K} {s.dtype} {s.layout}")
    return Dataset(data.path, data.headers, [again.get(s.index, s) for s in data.shapes])
