"""Configs that compile to one kernel are one candidate (perfmodel.kernels.lowering.compiled_stages):
where no load is pipelined (16-bit load class "none") every num_stages >= 2 compiles to the same
code. The compiler is asked here (offline, CPU only), and `rank` lists such a kernel once."""

from __future__ import annotations

import hashlib
import re

import numpy as np
import pytest

from perfmodel.kernels.lowering import compiled_stages, pipelines_nothing
from perfmodel.problem import make_problem
from perfmodel.ranking import rank

CFG = {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "num_warps": 4, "GROUP_M": 8, "SPLIT_K": 1}


def _ptx_hash(load: str, dtype: str, stages: int) -> tuple[str, int]:
    pytest.importorskip("triton")
    from validation.compile_sweep import compile_grouped

    k = compile_grouped("sm_90", dtype, load, {**CFG, "num_stages": stages})
    body = re.sub(r"matmul_kernel\w*", "K", k.asm["ptx"])
    body = "\n".join(line for line in body.splitlines() if not line.startswith("//"))
    return hashlib.md5(body.encode()).hexdigest(), int(k.metadata.shared)


@pytest.mark.parametrize("load, dtype", [("none", "fp16"), ("all", "fp16"), ("n", "bf16"), ("none", "tf32")])
def test_the_rule_agrees_with_the_compiler(load, dtype):
    """Identical PTX at two and four stages exactly where the model says nothing is pipelined."""
    same = _ptx_hash(load, dtype, 2) == _ptx_hash(load, dtype, 4)
    assert same == pipelines_nothing(load, dtype)
    assert (compiled_stages(load, dtype, [2, 4])[0] == compiled_stages(load, dtype, [2, 4])[1]) == same


def test_rank_lists_one_kernel_once():
    """A 16-bit shape with K and N not 16-divisible: no two listed configs differ in num_stages
    (>= 2) alone, and every config considered is listed, unfit or counted as the same kernel."""
    r = rank("h200", make_problem(M=3001, N=2999, K=1000, dtype="bf16"))
    a = r.arrays
    keys = [(c.kernel, c.BLOCK_M, c.BLOCK_N, c.BLOCK_K, c.num_warps, c.GROUP_M, c.SPLIT_K, min(c.num_stages, 2))
            for c in (x.config for x in r)]
    assert len(keys) == len(set(keys)) and r.n_same_kernel > 0
    assert len(r) + r.n_unfit + r.n_same_kernel == r.n_considered == a.size
    best = r.best.config
    assert best.num_stages <= 2  # of one kernel's stage counts, the fewest is the one listed
    aligned = rank("h200", make_problem(M=4096, N=4096, K=4096, dtype="bf16"))
    tf32 = rank("h200", make_problem(M=3001, N=2999, K=1000, dtype="tf32"))
    assert aligned.n_same_kernel == 0 and tf32.n_same_kernel == 0
    assert np.isfinite(r.predicted_s).all()


def test_prune_keeps_distinct_kernels():
    """The autotune hook's top_k are distinct compiled kernels: of a list holding one 16-bit
    class-none tile at three stage counts and two other tiles, top_k = 3 keeps one of the three."""
    from perfmodel.integrations.triton import prune
    from perfmodel.problem import TileConfig

    class Cfg:  # what triton.Config exposes to the hook
        def __init__(self, name):
            t = TileConfig.parse(name)
            self.kwargs = {k: getattr(t, k) for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "GROUP_M")}
            self.num_warps, self.num_stages = t.num_warps, t.num_stages

    names = ["128x64x32_w4_s2_g8", "128x64x32_w4_s3_g8", "128x64x32_w4_s4_g8", "64x64x32_w4_s3_g8",
             "128x128x32_w8_s3_g8"]
    hook = prune("h200", top_k=3, dtype="bf16", layout="nn")
    kept = hook([Cfg(n) for n in names], {"M": 3001, "N": 2999, "K": 1000})
    same_tile = [c for c in kept if c.kwargs["BLOCK_N"] == 64 and c.kwargs["BLOCK_M"] == 128]
    assert len(kept) == 3 and len(same_tile) <= 1
