"""`nt`'s one-by-one TF32 copies at the K-major weight (session 42, candidate 57): the weight is what its fit
script chooses from the recorded microbenchmark, it touches only wgmma k-steps with both operands K-major, and
the prologue's copies keep the full cost."""

from __future__ import annotations

import pytest

import perfmodel
from perfmodel.kernels import registry
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.evaluate import context, evaluate
from perfmodel.problem import GemmProblem, TileConfig

H200 = perfmodel.load_hardware("h200")


def _time(problem: GemmProblem, config: str, u: float | None = None) -> float:
    """The grouped kernel's predicted time, with kmajor_copy_weight u where given (else the H200's)."""
    scale = None if u is None else {"kmajor_copy_weight": u / H200.calibration.kmajor_copy_weight.value}
    cfg = ConfigArrays.of([{**TileConfig.parse(config).model_dump(), "kernel": "grouped"}])
    return float(evaluate(registry.get("grouped"), context(H200, problem, scale), cfg)["time_s"][0])


def test_the_weight_is_the_fit_scripts_choice():
    """hardware/h200.yaml's kmajor_copy_weight is what validation/fit_kmajor_copy.py chooses from the recorded
    one-wave rows (the grid value whose median measured / predicted over the 2- and 3-stage rows is nearest 1)."""
    import numpy as np

    from validation.fit_kmajor_copy import choose, timed_rows

    chosen, by_u = choose(timed_rows())
    medians = {u: float(np.median(r[2] + r[3])) for u, r in by_u.items()}
    assert H200.calibration.kmajor_copy_weight.value == chosen
    assert medians[1.0] < 0.5 < 0.9 < medians[chosen] < 1.1  # the gathered rate alone: 2-3x slow


@pytest.mark.parametrize("problem,config", [
    (GemmProblem(M=200704, N=88, K=1000, dtype="tf32", layout="nn"), "128x32x32_w4_s3_g8"),  # B transposed
    (GemmProblem(M=200704, N=88, K=1000, dtype="fp16", layout="nt"), "128x32x32_w4_s3_g8"),  # not pipelined
    (GemmProblem(M=4096, N=4096, K=4096, dtype="tf32", layout="nt"), "128x256x32_w8_s3_g8"),  # in vectors
])
def test_only_nt_one_by_one_copies_take_the_weight(problem, config):
    assert _time(problem, config, u=1.0) == _time(problem, config)


def test_the_loop_copies_take_it_and_the_prologue_s_do_not():
    """At 128 k-steps the weight takes most of a copy-bound k-step off; with one k-step (the prologue's copies,
    which nothing overlaps) the k-step keeps the full cost and the tile loses only what follows from its cheaper
    copies masked past the end and their latency share (0.86x here)."""
    long_k = GemmProblem(M=1536, N=2816, K=4093, dtype="tf32", layout="nt")
    one_step = GemmProblem(M=200704, N=88, K=24, dtype="tf32", layout="nt")
    assert _time(long_k, "128x256x32_w8_s3_g8") < 0.6 * _time(long_k, "128x256x32_w8_s3_g8", u=1.0)
    assert 0.8 < _time(one_step, "128x32x32_w4_s3_g1") / _time(one_step, "128x32x32_w4_s3_g1", u=1.0) < 0.9
    assert _time(long_k, "128x256x32_w8_s1_g8") == _time(long_k, "128x256x32_w8_s1_g8", u=1.0)  # 1 stage: no copies
