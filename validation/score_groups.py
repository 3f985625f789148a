#!/usr/bin/env python3
"""Score rankers on a recorded dataset per (dtype, layout) group: the figures the layouts issue
asks for (top-1 geomean and worst shape, top-5, Spearman median, median relative error), and
cuBLAS beside them (best grouped/split-K run over cuBLAS: above 1 means Triton's best is faster).

    python validation/score_groups.py --data h200/holdout4 [--as-layout nn] [--views perfmodel,tutorial]

--as-layout nn predicts every shape as if its B were row-major: perfmodel before it knew layouts.
--retimed h200/holdout48_retimed scores the shapes that set timed again (drifted shapes: the
sweep's drift check, validation/drifted_retime.sh) on those runs instead of the recorded ones.
--skip-eager-short leaves out the shapes an eager launch timed with host time in them (session 30's
judge reads the eager-timed hold-outs that way).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from perfmodel.scoring.datasets import Dataset, load_runs, with_retimed  # noqa: E402
from perfmodel.scoring.metrics import evaluate, gmean  # noqa: E402


def groups(data: Dataset) -> dict[tuple[str, str], Dataset]:
    out = defaultdict(list)
    for s in data.shapes:
        out[(s.dtype, s.layout)].append(s)
    return {k: Dataset(data.path, data.headers, v) for k, v in sorted(out.items())}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--hw", default="h200")
    ap.add_argument("--as-layout", default=None)
    ap.add_argument("--views", default="perfmodel,default,tutorial")
    ap.add_argument("--per-shape", action="store_true")
    ap.add_argument("--retimed", default=None, help="a set of the same shapes timed again: those replace the recorded")
    ap.add_argument("--skip-eager-short", action="store_true", help="leave out the shapes whose grouped runs were "
                    "launched eagerly and whose best run is under 50 us (Shape.eager_short: they hold host time)")
    args = ap.parse_args(argv)
    data = load_runs(args.data)
    if args.retimed:
        data = with_retimed(data, load_runs(args.retimed))
    if args.skip_eager_short:
        data = Dataset(data.path, data.headers, [s for s in data.shapes if not s.eager_short])
    views = args.views.split(",")
    opts = {"as_layout": args.as_layout} if args.as_layout else {}
    print(f"{'group':10} {'view':10} {'shapes':>6} {'top1':>6} {'worst':>6} {'top5':>6} {'rho':>6} {'err':>6} "
          f"{'best/cuBLAS':>11}  worst shape")
    for (dtype, layout), d in groups(data).items():
        res = evaluate(d, views, args.hw, **opts)
        cub = gmean(s.cublas_ms / s.best_ms for s in d.shapes if s.cublas_ms)
        for v in views:
            r = res[v]
            w = r.worst
            print(f"{dtype + ' ' + layout:10} {v:10} {r.shapes_scored:6d} {r.top1_geomean:6.3f} {r.top1_min:6.3f} "
                  f"{r.top5_geomean:6.3f} {r.spearman_median:6.3f} {r.rel_err_median:6.3f} {cub:11.3f}  "
                  f"{w.shape.label() if w else '-'}")
            if args.per_shape and v.startswith("perfmodel"):  # every view of the model (perfmodel:all too)
                for sc in r.scores:
                    print(f"    {sc.shape.label():28} top1 {sc.top1:.3f} rho {sc.spearman:.3f} err {sc.median_rel_err:.3f}"
                          f" pick {sc.pick}" + (f" DRIFT {sc.shape.drift:.2f}x" if sc.shape.drifted else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
