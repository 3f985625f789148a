#!/usr/bin/env python3
"""List the eager-short shapes of the tile factors' fit sets, to time them again as graph replays.

    python validation/fit_short_retime.py > validation/data/h200/fit_short_shapes.csv

The H200's tile factors (validation/fit_tile_factors.py) are fitted on sweeps recorded before the
grouped kernel was timed as a CUDA-graph replay (session 29): a shape whose best run is under 50 us
and whose grouped runs were launched eagerly (perfmodel.scoring.datasets.Shape.eager_short) was timed
with the host's launch wait in it (validation/launch_gap_probe.py: eager 0.94-2.10x the replay).
This prints those shapes as a `perfmodel sweep --shapes` CSV that keeps each shape's recorded index
(the fit sets' indices do not overlap), 16-bit decode shapes (M <= 64) first, then the other
16-bit shapes, then the rest, so that a sweep stopped by its time budget has timed the shapes whose
factors move most (session 29: up to -0.18 on 16-bit decode tiles). validation/fit_short_retime.sh
times them; fit_tile_factors.fit_sets puts the re-timed shapes in place of the recorded ones.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.scoring.datasets import load_runs  # noqa: E402
from validation.fit_tile_factors import FIT_SETS  # noqa: E402

COLUMNS = ("index", "family", "M", "N", "K", "dtype", "layout", "set")


def order(shape) -> tuple:
    """16-bit decode first, other 16-bit next, then TF32 and FP8; by set order within."""
    sixteen = shape.dtype in ("fp16", "bf16")
    return (not sixteen or shape.M > 64, not sixteen)


def short_shapes(sets=FIT_SETS) -> list[tuple[str, object]]:
    """(set, shape) of every eager-short shape of the sets, in timing order."""
    found = [(name, s) for name in sets for s in load_runs(f"h200/{name}").shapes if s.eager_short]
    return sorted(found, key=lambda ns: order(ns[1]))


def main() -> int:
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(COLUMNS)
    for name, s in short_shapes():
        w.writerow((s.index, s.family, s.M, s.N, s.K, s.dtype, s.layout, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
