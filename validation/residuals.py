#!/usr/bin/env python3
"""Where the model is off: measured over predicted time of recorded runs, grouped by any run
fields, and the measured against the predicted ratio of pairs that differ in one field.

    python validation/residuals.py --data h200/layouts,h200/holdout4 --dtype tf32 \\
        --by layout,num_warps,BLOCK_M,BLOCK_N --where "num_stages >= 3 and kernel == 'grouped'"
    python validation/residuals.py --data h200/runs --pair num_stages=2:3 --by BLOCK_M,BLOCK_N,BLOCK_K
    python validation/residuals.py --data h200/holdout8 --dtype tf32 --no-tile-factors   # before the factors

Every correct run of the kernels the all-kernel view scores is predicted with the model as it
stands (perfmodel.scoring.rankers.rank_perfmodel, the shape's own dtype and layout). `--where` is
a Python expression over the run's fields and the shape's (M, N, K, dtype, layout; `spilled`:
the compile spilled). Groups print median, quartiles and count of measured / predicted; with
`--pair FIELD=A:B` each pair of runs of one shape equal in every config field but FIELD (A and B)
gives measured t(A) / t(B) and the model's, and groups print the medians of both. Used in session
7 to find the 16-bit nt 8-warp 64x256 slowdown (validation/NOTES.md); a lab tool, not a model.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.metrics import VIEWS  # noqa: E402
from perfmodel.scoring.rankers import rank_perfmodel  # noqa: E402
from perfmodel.scoring.tile_fit import with_factors  # noqa: E402

CONFIG = ("kernel", "BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M", "SPLIT_K")


def rows(names: list[str], dtype: str | None, where: str, tile_factors: bool = True) -> list[dict]:
    """Each correct run with its prediction: the run's fields, the shape's, `ratio` (measured /
    predicted), `pred_ms`, `shape` (label), `set` (the dataset's name) and `spilled`. `tile_factors`
    False: the model without the device's measured tile factors (what they were fitted on:
    perfmodel.scoring.tile_fit)."""
    spec = load_hardware("h200")
    if not tile_factors:
        spec = with_factors(spec, None)
    out = []
    for name in names:
        for s in load_runs(name).shapes:
            if dtype and s.dtype != dtype:
                continue
            runs = s.candidates(VIEWS["perfmodel:all"].kernels)
            _, pred = rank_perfmodel(s, runs, spec)
            for r, p in zip(runs, pred):
                if not np.isfinite(p):
                    continue
                row = {**r, "M": s.M, "N": s.N, "K": s.K, "dtype": s.dtype, "layout": s.layout, "shape": s.label(),
                       "set": name,
                       "pred_ms": float(p), "ratio": r["time_ms"] / float(p), "spilled": r.get("n_spills", 0) > 0}
                row.setdefault("GROUP_M", 1)
                row.setdefault("SPLIT_K", 1)
                if eval(where, {}, dict(row)):  # noqa: S307 - the user's own filter on the command line
                    out.append(row)
    return out


def grouped(items, by: list[str], value) -> dict[tuple, list]:
    g = collections.defaultdict(list)
    for it in items:
        g[tuple(it[0][k] if isinstance(it, tuple) else it[k] for k in by)].append(value(it))
    return g


def pairs(data: list[dict], field: str, a, b) -> list[tuple[dict, float, float]]:
    """(row of A, measured t(A)/t(B), predicted t(A)/t(B)) for runs of one shape of one set equal but
    in `field` (keyed by set too: two sets can hold the same shape, and their runs are not a pair)."""
    index = {(r["set"], r["shape"], *(r[k] for k in CONFIG if k != field), r[field]): r for r in data}
    out = []
    for r in data:
        if r[field] == a:
            other = index.get((r["set"], r["shape"], *(r[k] for k in CONFIG if k != field), b))
            if other:
                out.append((r, r["time_ms"] / other["time_ms"], r["pred_ms"] / other["pred_ms"]))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True, help="comma-separated bundled datasets (h200/layouts) or paths")
    ap.add_argument("--dtype", default=None)
    ap.add_argument("--by", default="kernel,num_warps,BLOCK_M,BLOCK_N", help="comma-separated run fields")
    ap.add_argument("--where", default="True", help="a Python expression over a run's fields")
    ap.add_argument("--pair", default=None, help="FIELD=A:B, e.g. num_stages=2:3 or GROUP_M=1:8")
    ap.add_argument("--min", type=int, default=10, help="smallest group printed")
    ap.add_argument("--no-tile-factors", action="store_true",
                    help="predict without the device's measured tile factors (what they are fitted on)")
    args = ap.parse_args(argv)
    by = [k.strip() for k in args.by.split(",") if k.strip()]
    data = rows(args.data.split(","), args.dtype, args.where, tile_factors=not args.no_tile_factors)
    if args.pair:
        field, ab = args.pair.split("=")
        a, b = (int(x) if x.lstrip("-").isdigit() else x for x in ab.split(":"))
        groups = grouped(pairs(data, field, a, b), by, lambda it: (it[1], it[2]))
        print(f"{' '.join(by)}: pairs, median measured and predicted t({field}={a}) / t({field}={b})")
        for key, v in sorted(groups.items()):
            if len(v) >= args.min:
                m, p = np.median(np.array(v), axis=0)
                print(f"  {key}  {len(v):5d}  measured {m:.3f}  model {p:.3f}")
        return 0
    groups = grouped(data, by, lambda r: r["ratio"])
    print(f"{' '.join(by)}: runs, measured / predicted median (quartiles)")
    for key, v in sorted(groups.items()):
        if len(v) >= args.min:
            q1, q2, q3 = np.percentile(v, [25, 50, 75])
            print(f"  {key}  {len(v):5d}  {q2:.3f} ({q1:.3f}-{q3:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
