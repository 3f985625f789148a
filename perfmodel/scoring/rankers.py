"""The rankers `perfmodel validate` compares, each a function of a shape's candidate runs.

A ranker returns (order of candidate indices, best first; predicted ms per candidate or None):

  perfmodel       the analytical model: each candidate predicted by its kernel's model
  default         one fixed config for every shape (the run tagged "default": 128x128x64_w4_s3_g8)
  tutorial        Triton's matmul-tutorial list of 8, autotuned: best measured of its 8
  nvmh-top1       nvMatmulHeuristics' first pick (the first one Triton could compile)
  nvmh-top8       its 8 picks autotuned: best measured of those that ran
  nvmh-model      its runtime estimate (nvMatmulHeuristicsEstimateRuntime) ranking the candidates

nvMatmulHeuristics' picks were recorded before the sweep (nvmh_picks.json in the bundled data)
and timed in it; its runtime estimate needs the `peers` extra.
"""

from __future__ import annotations

import json
from typing import Callable

import numpy as np

from perfmodel.bundled import data_file
from perfmodel.dtypes import DTYPES
from perfmodel.names import CONFIG_KEYS, config_name, shape_key
from perfmodel.scoring import peers
from perfmodel.scoring.datasets import Shape


def _cfg(r: dict) -> dict:
    return {**{k: int(r[k]) for k in CONFIG_KEYS}, "kernel": r["kernel"]}


def problem_of(shape: Shape, layout: str | None = None):
    """The GemmProblem of a recorded shape (in `layout` instead of its own, where given)."""
    from perfmodel.problem import GemmProblem

    return GemmProblem(M=shape.M, N=shape.N, K=shape.K, dtype=shape.dtype, layout=layout or shape.layout)


def rank_perfmodel(shape: Shape, runs: list[dict], hw="h200", kernel_models=None, as_layout=None,
                   tool_space: bool = True):
    """`kernel_models`: {kernel name: model} to use instead of the registered ones; `as_layout`:
    predict every shape as if it had this layout (e.g. "nn": the model blind to layouts);
    `tool_space`: leave out (time inf) the runs whose config the kernel rejects for the problem, as
    `perfmodel rank` does (KernelModel.rejects); False prices every run (the tile fit: a run outside
    the tool's space still measures its tile)."""
    from perfmodel.kernels import registry
    from perfmodel.kernels.base import ConfigArrays
    from perfmodel.kernels.evaluate import context, evaluate
    from perfmodel.hardware.registry import load_hardware
    from perfmodel.ranking import ranked_order

    spec = load_hardware(hw)
    ctx = context(spec, problem_of(shape, as_layout))
    pred_s, dram = np.full(len(runs), np.inf), np.zeros(len(runs))
    kernels = np.array([r["kernel"] for r in runs])
    for name in dict.fromkeys(kernels.tolist()):
        model = (kernel_models or {}).get(name) or registry.get(name)
        if model.unsupported(spec, ctx.problem) is not None:  # the ranker leaves it out: never its pick
            continue
        idx = np.flatnonzero(kernels == name)
        cfgs = ConfigArrays.of([runs[i] for i in idx])
        out = evaluate(model, ctx, cfgs)
        pred_s[idx], dram[idx] = out["time_s"], out["dram_bytes"]
        # a config its kernel refuses for this problem is never `perfmodel rank`'s pick, so not this ranker's
        if tool_space:
            pred_s[idx[model.rejects(ctx.problem, cfgs)]] = np.inf
    stages = [r["num_stages"] for r in runs]
    return list(ranked_order(pred_s, dram, stages)), pred_s * 1e3  # perfmodel rank's order and tie-break


def _tagged(runs: list[dict], tag: str) -> list[int]:
    return [i for i, r in enumerate(runs) if tag in r.get("tags", [])]


def rank_default(shape: Shape, runs: list[dict], hw="h200"):
    return _tagged(runs, "default"), None


def rank_tutorial(shape: Shape, runs: list[dict], hw="h200"):
    return sorted(_tagged(runs, "tutorial"), key=lambda i: runs[i]["time_ms"]), None  # autotuned: best of its 8


_PICKS: dict | None = None


def _nvmh_picks(shape: Shape, runs: list[dict]) -> list[int]:
    global _PICKS
    if _PICKS is None:
        _PICKS = json.loads(data_file("nvmh_picks.json").read_text())["picks"]
    picks = _PICKS.get(shape_key(shape.M, shape.N, shape.K, shape.dtype), [])
    name = {config_name(r, r["kernel"]): i for i, r in enumerate(runs)}
    order = []
    for p in sorted(picks, key=lambda p: p["nvmh_rank"]):
        i = name.get(config_name(p))
        if i is not None and i not in order:
            order.append(i)  # picks that failed to compile or run are absent from the runs
    return order


def rank_nvmh_top1(shape: Shape, runs: list[dict], hw="h200"):
    return _nvmh_picks(shape, runs), None


def rank_nvmh_top8(shape: Shape, runs: list[dict], hw="h200"):
    return sorted(_nvmh_picks(shape, runs), key=lambda i: runs[i]["time_ms"]), None


_SCORERS: dict = {}


def rank_nvmh_model(shape: Shape, runs: list[dict], hw="h200"):
    if DTYPES[shape.dtype].nvmh is None:  # compared on fp16 and bf16 only (peers.precision): no ranking
        return [], None
    if isinstance(hw, str):
        key = hw
    else:  # a device file loaded by path: the scorer depends on its preset alone
        key = str(hw.toolchain.nvmh_gpu.value) if hw.toolchain.nvmh_gpu else hw.id
    scorer = _SCORERS.get(key) or _SCORERS.setdefault(key, peers.NvmhScorer(hw))
    est = np.array([scorer.estimate_s(shape.M, shape.N, shape.K, shape.dtype, _cfg(r)) or np.nan for r in runs])
    pred_ms = est * 1e3
    return list(np.argsort(np.where(np.isnan(pred_ms), np.inf, pred_ms), kind="stable")), pred_ms


Ranker = Callable[..., tuple]

RANKERS: dict[str, Ranker] = {
    "perfmodel": rank_perfmodel,
    "default": rank_default,
    "tutorial": rank_tutorial,
    "nvmh-top1": rank_nvmh_top1,
    "nvmh-top8": rank_nvmh_top8,
    "nvmh-model": rank_nvmh_model,
}
NEEDS_PEERS = {"nvmh-model"}
