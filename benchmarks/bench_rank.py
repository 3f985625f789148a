#!/usr/bin/env python3
"""How long does ranking take? Prints figures; asserts nothing (performance goals are read, not tested).

    python benchmarks/bench_rank.py [--hw h200] [--m 4096 --n 4096 --k 4096] [--dtype fp16]

Times perfmodel.rank over the whole built-in space (median of 20 runs after a warm-up, one
thread), and nvMatmulHeuristics' `get(problem, 8)` for the same shape (the `peers` extra), the
way a user would call each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(var, "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import perfmodel  # noqa: E402
from perfmodel.ranking import rank  # noqa: E402


def median_ms(fn, n=20) -> float:
    fn()
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t) * 1e3)
    return statistics.median(ts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hw", default="h200")
    ap.add_argument("--m", type=int, default=4096)
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--k", type=int, default=4096)
    ap.add_argument("--dtype", default="fp16")
    a = ap.parse_args()
    problem = perfmodel.GemmProblem(M=a.m, N=a.n, K=a.k, dtype=a.dtype)
    r = rank(a.hw, problem)
    t = median_ms(lambda: rank(a.hw, problem))
    print(f"perfmodel.rank, {a.hw}, {problem}: {r.n_considered} configs in the built-in space, {len(r)} fit; "
          f"median {t:.1f} ms per ranking (goal: < 50 ms on one core); top-1 {r.best.config.name}")
    try:
        from perfmodel.scoring.peers import interface, precision

        nv, h = interface(a.hw)
        prob = h.makeNvMatmulHeuristicsProblem(a.m, a.n, a.k, nv.NvMatmulHeuristicsMatmulLayout.NN_ROW_MAJOR)
        h.get(prob, 8, precision=precision(a.dtype))
        t2 = median_ms(lambda: h.get(prob, 8, precision=precision(a.dtype)))
        print(f"nvMatmulHeuristics get(problem, 8), TRITON target, H200 preset: median {t2:.1f} ms")
    except Exception as e:  # noqa: BLE001 - the peer is optional
        print(f"nvMatmulHeuristics not timed: {type(e).__name__}: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
