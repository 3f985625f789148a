"""The ranker of recorded runs picks only what `perfmodel rank` could pick: a config its kernel
refuses for the problem (KernelModel.rejects, check's rule that depends on the problem: a split-K
config with more splits than k-steps) is never its pick, as the tool's space leaves it out
(validation/NOTES.md, session 32: 30 of 3,422 read shapes' scored picks had been such configs)."""

from __future__ import annotations

import numpy as np

import perfmodel
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.registry import get
from perfmodel.problem import make_config
from perfmodel.scoring.datasets import load_runs
from perfmodel.scoring.rankers import rank_perfmodel

H200 = perfmodel.load_hardware("h200")
PROBLEM = perfmodel.GemmProblem(M=49, N=888, K=888, dtype="fp16")  # 14 k-steps of BLOCK_K 64


def test_rejects_is_check_over_arrays_and_the_space_leaves_those_out():
    splitk = get("splitk")
    cfgs = [dict(BLOCK_M=64, BLOCK_N=64, BLOCK_K=bk, num_warps=4, num_stages=3, GROUP_M=8, SPLIT_K=sk)
            for bk in (32, 64, 128) for sk in (2, 4, 8, 14, 16)]
    got = splitk.rejects(PROBLEM, ConfigArrays.of(cfgs))
    want = [splitk.check(make_config(**c), PROBLEM) is not None for c in cfgs]
    assert got.tolist() == want and 0 < sum(want) < len(want)
    space = splitk.space(H200, PROBLEM)
    assert space.size and not splitk.rejects(PROBLEM, space).any()
    assert not get("grouped").rejects(PROBLEM, ConfigArrays.of(cfgs)).any()


def test_the_recorded_runs_ranker_never_picks_a_rejected_config():
    shape = next(s for s in load_runs("h200/holdout74").shapes
                 if (s.M, s.N, s.K, s.dtype, s.layout) == (49, 888, 888, "fp16", "nn"))
    runs = shape.candidates(("grouped", "splitk"))
    order, pred_ms = rank_perfmodel(shape, runs, H200)
    rejected = [get(r["kernel"]).check(make_config(**{k: r[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps",
                                                                       "num_stages", "GROUP_M", "SPLIT_K")}), PROBLEM)
                is not None for r in runs]
    assert any(rejected)  # the sweep timed split-K configs with empty splits here
    assert all(np.isinf(p) for p, bad in zip(pred_ms, rejected) if bad)
    assert all(np.isfinite(p) for p, bad in zip(pred_ms, rejected) if not bad)
    assert not rejected[order[0]]
