#!/usr/bin/env python3
"""The N of a wgmma instruction (calibration wgmma_n_exponent, perfmodel.kernels.pipeline): the
evidence, and why the H200's value sits below it.

Mirrored tiles (BLOCK_M x BLOCK_N against BLOCK_N x BLOCK_M, same kernel, BLOCK_K, warps,
stages, GROUP_M, split) do the same FLOPs and load the same bytes; on sm_90 their warpgroups
issue m64nNk16 instructions of different N (perfmodel.kernels.pipeline.wgmma_n). Part 1 prints,
for every 16-bit mirrored pair class timed on the H200 (every committed runs file but the
hold-out being kept: holdout7), the median measured time of the narrower-instruction tile over
the wider one, and the exponent g that ratio implies for (256 / N) ** g. Part 2 scores the
committed sets with g in {0, 0.005, 0.01, 0.04, 0.08, 0.12}: the model's top-1 geomean and the shapes
whose top predicted time is shared by mirrored tiles.

    python validation/fit_wgmma_n.py            (~1 min on 2 cores)
"""

from __future__ import annotations

import collections
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels.operands import wgmma_n  # noqa: E402
from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.metrics import VIEWS, gmean, score_shape  # noqa: E402

SETS = ("runs", "holdout", "holdout2", "holdout3", "reserve", "padded", "sweep", "layouts", "holdout4",
        "holdout5", "holdout6", "hopper", "hopper_holdout")
EXPONENTS = (0.0, 0.005, 0.01, 0.04, 0.08, 0.12)


def geometry(r: dict) -> tuple:
    return (r["kernel"], r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"], r["num_stages"],
            r.get("GROUP_M", 1), r.get("SPLIT_K", 1))


def mirrored_pairs(names) -> dict[tuple, list[float]]:
    """{(layout, kernel, tall tile, warps, N tall, N wide): [t(tall) / t(wide)]} over 16-bit runs
    whose two tiles issue wgmma instructions of different N (BLOCK_M >= 64)."""
    out = collections.defaultdict(list)
    for name in names:
        for s in load_runs(f"h200/{name}").shapes:
            if s.dtype not in ("fp16", "bf16"):
                continue
            t = {geometry(r): r["time_ms"] for r in s.all_runs}
            for (k, bm, bn, bk, w, st, g, sk), tall in t.items():
                wide = t.get((k, bn, bm, bk, w, st, g, sk))
                n_tall, n_wide = int(wgmma_n(bm, bn, w)), int(wgmma_n(bn, bm, w))
                if wide and bm > bn >= 64 and n_tall != n_wide:
                    out[(s.layout, k, f"{bm}x{bn}", w, n_tall, n_wide)].append(tall / wide)
    return out


def with_exponent(spec, g: float):
    return spec.with_calibration(wgmma_n_exponent=g)


def mirrored_ties(score, view) -> bool:
    runs, p = score.shape.candidates(view.kernels), score.predicted_ms
    top = np.nanmin(p)
    tied = {(r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"], r["num_stages"], r.get("SPLIT_K", 1))
            for r, v in zip(runs, p) if abs(v - top) <= 1e-9 * top}
    return any((n, m, *rest) in tied for (m, n, *rest) in tied if m != n)


def main() -> int:
    print("1. mirrored 16-bit wgmma tiles: t(narrower instructions) / t(wider), median over pairs")
    for key, v in sorted(mirrored_pairs(SETS).items()):
        if len(v) >= 20:
            layout, k, tile, w, n1, n2 = key
            ratio = float(np.median(v))
            g = math.log(ratio) / math.log(n2 / n1)
            print(f"   {layout} {k:10s} {tile:8s} w{w}  N {n1:3d} vs {n2:3d}  {len(v):5d} pairs  {ratio:.3f}  g {g:+.3f}")
    print("2. top-1 geomean (shapes with mirrored tiles tied at the top) by g")
    spec = load_hardware("h200")
    view = VIEWS["perfmodel"]
    print("   " + " ".join(f"{'g ' + str(g):>14s}" for g in EXPONENTS) + "  set")
    for name in SETS:
        data = load_runs(f"h200/{name}")
        cells = []
        for g in EXPONENTS:
            scores = [score_shape(s, view, hw=with_exponent(spec, g)) for s in data.shapes]
            cells.append(f"{gmean(s.top1 for s in scores):.3f} ({sum(mirrored_ties(s, view) for s in scores):3d})")
        print("   " + " ".join(f"{c:>14s}" for c in cells) + f"  {name}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
