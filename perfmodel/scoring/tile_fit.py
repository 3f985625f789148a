"""Fitting a device's measured tile factors (perfmodel.kernels.tile_factors) from recorded sweeps.

For every main loop (LOOPS: the kernels that share one) and every correct run of its kernels (less
those that take no factor there: tile_factors.takes_factors, split-K in load classes "n" and
"none") on a shape with a factor class (perfmodel.kernels.tile_factors.factor_class) that the fit
takes (aligned shapes: tile_factors.fitted_on, M, N >= 256, where the main loop, not the launch or
the output, is most of the time, or decode, M <= 64; element-wise load classes at any size), in a dtype
the device runs on matrix instructions (IEEE fp32's FMA loop is off by its layout, nt 1.6-1.7x nn
on the H200, not by tile), the ratio measured / predicted is taken with the
model evaluated without any tile factors. Runs are grouped by (dtype class, tile) - and, in the
load classes of tile_factors.COARSE, by (dtype class, BLOCK_K x warps) as well - and each group
of at least `min_runs` runs of `min_shapes` shapes gets the median ratio. Then PASSES - 1 more
rounds: the runs are predicted with the factors so far and each factor is multiplied by its
group's median remaining ratio (the factor scales the k-step, not the whole time, so one round
leaves the launch's and the epilogue's share of the residual; a second takes it out). Last,
factors within MIN_EFFECT of 1 (in ln) are set to 1 (kept as 1, so that no neighbour's factor
stands in for them: perfmodel.kernels.tile_factors.neighbour). A second round, over those
factors, groups the runs of the STAGED load classes (aligned shapes) by their tile at its stages
and keeps the ratios at least MIN_STAGE_EFFECT away from 1: a staged key holds its tile's factor
times that ratio, so the stages refine a tile only where they differ from it by 2% or more
(256x128x64_w8 on the H200: 1.36 at two stages, 0.96 at four, none at three; judged on holdout40
and holdout45, validation/NOTES.md, sessions 17 and 19). A third round, over those, fits the
element-wise decode classes (tile_factors.factor_class at M <= 64; the rounds before take those runs
under the class at any size) on `decode_datasets`: per tile and per BLOCK_K x warps class, the median
ratio over what the class's factors predict, every ratio kept (a ratio dropped for being near 1 left
its tile the only one of a shifted class not raised); split-K's own decode classes the same over no
factor (validation/NOTES.md, session 32, candidate 37).

    fit = fit_tile_factors([load_runs("h200/holdout8"), ...], load_hardware("h200"))

Runs are read, never timed: the fit costs the model's predictions only (~1 s per 10,000 runs).
"""

from __future__ import annotations

import collections
from dataclasses import dataclass

import numpy as np

from perfmodel.arch.roofline import compute_path
from perfmodel.hardware.schema import LoopFactors, TileFactors
from perfmodel.kernels.tile_factors import (COARSE, STAGED, factor_class, fallback_class, fitted_on, lookup_keys,
                                           own_class, regime, takes_factors, tile_key, tile_of, without_factors)
from perfmodel.scoring.rankers import problem_of, rank_perfmodel

#: the main loops fitted, each with the kernels that share it: the pointer loop (cp.async copies)
#: and the descriptor loop (TMA copies; the warp-specialized kernel's factors are keyed and looked
#: up at its launch warps: perfmodel.kernels.tiled.launch_configs). The descriptor loop was left out
#: in session 8 (its flagship tiles' factors reordered near-ties and the Hopper suite's all-kernel
#: pick fell 0.951 -> 0.937); on the sweeps as of session 22 its k-steps read 0.93 of the formulas in
#: the compute-bound regime and 1.14-1.21 in decode, and in 475 of the 598 compute-bound read shapes
#: a descriptor kernel ran best the pick went to a pointer kernel (0.908 of the best): fitted, the
#: read sets' all-kernel top-1 rose +0.161 summed, judged on holdout50 and holdout52 (validation/
#: NOTES.md, session 22)
LOOPS = {"pointer": ("grouped", "splitk"), "descriptor": ("tma", "persistent", "persistent_ws")}
#: the fewest runs, and of how many shapes, a tile class needs to get a factor
MIN_RUNS = 30
MIN_SHAPES = 8
#: rounds of fitting (module doc)
PASSES = 2
#: the smallest |ln f| kept: a factor within ~10% of 1 is inside its class's scatter (quartiles
#: +-10-15%) and only reorders near-ties; kept, they cost the suite's top-1 0.004 and the Hopper
#: all-kernel pick 0.008 (validation/NOTES.md, session 8)
MIN_EFFECT = 0.1
#: the smallest |ln r| of a stage count's own ratio r over its tile's factor kept by the second
#: round: at 0.1 a staged factor of 1.12 (128x128x64_w4_s5 in 16-bit) switched off when a constant
#: elsewhere moved residuals by a few percent, and a pick fell 0.2 (candidate 15, holdout41); at
#: 0.05 the staged keys were 312, not 88 (session 18); at 0.02, 504: the read sets gained 0.026
#: summed over 0.05 (0.019-0.025 at 0-0.01; validation/NOTES.md, session 19)
MIN_STAGE_EFFECT = 0.02

Nested = dict[str, dict[str, dict[str, float]]]  # [loop][dtype class][tile]


@dataclass(frozen=True)
class TileFit:
    """factors[loop][dtype class][tile key]; runs[loop][dtype class][tile key]: the runs each rests on."""

    factors: Nested
    runs: Nested


def with_factors(spec, factors: Nested | None, loops=LOOPS, source: str = "", min_runs: int = MIN_RUNS,
                 min_shapes: int = MIN_SHAPES, min_effect: float = MIN_EFFECT,
                 min_stage_effect: float = MIN_STAGE_EFFECT):
    """`spec` with these tile factors in its calibration (None: without any)."""
    if factors is None:
        return without_factors(spec)
    block = TileFactors(
        confidence="measured", source=source or "measured: perfmodel.scoring.tile_fit", min_runs=min_runs,
        min_shapes=min_shapes, min_effect=min_effect, min_stage_effect=min_stage_effect,
        loops={name: LoopFactors(kernels=loops[name], factors=f) for name, f in factors.items()})
    return spec.model_copy(update={"calibration": spec.calibration.model_copy(update={"tile_factors": block})})


def _fitted_class(spec, problem, kernel: str, rnd: str) -> str | None:
    """The factor class a recorded shape's runs of `kernel` are fitted under in round `rnd`, or None
    where that round takes none: in "pooled" and "staged" every fitted class but a kernel's own, an
    element-wise decode class under its fallback (the class at any size); in "decode" the element-wise
    decode classes alone."""
    if compute_path(spec, problem.dtype)[0] != "matrix" or problem.alignment == "all" and not fitted_on(problem):
        return None
    if not takes_factors(kernel, problem):
        return None
    cls = factor_class(problem, kernel)
    if rnd == "decode":
        return cls if cls is not None and problem.alignment != "all" and regime(problem) else None
    if (rnd == "staged" and problem.alignment not in STAGED) or own_class(kernel, problem):
        return None
    return fallback_class(problem, kernel) or cls


def _keys(run, coarse: bool, staged: bool) -> list[str]:
    """The factor keys a run counts toward: its tile's at its stages where `staged` (the refining
    round, STAGED load classes only), else its tile's and, where its shape's load class is one of
    COARSE (`coarse`), its BLOCK_K x warps class's."""
    tile = (run["BLOCK_M"], run["BLOCK_N"], run["BLOCK_K"], run["num_warps"])
    if staged:
        return [tile_key(*tile, run["num_stages"])]
    keys = [tile_key(*tile)]
    if coarse:
        keys.append(tile_key(0, 0, run["BLOCK_K"], run["num_warps"]))
    return keys


def _log_ratios(datasets, spec, loops, rnd: str = "pooled") -> dict[tuple, list[tuple[float, str]]]:
    """(log(measured / predicted), shape) of each run fitted in round `rnd` (_fitted_class), by (loop,
    class, tile key): "staged" keys the tiles at their stages."""
    out = collections.defaultdict(list)
    for data in datasets:
        for shape in data.shapes:
            problem = problem_of(shape)
            coarse = problem.alignment in COARSE
            for loop, kernels in loops.items():
                classes = {k: _fitted_class(spec, problem, k, rnd) for k in kernels}
                kernels = tuple(k for k in kernels if classes[k] is not None)  # the others are not fitted
                runs = shape.candidates(kernels) if kernels else []
                if not runs:
                    continue
                _, pred_ms = rank_perfmodel(shape, runs, spec, tool_space=False)  # every timed run measures its tile
                for r, p in zip(runs, pred_ms):
                    if np.isfinite(p) and p > 0:
                        for key in _keys(r, coarse or rnd == "decode", rnd == "staged"):
                            out[(loop, classes[r["kernel"]], key)].append((float(np.log(r["time_ms"] / p)),
                                                                          f"{data.path.name}:{shape.index}"))
    return out


def _median_ratio(items) -> float:
    return float(np.exp(np.median([x for x, _ in items])))


def fit_tile_factors(datasets, spec, loops=LOOPS, min_runs: int = MIN_RUNS, min_shapes: int = MIN_SHAPES,
                     passes: int = PASSES, min_effect: float = MIN_EFFECT,
                     min_stage_effect: float = MIN_STAGE_EFFECT, decode_datasets=None) -> TileFit:
    """The factors of every tile class with at least `min_runs` runs of `min_shapes` shapes and an
    effect of at least `min_effect` (module doc), rounded to 3 digits; then, over them, the tiles of
    the STAGED load classes at their stages where those differ from their tile's factor by at least
    `min_stage_effect` (a staged key holds the whole factor: its tile's times the stages' own ratio);
    then, over those, the element-wise decode classes' tiles and BLOCK_K x warps classes, fitted on
    `decode_datasets` (default `datasets`): each the ratio over what its class's factors predict, every
    one kept (tile_factors.factor_tables multiplies the two)."""
    limits = (min_runs, min_shapes, passes, min_effect)
    pooled, runs = _fit_round(datasets, spec, {}, loops, "pooled", limits)
    # a tile seen often enough whose factor is within min_effect of 1 keeps 1 (no neighbour's factor
    # stands in for a measured tile: perfmodel.kernels.tile_factors.neighbour)
    pooled = {**{k: 1.0 for k in runs}, **pooled}
    factor, staged_runs = _fit_round(datasets, spec, pooled, loops, "staged",
                                     (min_runs, min_shapes, passes, min_stage_effect))
    # every decode ratio is kept, however near 1: the ratios refine a class in which the tiles run alike
    # (16-bit load k nn at decode M: 1.11-1.17 of their class's factors), and a ratio dropped for being
    # within min_effect of 1 left its tile the only one not raised (validation/NOTES.md, session 32)
    factor, decode_runs = _fit_round(datasets if decode_datasets is None else decode_datasets, spec, factor, loops,
                                     "decode", (min_runs, min_shapes, passes, 0.0))
    return TileFit(_nest({k: round(f, 3) for k, f in factor.items()}), _nest({**runs, **staged_runs, **decode_runs}))


def _fit_round(datasets, spec, base: dict, loops, rnd: str, limits) -> tuple[dict, dict]:
    """One round of the fit over the factors `base` (module doc): `base` with the groups whose runs
    keep a ratio beyond it (each the whole factor, _over), and the runs each group rests on."""
    min_runs, min_shapes, passes, min_effect = limits
    ratios = _log_ratios(datasets, with_factors(spec, _nest(base) or None, loops), loops, rnd)
    logs = {k: v for k, v in ratios.items()
            if len(v) >= min_runs and len({s for _, s in v}) >= min_shapes}
    factor = {k: _median_ratio(v) for k, v in logs.items()}
    for _ in range(passes - 1):
        more = _log_ratios(datasets, with_factors(spec, _nest(_over(base, factor)), loops), loops, rnd)
        factor = {k: f * _median_ratio(more[k]) for k, f in factor.items()}
    kept = {k: f for k, f in factor.items() if abs(np.log(f)) >= min_effect}
    return _over(base, kept), {k: len(v) for k, v in logs.items()}


def _over(base: dict, ratios: dict) -> dict:
    """`base` with each ratio's key added, as the whole factor: the ratio times what its tile takes
    from `base` without it (tile_factors.lookup_keys: its tile's, else its BLOCK_K x warps class's,
    else 1)."""
    def under(loop, cls, tile):
        bm, bn, bk, warps, _ = tile_of(tile)
        return next((base[(loop, cls, k)] for k in lookup_keys(bm, bn, bk, warps) if (loop, cls, k) in base), 1.0)

    return {**base, **{k: r * under(*k) for k, r in ratios.items()}}


def _nest(flat: dict[tuple, float]) -> Nested:
    out: Nested = {}
    for (loop, cls, key), v in sorted(flat.items()):
        out.setdefault(loop, {}).setdefault(cls, {})[key] = v
    return out
