#!/usr/bin/env python3
"""The split-K pair's two calibration constants (perfmodel.kernels.splitk.model), from timed runs.

reduction_fixed_s, c: validation/splitk_reduce_probe.py timed each (shape, config) as a graph replay
of the pair and of its main kernel alone; their difference is what the reduction adds where its
partials were just written. The model prices it as c + SPLIT_K x L2 latency + bytes / rate (the L2
latency and the L2 and DRAM rates as the device's microbenchmarks measured them); c is the median
over the pairs of what is left.

splitk_partial_slowdown, a: the main kernel x (1 + a (1 - 1 / SPLIT_K)) where its tiles are fewer
than the SMs. Over the runs of one tile on one shape timed by both kernels (the tile factor fit's
sets, each shape that was timed again as a graph replay taken from that timing, and the graph-timed
read hold-outs PAIRED_SETS; shapes whose grouped runs were timed eager and whose best run is under
50 us left out: their times hold the host's), with the model without tile factors and with a = 0:
r = (split-K's measured / predicted) / (grouped's), for split-K runs within 1.5x of the shape's best
on the matrix path; a = the median of (r - 1) / (1 - 1 / SPLIT_K) where the tiles are fewer than
the SMs. Prints both, and the median r per SPLIT_K on either side of that line.

    python validation/fit_splitk.py      # ~15 s
"""

from __future__ import annotations

import collections
import dataclasses
import json
import statistics
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.arch.roofline import compute_path  # noqa: E402
from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels.params import timing_params  # noqa: E402
from perfmodel.kernels.splitk.model import reduce_time  # noqa: E402
from perfmodel.kernels.tile_factors import without_factors  # noqa: E402
from perfmodel.problem import GemmProblem  # noqa: E402
from perfmodel.scoring.datasets import EAGER_SHORT_S, load_runs  # noqa: E402
from perfmodel.scoring.rankers import rank_perfmodel  # noqa: E402

#: the probe's recorded pairs (in the checkout, not installed with the package)
PROBE = Path(__file__).resolve().parent / "data" / "h200" / "splitk_reduce_probe.jsonl"
#: the graph-timed read hold-outs beside the fit sets (their split-K and grouped runs of one tile)
PAIRED_SETS = tuple(f"holdout{i}" for i in range(67, 75))
#: split-K runs paired: within this of the shape's best run
NEAR_BEST = 1.5


def reduction_added(rows: list[dict]) -> dict[tuple, float]:
    """{(M, N, K, dtype, layout, BLOCK_M, BLOCK_N, BLOCK_K, SPLIT_K): seconds}: the median pair less
    the median main kernel, over the rounds."""
    times = collections.defaultdict(list)
    for r in rows:
        if r.get("kind") == "run" and r["correct"]:
            key = tuple(r[k] for k in ("M", "N", "K", "dtype", "layout", "BLOCK_M", "BLOCK_N", "BLOCK_K", "SPLIT_K"))
            times[key + (r["mode"],)].append(r["time_ms"])
    keys = sorted({k[:-1] for k in times})
    return {k: (statistics.median(times[k + ("pair",)]) - statistics.median(times[k + ("main",)])) * 1e-3
            for k in keys if times[k + ("pair",)] and times[k + ("main",)]}


def fit_reduction(rows: list[dict], spec) -> tuple[float, dict[tuple, tuple[float, float]]]:
    """(c, {pair: (measured, the model's t_reduce without c)})."""
    p = timing_params(spec, "fp16")
    p0 = dataclasses.replace(p, reduction_fixed_s=0.0)
    out = {}
    for key, added in reduction_added(rows).items():
        M, N, K, dtype, layout, *_, sk = key
        out[key] = (added, float(reduce_time(p0, GemmProblem(M=M, N=N, K=K, dtype=dtype, layout=layout), sk)))
    return statistics.median(a - b for a, b in out.values()), out


def paired_ratios(datasets, spec) -> list[tuple[int, bool, float]]:
    """(SPLIT_K, tiles fewer than SMs, r) of every paired split-K run (module doc); `spec` as fitted
    against (no tile factors, a = 0)."""
    out = []
    for data in datasets:
        for shape in data.shapes:
            runs = shape.candidates(("grouped", "splitk"))
            if not runs or compute_path(spec, shape.dtype)[0] != "matrix":
                continue
            best = min(r["time_ms"] for r in runs)
            eager = not any(r["kernel"] == "grouped" and r.get("timing") == "cudagraph" for r in runs)
            if eager and best * 1e-3 < EAGER_SHORT_S:
                continue
            _, pred = rank_perfmodel(shape, runs, spec, tool_space=False)
            by_tile = collections.defaultdict(dict)
            for r, t in zip(runs, pred):
                if np.isfinite(t) and (r["SPLIT_K"] == 1 or r["time_ms"] < NEAR_BEST * best):
                    tile = tuple(r[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M"))
                    by_tile[tile][r["SPLIT_K"]] = r["time_ms"] / t
            for (bm, bn, *_), ratios in by_tile.items():
                if 1 not in ratios:
                    continue
                few = -(-shape.M // bm) * -(-shape.N // bn) < spec.sm_count
                out += [(sk, few, r / ratios[1]) for sk, r in ratios.items() if sk > 1]
    return out


def datasets() -> list:
    """The runs the slowdown is fitted on: the tile factor fit's sets (their graph re-times in place) and
    PAIRED_SETS."""
    from validation.fit_tile_factors import fit_sets

    return fit_sets() + [load_runs(f"h200/{s}") for s in PAIRED_SETS]


def fit_slowdown(pairs) -> float:
    """a: the median of (r - 1) / (1 - 1 / SPLIT_K) over the pairs whose tiles are fewer than SMs."""
    return statistics.median((r - 1.0) / (1.0 - 1.0 / sk) for sk, few, r in pairs if few)


def against(spec):
    """`spec` as the slowdown is fitted against: no tile factors, a = 0 (its own value set to 0)."""
    spec = without_factors(spec)
    a = spec.calibration.splitk_partial_slowdown
    cal = spec.calibration.model_copy(update={"splitk_partial_slowdown": a and a.model_copy(update={"value": 0.0})})
    return spec.model_copy(update={"calibration": cal})


def main(argv=None) -> int:
    spec = load_hardware("h200")
    rows = [json.loads(line) for line in PROBE.read_text().splitlines() if line.strip()]
    c, pairs = fit_reduction(rows, spec)
    by_split = collections.defaultdict(list)
    for key, (added, rest) in pairs.items():
        by_split[key[-1]].append(added / (c + rest))
    for sk, ratios in sorted(by_split.items()):
        print(f"reduction, SPLIT_K {sk:2d}: {len(ratios)} pairs, measured / predicted median "
              f"{statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})")
    print(f"reduction_fixed_s = {c:.3g} s (median of {len(pairs)} pairs)")
    paired = paired_ratios(datasets(), against(spec))
    groups = collections.defaultdict(list)
    for sk, few, r in paired:
        groups[(few, sk)].append(r)
    for (few, sk), rs in sorted(groups.items()):
        print(f"split-K / grouped, tiles {'<' if few else '>='} SMs, SPLIT_K {sk:2d}: {len(rs)} runs, median "
              f"{statistics.median(rs):.3f}")
    print(f"splitk_partial_slowdown = {fit_slowdown(paired):.3g} (median of {sum(f for _, f, _ in paired)} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
