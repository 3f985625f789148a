"""DRAM and L2 traffic of a tiled GEMM under the grouped (GROUP_M) program order.

The tiles of C are visited in the order of the kernels' grouped mapping (seed 000): groups of
`gm = min(GROUP_M, tiles_m)` tile-rows, inside a group column by column, rows fastest. At any
time `W` consecutive programs are in flight (resident blocks x SMs, at most all tiles); they
march through K together. Each program reads its A panel (BLOCK_M x K) and B panel
(K x BLOCK_N) once, in BLOCK_K slices, through L2.

    L2 -> SM bytes   = tiles x (BLOCK_M + BLOCK_N) x K x bytes      (every slice of every tile)
    window           = gm rows x wc columns,   wc = ceil(W / gm) (capped at tiles_n)
    A from DRAM      = A once, if a window's panels (gm x BLOCK_M + wc x BLOCK_N) x K x bytes
                       fit in the L2 (the next window of the group reuses the same A panels);
                       else A once per window pass: A x ceil(tiles_n / wc)
    B from DRAM      = B once, if all of B plus two groups' A panels fit in the L2 (the next
                       group reuses B while its own A streams in); else each window reads the B
                       panels of the wc columns it covers: B x ceil(tiles / W) x wc / tiles_n
    C to DRAM        = M x N x out_bytes (x SPLIT_K in fp32 for split-K partials)

Validated against an independent brute-force LRU simulation of the same order on small
grids (tests/test_traffic.py): within 10% of the simulated DRAM bytes where the regime is
clear, and the same ordering of GROUP_M choices. Until session 18 B counted one pass per set of
whole groups in flight, W // (gm x tiles_n) rounded down: a window of 1.65 groups (128x256 tiles,
GROUP_M 1, N = 20480 on the H200) was charged a pass per group, 16 B where the simulation reads
10; the per-window count matches the simulation there within 6% (session 18, NOTES).
"""

from __future__ import annotations

import math

import numpy as np

from pydantic import BaseModel, ConfigDict


class Traffic(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tiles_m: int
    tiles_n: int
    tiles: int  # programs of the main kernel (x SPLIT_K)
    in_flight: int
    group_rows: int
    window_cols: int
    l2_to_sm_bytes: float
    dram_a_bytes: float
    dram_b_bytes: float
    dram_c_bytes: float
    a_reuse_across_windows: bool
    b_reuse_across_groups: bool

    @property
    def dram_bytes(self) -> float:
        return self.dram_a_bytes + self.dram_b_bytes + self.dram_c_bytes


def traffic_arrays(M: int, N: int, K: int, in_bytes: int, out_bytes: int, BLOCK_M, BLOCK_N, GROUP_M, in_flight,
                   l2_bytes: float, SPLIT_K=1) -> dict[str, np.ndarray]:
    """The formulas of the module doc on numpy arrays of configs (the ranker's path)."""
    bm, bn, g, fl, sk = (np.asarray(x, dtype=np.int64) for x in (BLOCK_M, BLOCK_N, GROUP_M, in_flight, SPLIT_K))
    bm, bn, g, fl, sk = np.broadcast_arrays(bm, bn, g, fl, sk)
    tm = -(-M // bm)
    tn = -(-N // bn)
    tiles = tm * tn
    k_per_split = -(-K // sk)
    # programs in flight, counted in output tiles (the splits of one tile share its panels' rows)
    w = np.maximum(1, np.minimum(np.where(sk > 1, fl // np.maximum(sk, 1), fl), tiles))
    gm = np.minimum(g, tm)
    wc = np.minimum(-(-w // gm), tn)
    groups = -(-tm // gm)
    a_bytes = float(M) * K * in_bytes
    b_bytes = float(K) * N * in_bytes
    window_ws = (gm * bm + wc * bn).astype(float) * K * in_bytes
    a_reuse = (window_ws <= l2_bytes) | (wc >= tn)
    dram_a = np.where(a_reuse, a_bytes, a_bytes * -(-tn // wc))
    group_a = np.minimum(gm * bm, M).astype(float) * K * in_bytes
    b_reuse = ((b_bytes + 2 * group_a) <= l2_bytes) | (groups == 1)  # B survives while two groups' A stream by
    # each window of W programs reads the B panels of its wc columns once (they march together)
    dram_b = np.where(b_reuse, b_bytes, b_bytes * -(-tiles // w) * wc / tn)
    dram_c = np.where(sk > 1, float(M) * N * 4 * sk, float(M) * N * out_bytes)
    l2_to_sm = tiles.astype(float) * (bm + bn) * k_per_split * sk * in_bytes
    return {"tiles_m": tm, "tiles_n": tn, "tiles": tiles * sk, "in_flight": w, "group_rows": gm, "window_cols": wc,
            "l2_to_sm_bytes": l2_to_sm, "dram_a_bytes": dram_a, "dram_b_bytes": dram_b, "dram_c_bytes": dram_c,
            "a_reuse_across_windows": a_reuse, "b_reuse_across_groups": b_reuse,
            "dram_bytes": dram_a + dram_b + dram_c}


def gemm_traffic(M: int, N: int, K: int, in_bytes: int, out_bytes: int, BLOCK_M: int, BLOCK_N: int,
                 GROUP_M: int, in_flight: int, l2_bytes: float, SPLIT_K: int = 1) -> Traffic:
    """DRAM/L2 bytes of one GEMM launch (see the module doc for the formulas)."""
    t = traffic_arrays(M, N, K, in_bytes, out_bytes, BLOCK_M, BLOCK_N, GROUP_M, in_flight, l2_bytes, SPLIT_K)
    one = {k: v.reshape(-1)[0].item() for k, v in t.items() if k != "dram_bytes"}
    return Traffic(**{k: (bool(v) if k.endswith(("windows", "groups")) else v) for k, v in one.items()})


def grouped_order(M: int, N: int, BLOCK_M: int, BLOCK_N: int, GROUP_M: int) -> list[tuple[int, int]]:
    """(pid_m, pid_n) for pid = 0, 1, ...: the kernels' grouped mapping, written out."""
    tm, tn = math.ceil(M / BLOCK_M), math.ceil(N / BLOCK_N)
    out = []
    for pid in range(tm * tn):
        in_group = GROUP_M * tn
        first = (pid // in_group) * GROUP_M
        size = min(tm - first, GROUP_M)
        out.append((first + (pid % in_group) % size, (pid % in_group) // size))
    return out
