"""Drift within one shape of a sweep: the GPU's speed moving while the shape's configs are timed.

A sweep times a shape's ~160 configs one after another, and compares them with each other. If the
GPU slows down or speeds up part of the way through (a clock or power state, another process),
configs timed in the slow stretch look slow, and a hold-out's top-1 score reads that as the
model's miss. holdout47 had one such shape: 16384x37x512 fp16 nt, its first 140 runs at 29-50 us
and its last 22 at 11-29 us whatever the config, the same configs in `nn` at 16-25 us
(validation/NOTES.md, session 19).

The check: the shape's first correct config is the reference; it is timed again after every
`every` configs and once at the end, as its own row (kind `drift_check`). `drift` is the largest
over the smallest of the reference's times; the `shape_done` row carries it, the sweep prints it
where it is over WARN_DRIFT (perfmodel.scoring.datasets), and scoring shows it beside the shape
(Shape.drift). The cost is one extra timing per `every` configs (~3% of a shape at every = 32).
A shape that drifted is timed again whole, once (retime_once): the sweep writes a new header row
first, so the file's reader (perfmodel.scoring.datasets.finished_passes) keeps the second
timing's rows and drops the first's, as it does for a resumed sweep; the second's drift is kept
whatever it is.

    check = DriftCheck(bench_fn, every=32)
    for each config: ... check.after_config(row, launch, out, base)
    check.finish(out, base); done_row.update(check.summary())
"""

from __future__ import annotations

import json
import sys
from typing import Callable

from perfmodel.scoring.datasets import over_drift

#: configs between two timings of the reference
EVERY = 32


class DriftCheck:
    """The reference config of one shape and its times (module doc). `bench_fn(launch) -> ms`."""

    def __init__(self, bench_fn: Callable, every: int = EVERY):
        self.bench_fn = bench_fn
        self.every = every
        self.launch = None
        self.config = None
        self.times: list[float] = []
        self.seen = 0

    def after_config(self, row: dict, launch, out, base: dict) -> None:
        """Count one timed config; the first correct one becomes the reference (its own time the
        first of the reference's), and every `every` configs the reference is timed again."""
        self.seen += 1
        if self.launch is None:
            if row.get("status") == "ok" and launch is not None:
                self.launch, self.config = launch, f"{row['kernel']}:{row['config']}"
                self.times.append(float(row["time_ms"]))
            return
        if self.seen % self.every == 0:
            self._time(out, base)

    def finish(self, out, base: dict) -> None:
        """The reference's last timing, after the shape's last config."""
        if self.launch is not None and self.seen % self.every != 0:
            self._time(out, base)

    def _time(self, out, base: dict) -> None:
        t = float(self.bench_fn(self.launch))
        self.times.append(t)
        out.write(json.dumps({**base, "kind": "drift_check", "config": self.config, "after": self.seen,
                              "time_ms": t}) + "\n")
        out.flush()

    @property
    def drift(self) -> float | None:
        """max / min of the reference's times (None with fewer than two)."""
        if len(self.times) < 2:
            return None
        return max(self.times) / min(self.times)

    def summary(self) -> dict:
        """The fields the shape_done row carries."""
        d = self.drift
        return {} if d is None else {"drift": round(d, 4), "drift_reference": self.config,
                                     "drift_times_ms": [round(t, 6) for t in self.times]}


def retime_once(run, header: dict, out) -> float | None:
    """`run()` (one shape timed, returning its drift), and where that drift is over WARN_DRIFT
    (perfmodel.scoring.datasets.over_drift), a new header row (the first timing's rows are then
    superseded) and `run()` again, once. Returns the drift of the timing kept."""
    drift = run()
    if not over_drift(drift):
        return drift
    print(f"[sweep] drift {drift:.2f}x: timing the shape again, once", file=sys.stderr, flush=True)
    out.write(json.dumps({**header, "retime_after_drift": round(drift, 4)}) + "\n")
    out.flush()
    return run()
