"""The one-by-one copy constants of a device, from GEMMs that copy every element one by one (TF32 with K not
16-divisible, one wave at one and at two tiles per SM: perfmodel.gpu.streams.kcopies, the lab's
validation/microbench.py kstep_tf32_none_spills and kstep_tf32_none_copies):

    kmajor_copy_weight   u: of KCOPY_GRID, the value whose median measured / predicted over the rows at 2+ stages
                         (pipelined copies, which u weighs) is nearest 1; `perfmodel calibrate` derives it from its
                         kcopies rows
    lone_copy_share      s1: of LONE_GRID, the value with the least mean |ln error| of t(1 tile per SM) / t(2),
                         measured over predicted, over the pairs whose residency has room for two blocks (a block
                         alone on its SM against two sharing it: perfmodel.kernels.pipeline.gather_rate); the H200's
                         fitted by validation/fit_lone_copy.py on microbench_tf32_none_copies.json (39 pairs)

`calibrate` borrows s1: each constant moves the other (u prices every copy, and one-wave rows hold lone blocks), and
on the H200 the kcopies rows alone (microbench_tf32_none_spills.json, 12 pairs) settle one grid step from the
lab's pair of files (s1 0.65 and u 0.25 against 0.7 and 0.3, tests/test_gather_blocks.py): deriving both there
would move the judged constants (validation/NOTES.md, session 44).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from perfmodel.errors import PerfmodelError
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.evaluate import evaluate, params_context
from perfmodel.kernels.registry import get as kernel_model
from perfmodel.names import CONFIG_KEYS
from perfmodel.problem import GemmProblem

#: the values kmajor_copy_weight is chosen from (validation/fit_kmajor_copy.py prints each one's ratios)
KCOPY_GRID = (1.0, 0.6, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25)
#: the values lone_copy_share is chosen from (validation/fit_lone_copy.py prints each one's errors); 0: the power's
LONE_GRID = (0.0, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9)


class CopyCalibrationError(PerfmodelError):
    """The kcopies rows hold nothing to derive a copy constant from."""


def model_s(spec, p, row: dict, blocks: bool = False):
    """The model's time of a recorded grouped-kernel GEMM (its dtype and layout) under constants `p`;
    `blocks`: (time, blocks per SM)."""
    problem = GemmProblem(M=row["M"], N=row["N"], K=row["K"], dtype=row.get("dtype", "fp16"), layout=row.get("layout", "nn"))
    cfg = {**{k: row[k] for k in CONFIG_KEYS[:5]}, "GROUP_M": 8, "SPLIT_K": 1}
    out = evaluate(kernel_model("grouped"), params_context(spec, problem, p), ConfigArrays.of([cfg]))
    t = float(out["time_s"][0])
    return (t, int(out["blocks_per_sm"][0])) if blocks else t


def kmajor_copy_weight(spec, p, rows: list[dict]) -> tuple[float, dict[float, list[float]]]:
    """(u, each grid value's measured / predicted per row): of KCOPY_GRID, the value whose median over the
    rows at 2+ stages is nearest 1 (module doc); `p`: TF32 constants."""
    ratios = {}
    for u in KCOPY_GRID:
        pu = dataclasses.replace(p, kmajor_copy_weight=u)
        ratios[u] = [r["time_ms"] * 1e-3 / model_s(spec, pu, r) for r in rows]
    piped = [i for i, r in enumerate(rows) if r["num_stages"] >= 2]
    if not piped:
        raise CopyCalibrationError("no kcopies row at 2 or more stages ran correctly")
    return min(KCOPY_GRID, key=lambda u: abs(np.log(np.median([ratios[u][i] for i in piped])))), ratios


def lone_pairs(rows: list[dict], fields: tuple[str, ...] = ()) -> list[tuple[dict, dict]]:
    """(the row at one tile per SM, the row at two) of each tile, layout and stage count timed at both (and of
    each value of the row `fields`, where a file times one tile at several, e.g. K)."""
    by: dict[tuple, dict[int, dict]] = {}
    for r in rows:
        key = (r.get("layout", "nn"), *(r[k] for k in CONFIG_KEYS[:5]), *(r[k] for k in fields))
        by.setdefault(key, {})[r["tiles_per_sm"]] = r
    return [(v[1], v[2]) for v in by.values() if 1 in v and 2 in v]


def lone_ratios(spec, p, pairs: list[tuple[dict, dict]]) -> list[tuple[dict, int, float, float]]:
    """(the row at one tile per SM, blocks per SM, measured t(1) / t(2), the model's) of each pair whose
    residency has room for two blocks."""
    out = []
    for one, two in pairs:
        t1, b = model_s(spec, p, one, blocks=True)
        if b >= 2:
            out.append((one, b, one["time_ms"] / two["time_ms"], t1 / model_s(spec, p, two)))
    return out


def lone_errors(spec, p, pairs: list[tuple[dict, dict]]) -> list[float]:
    """ln(measured t(1) / t(2) over the model's) of each pair whose residency has room for two blocks."""
    return [float(np.log(measured / model)) for _, _, measured, model in lone_ratios(spec, p, pairs)]


def lone_copy_share(spec, p, rows: list[dict]) -> tuple[float, dict[float, list[float]]]:
    """(s1, each grid value's log errors): of LONE_GRID, the least mean |ln error| (module doc); `p`: TF32."""
    pairs = lone_pairs(rows)
    errs = {s: lone_errors(spec, dataclasses.replace(p, lone_copy_share=s), pairs) for s in LONE_GRID}
    if not errs[LONE_GRID[0]]:
        raise CopyCalibrationError("no tile with room for two blocks ran at one and at two tiles per SM")
    return min(LONE_GRID, key=lambda s: float(np.mean(np.abs(errs[s])))), errs
