#!/usr/bin/env python3
"""The lab's entry point for the recorded sweeps (validation/data/h200/*.jsonl): a thin wrapper
over `perfmodel sweep` (perfmodel/gpu/sweep.py), which times the bundled kernels, and over the
memory microbenchmarks of `perfmodel calibrate` (perfmodel/gpu/microbench.py), with one lab
extra: the driver's occupancy over a grid of launches (--occupancy-sweep).

Run on the GPU machine from a checkout (torch and triton 3.6.0 there; pydantic and pyyaml only
for `perfmodel` itself, not for this script):

    python3 validation/device_sweep.py --out OUTDIR [--suite main|holdout|...] [--shapes 0:12]
                                       [--calibrate] [--occupancy-sweep] [--jobs 16]

OUTDIR/runs.jsonl gets the rows (resumable by shape index); --calibrate writes
OUTDIR/calibration.json (DRAM copy, L2 read curve, launch cost, vendor BLAS at 8192^3);
--occupancy-sweep writes OUTDIR/occupancy_driver.jsonl.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from perfmodel.gpu import env, suite  # noqa: E402  (plain modules; torch is imported when used)


def occupancy_sweep(outdir: Path, jobs: int) -> None:
    """The driver's answer over a grid of (threads, dynamic shared bytes) for grouped-GEMM
    kernels of different register counts: ground truth for the occupancy model."""
    import torch

    from perfmodel.gpu import kernels as mk

    limit = env.properties()["shared_per_block_optin_bytes"]
    seen, rows = set(), []
    for c in suite.grid_configs(limit)[:60]:
        meta = dict(BLOCK_M=c["BLOCK_M"], BLOCK_N=c["BLOCK_N"], BLOCK_K=c["BLOCK_K"], GROUP_M=c["GROUP_M"],
                    num_warps=c["num_warps"], num_stages=c["num_stages"], grid=(1,))
        k = mk.matmul_kernel.warmup(torch.float16, torch.float16, torch.float16, 4096, 4096, 4096, 4096, 1, 4096, 1,
                                    4096, 1, **meta)
        k._init_handles()
        key = (int(k.n_regs), c["num_warps"])
        if key in seen:
            continue
        seen.add(key)
        for threads in range(32, c["num_warps"] * 32 + 1, 32):
            for smem in list(range(0, 48 * 1024 + 1, 4096)) + list(range(52 * 1024, limit + 1, 12 * 1024)) + [limit]:
                rows.append({"n_regs": int(k.n_regs), "threads": threads, "smem_bytes": smem,
                             "driver_blocks_per_sm": env.driver_occupancy(k.function, threads, smem)})
    with open(outdir / "occupancy_driver.jsonl", "w") as f:
        f.writelines(json.dumps(r) + "\n" for r in rows)
    print(f"[occupancy] {len(rows)} driver queries over {len(seen)} kernels", flush=True)


def main(argv=None) -> int:
    argv = sys.argv if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--suite", choices=list(suite.SUITES), default="main")
    ap.add_argument("--shapes", default=None, help="START:END positions within the suite")
    ap.add_argument("--only", default="", help="comma-separated shape indices to run (e.g. a repeat for noise)")
    ap.add_argument("--jobs", type=int, default=16)
    ap.add_argument("--calibrate", action="store_true", help="also the memory microbenchmarks -> calibration.json")
    ap.add_argument("--occupancy-sweep", action="store_true", help="also the driver's occupancy over a launch grid")
    ap.add_argument("--time-budget-s", type=float, default=1e9, help="start no new shape after this")
    args = ap.parse_args(argv[1:])
    from perfmodel.gpu.sweep import sweep_here

    torch, _ = env.require()
    torch.backends.cuda.matmul.allow_tf32 = False
    args.out.mkdir(parents=True, exist_ok=True)
    shapes = suite.suite_shapes(args.suite)
    if args.shapes:
        start, end = (int(x) for x in args.shapes.split(":"))
        shapes = shapes[start:end]
    if args.only:
        want = {int(x) for x in args.only.split(",")}
        shapes = [(i, s) for i, s in shapes if i in want]
    t0 = time.time()
    if args.calibrate:
        from perfmodel.gpu.microbench import memory

        (args.out / "calibration.json").write_text(json.dumps(memory(quick=False), indent=2))
    tma = env.vendor() == "cuda" and torch.cuda.get_device_capability()[0] >= 9  # Hopper and later have a TMA
    limits = (env.properties()["sm_count"], env.properties()["shared_per_block_optin_bytes"])
    sweep_here(shapes, args.out / "runs.jsonl", limits, tma, argv, args.jobs, args.time_budget_s - (time.time() - t0))
    if args.occupancy_sweep:
        occupancy_sweep(args.out, args.jobs)
    print(f"[sweep] finished in {time.time() - t0:.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
