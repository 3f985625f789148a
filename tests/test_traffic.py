"""The analytic DRAM-traffic model against an independent brute-force LRU simulation of the
same grouped tile order on small grids."""

import math
from collections import OrderedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perfmodel.kernels.traffic import gemm_traffic, grouped_order


def lru_dram_bytes(M, N, K, e, BM, BN, BK, GROUP_M, W, cap):
    """Windows of W consecutive programs march through K in lockstep; every BLOCK_K slice of an
    A or B panel is one cache block; LRU with `cap` bytes. Returns bytes missed (A + B)."""
    order = grouped_order(M, N, BM, BN, GROUP_M)
    nk = math.ceil(K / BK)
    cache, used, missed = OrderedDict(), 0, 0
    a_blk, b_blk = BM * BK * e, BK * BN * e
    for start in range(0, len(order), W):
        window = order[start:start + W]
        for k in range(nk):
            for pm, pn in window:
                for key, size in ((("A", pm, k), a_blk), (("B", k, pn), b_blk)):
                    if key in cache:
                        cache.move_to_end(key)
                        continue
                    missed += size
                    cache[key] = size
                    used += size
                    while used > cap:
                        _, s = cache.popitem(last=False)
                        used -= s
    return missed


GEOMETRIES = [
    # M, N, K, BM, BN, BK, GROUP_M, W (programs in flight)
    (1024, 1024, 512, 64, 64, 32, 8, 16),
    (1024, 1024, 512, 64, 64, 32, 1, 16),
    (1024, 1024, 512, 64, 64, 32, 4, 32),
    (2048, 512, 256, 128, 64, 32, 8, 8),
    (1024, 2048, 512, 64, 128, 64, 2, 32),
    (512, 2048, 1024, 32, 64, 64, 8, 24),
    # windows of 1-2 whole groups: B panels read per window, not per group (32x and 64x64 tiles,
    # GROUP_M 1; the count before session 18 read 1.4-1.7x what the simulation reads)
    (1024, 1024, 512, 64, 64, 32, 1, 24),
    (1024, 1024, 512, 32, 64, 32, 1, 28),
    (2048, 1024, 256, 64, 64, 32, 1, 20),
]


def _regime_caps(M, N, K, BM, BN, BK, G, W, e=2):
    """Cache sizes well inside each regime of the model, and always >= 4x what one k-step of
    the window touches (a real L2 is thousands of times larger than that; below it, an LRU
    thrashes inside a k-step, which concurrent programs on a GPU do not)."""
    tm, tn = math.ceil(M / BM), math.ceil(N / BN)
    gm = min(G, tm)
    wc = min(math.ceil(W / gm), tn)
    step = (gm * BM + wc * BN) * BK * e
    window = step * math.ceil(K / BK)
    b_all = (K * N + gm * BM * K) * e
    caps = {max(4 * step, window // 2), 2 * window, 2 * b_all + 2 * M * K * e}
    return sorted(c for c in caps if c >= 4 * step)


CASES = [(*g, cap) for g in GEOMETRIES for cap in _regime_caps(*g)]


@pytest.mark.parametrize("M,N,K,BM,BN,BK,G,W,cap", CASES)
def test_matches_lru_simulation(M, N, K, BM, BN, BK, G, W, cap):
    sim = lru_dram_bytes(M, N, K, 2, BM, BN, BK, G, W, cap)
    t = gemm_traffic(M, N, K, 2, 2, BM, BN, G, W, cap)
    model = t.dram_a_bytes + t.dram_b_bytes
    assert abs(model - sim) / sim <= 0.10, (model, sim, t)


def test_grouping_reduces_traffic_like_the_simulation():
    args = dict(M=2048, N=2048, K=256, BM=64, BN=64, BK=32, W=32, cap=512 * 1024)
    sims = {g: lru_dram_bytes(args["M"], args["N"], args["K"], 2, args["BM"], args["BN"], args["BK"], g, args["W"], args["cap"]) for g in (1, 8)}
    models = {g: gemm_traffic(args["M"], args["N"], args["K"], 2, 2, args["BM"], args["BN"], g, args["W"], args["cap"]).dram_bytes for g in (1, 8)}
    assert (sims[8] < sims[1]) == (models[8] < models[1])


def test_grouped_order_is_a_permutation():
    order = grouped_order(1000, 700, 64, 32, 8)
    assert len(order) == len(set(order)) == math.ceil(1000 / 64) * math.ceil(700 / 32)


@settings(max_examples=60, deadline=None)
@given(tm=st.integers(1, 12), tn=st.integers(1, 12), nk=st.integers(1, 6), g=st.sampled_from([1, 2, 4, 8]),
       w=st.integers(1, 40), cap_blocks=st.sampled_from([200, 1000]))
def test_clear_regimes_agree_with_lru(tm, tn, nk, g, w, cap_blocks):
    """Where the cache holds everything or almost nothing, model and simulation agree closely."""
    BM = BN = 32
    BK = 16
    M, N, K = tm * BM, tn * BN, nk * BK
    cap = cap_blocks * BM * BK * 2
    sim = lru_dram_bytes(M, N, K, 2, BM, BN, BK, g, w, cap)
    t = gemm_traffic(M, N, K, 2, 2, BM, BN, g, w, cap)
    model = t.dram_a_bytes + t.dram_b_bytes
    if cap_blocks == 1000 and (M * K + K * N) * 2 <= cap / 2:
        assert model == sim == (M * K + K * N) * 2
    else:
        assert model >= (M * K + K * N) * 2
        assert sim >= (M * K + K * N) * 2
