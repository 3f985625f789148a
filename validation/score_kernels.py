#!/usr/bin/env python3
"""Score the model's choice of kernel and config on runs files that time several kernels:
per shape, the model ranks every correct run of the kernels it has a model for (the registered
ones, or --kernels), and its first choice's measured time is compared with the best measured
time of every kernel in the file (including kernels it has no model for) and with cuBLAS.

    python validation/score_kernels.py h200/hopper h200/fp8 [--kernels grouped,splitk,tma]

Prints, per shape: the pick (kernel, config), best/pick (top-1 over all kernels), which kernel
timed best, cuBLAS/pick (> 1: the pick beats cuBLAS); then per file the geomean and worst
top-1, the geomean against cuBLAS over all shapes and over those with M, N >= 1024, and per
kernel the shapes it wins and by how much (its best against the best of the other kernels).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.kernels import registry  # noqa: E402
from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.rankers import rank_perfmodel  # noqa: E402


def gmean(xs) -> float:
    xs = [x for x in xs if x == x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def score_file(name: str, kernels: tuple[str, ...], hw: str) -> None:
    data = load_runs(name)
    top1, vs_blas, vs_blas_big, wins = [], [], [], defaultdict(list)
    print(f"== {name}: the model's pick among {', '.join(kernels)}; best over every kernel timed")
    for shape in data.shapes:
        every = shape.all_runs
        if not every:
            continue
        runs = [r for r in every if r["kernel"] in kernels]
        order, _ = rank_perfmodel(shape, runs, hw)
        pick = runs[order[0]]
        best = min(r["time_ms"] for r in every)
        by_kernel = {}
        for r in every:
            by_kernel[r["kernel"]] = min(by_kernel.get(r["kernel"], math.inf), r["time_ms"])
        winner = min(by_kernel, key=by_kernel.get)
        others = [t for k, t in by_kernel.items() if k != winner]
        wins[winner].append((shape.label(), min(others) / best if others else float("nan")))
        t1 = best / pick["time_ms"]
        blas = shape.cublas_ms / pick["time_ms"] if shape.cublas_ms else float("nan")
        top1.append(t1)
        vs_blas.append(blas)
        if shape.M >= 1024 and shape.N >= 1024:
            vs_blas_big.append(blas)
        print(f"  {shape.label():44s} pick {pick['kernel']:13s} {pick['config']:24s} top-1 {t1:.3f}  "
              f"best {winner:13s} cuBLAS/pick {blas:.3f}")
    worst = min(top1) if top1 else float("nan")
    print(f"  top-1 geomean {gmean(top1):.3f}, worst {worst:.3f} ({len(top1)} shapes); cuBLAS/pick geomean "
          f"{gmean(vs_blas):.3f}, M,N >= 1024: {gmean(vs_blas_big):.3f} ({len(vs_blas_big)} shapes)")
    for k, ws in sorted(wins.items(), key=lambda kv: -len(kv[1])):
        margins = ", ".join(f"{label} {m:.2f}x" for label, m in ws)
        print(f"  {k} best on {len(ws)}: {margins}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="+", help="runs files: bundled names (h200/hopper) or .jsonl paths")
    ap.add_argument("--kernels", default=None, help="the kernels the model ranks (default: every registered one)")
    ap.add_argument("--hw", default="h200")
    args = ap.parse_args(argv)
    kernels = tuple(k.strip() for k in args.kernels.split(",")) if args.kernels else registry.names()
    for name in args.data:
        score_file(name, kernels, args.hw)
    return 0


if __name__ == "__main__":
    sys.exit(main())
