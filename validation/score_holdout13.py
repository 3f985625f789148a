#!/usr/bin/env python3
"""The figures of validation/data/h200/holdout13_scored.txt for the checkout at ROOT (default: this
one): per (dtype, layout) group, the decode shapes (M <= 64) and all 48, in the views perfmodel and
perfmodel:all. Run once per commit compared (a `git worktree` of each):

    ROOT=/path/to/checkout python validation/score_holdout13.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(os.environ.get("ROOT", Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(ROOT))

from perfmodel.scoring.datasets import Dataset, load_runs  # noqa: E402
from perfmodel.scoring.metrics import evaluate  # noqa: E402
from validation.score_groups import groups  # noqa: E402


def subsets(data: Dataset) -> list[tuple[str, list]]:
    """(name, shapes): each (dtype, layout) group (score_groups.groups), the decode shapes, all."""
    out = [(f"{d} {lay}", g.shapes) for (d, lay), g in groups(data).items()]
    return out + [("decode", [s for s in data.shapes if s.M <= 64]), ("all", list(data.shapes))]


def main() -> int:
    data = load_runs(ROOT / "validation/data/h200/holdout13.jsonl.gz")
    for view in ("perfmodel", "perfmodel:all"):
        for name, shapes in subsets(data):
            r = evaluate(Dataset(data.path, data.headers, shapes), [view])[view]
            print(f"{view:14s} {name:10s} {r.shapes_scored:3d} top1 {r.top1_geomean:.3f} worst {r.top1_min:.3f} "
                  f"top5 {r.top5_geomean:.3f} rho {r.spearman_median:.3f} err {r.rel_err_median:.3f}  "
                  f"{r.worst.shape.label() if r.worst else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
