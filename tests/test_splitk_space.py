"""Which SPLIT_K the split-K kernel accepts (perfmodel.kernels.grouped.model.splits_have_work): every slice
of K has work. Cross-checked against a walk of the kernel's own loop (perfmodel.gpu.kernels.
matmul_splitk_kernel: slice z loads the K blocks z, z + SPLIT_K, ..., cdiv(K, BLOCK_K x SPLIT_K) times,
masked past K), not against the rule's formula."""

from __future__ import annotations

import re

import numpy as np
import pytest

from perfmodel.kernels.grouped.model import splits_have_work, tile_grid
from perfmodel.kernels.registry import get
from perfmodel.names import CONFIG_KEYS
from perfmodel.problem import GemmProblem, TileConfig


def _slices_with_work(K: int, bk: int, sk: int) -> int:
    """How many of the kernel's `sk` slices load at least one element of K (its loop, walked)."""
    rounds = -(-K // (bk * sk))
    return sum(any(z * bk + i * bk * sk < K for i in range(rounds)) for z in range(sk))


@pytest.mark.parametrize("K", [16, 40, 64, 300, 429, 479, 488, 512, 978, 1000, 4096])
@pytest.mark.parametrize("bk", [16, 32, 64, 128])
def test_the_rule_is_every_slice_of_the_kernels_loop_loading_something(K, bk):
    problem = GemmProblem(M=49, N=488, K=K, dtype="fp16")
    for sk in (1, 2, 3, 4, 5, 7, 8, 9, 14, 16, 20, 32, 64):
        walked = _slices_with_work(K, bk, sk) == sk
        assert bool(splits_have_work(problem, bk, sk)) == walked, (K, bk, sk)


def test_the_last_partial_k_step_is_a_slice_of_its_own():
    """K = 488 at BLOCK_K 64 is eight k-steps, the last of 40: SPLIT_K 8 gives each slice one (the read sets'
    best run of 49x488x488 on the H200, which the rule SPLIT_K x BLOCK_K <= K turned away)."""
    problem = GemmProblem(M=49, N=488, K=488, dtype="fp16")
    grid = tile_grid(problem, splits=(8,))
    keys = {k: grid[:, i] for i, k in enumerate(CONFIG_KEYS)}
    assert ((keys["BLOCK_K"] == 64) & (keys["SPLIT_K"] == 8)).any()
    assert not ((keys["BLOCK_K"] == 128) & (keys["SPLIT_K"] == 8)).any()  # four k-steps: half the slices idle


@pytest.mark.parametrize("K, bk", [(488, 64), (479, 32), (64, 64), (40, 64), (1000, 128)])
def test_the_checks_message_names_the_largest_split_it_accepts(K, bk):
    model, problem = get("splitk"), GemmProblem(M=49, N=488, K=K, dtype="fp16")
    accepted = [sk for sk in range(2, 65) if model.check(_config(bk, sk), problem) is None]
    message = model.check(_config(bk, 64), problem)
    at_most = int(re.search(r"at most (\d+)", message).group(1))
    assert at_most == max(accepted, default=1) == -(-K // bk)


def _config(bk: int, sk: int) -> TileConfig:
    return TileConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=bk, num_warps=4, num_stages=3, GROUP_M=8, SPLIT_K=sk,
                      kernel="splitk")


def test_the_walk_counts_idle_slices():
    """The walk the tests above lean on: K = 300 at BLOCK_K 64 in eight slices leaves slices 5-7 idle."""
    assert _slices_with_work(300, 64, 8) == 5
    assert np.all([_slices_with_work(300, 64, sk) == sk for sk in range(1, 6)])
