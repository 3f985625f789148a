#!/usr/bin/env python3
"""Is a short grouped run's recorded time the kernel's, or the host's? A probe, on one GPU.

The sweeps time the grouped kernel as eager launches under triton.testing.do_bench, which zeroes a
256 MB buffer (the L2 flush) before each call and records the start event after it: the kernel's
time is clean only while the host issues the launch before the GPU finishes the flush. Split-K is
timed as a CUDA-graph replay (one host call). On short shapes the recorded grouped runs sat
1.3-2.6x over their prediction while split-K's sat near 0.9-1.0 (holdout50 192x2048x1408 fp16,
holdout53 384x1408x2048 bf16 and 24x6912x2560 bf16 nt, all with drift flags), and the hopper
suite's small shapes ran 1.3-1.7x slower while compile workers were busy (validation/NOTES.md).

For a few short shapes and configs this times each config in three ways, in rounds that
alternate the order:
    eager       the sweeps' way (do_bench over the launch, warm-up 10, rep 60)
    graph       do_bench over a CUDA-graph replay of the same launch
    eager_busy  eager while `--busy` processes spin on the other CPUs (what compile-ahead workers
                do to the host during a sweep)
and records the host's time to issue one launch and the GPU's time for the flush itself.

    OUT=out python3 validation/launch_gap_probe.py [--busy 15] [--rounds 2]

Writes $OUT/launch_gap_probe.jsonl (a header row with the GPU, clocks and versions, then one row
per config, mode and round) as it goes.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.names import CONFIG_KEYS as KEYS  # noqa: E402  (the configs below are in this order)

#: (M, N, K, dtype, layout, [configs as BM, BN, BK, warps, stages, GROUP_M, SPLIT_K])
CASES = [
    (192, 2048, 1408, "fp16", "nn", [(64, 128, 64, 4, 5, 8, 1), (64, 128, 64, 4, 3, 8, 1), (128, 32, 64, 8, 5, 1, 1),
                                     (128, 64, 128, 4, 4, 8, 1), (16, 64, 32, 2, 4, 8, 1), (64, 128, 64, 4, 3, 8, 4)]),
    (384, 1408, 2048, "bf16", "nn", [(128, 32, 64, 8, 5, 1, 1), (64, 64, 64, 4, 5, 8, 1), (64, 128, 64, 4, 5, 8, 1),
                                     (128, 64, 64, 4, 3, 8, 4)]),
    (24, 6912, 2560, "bf16", "nt", [(32, 64, 128, 2, 4, 8, 1), (16, 128, 128, 4, 5, 8, 1), (16, 64, 128, 2, 4, 8, 1),
                                    (64, 128, 64, 4, 3, 8, 4)]),
    (98304, 40, 54, "fp16", "nn", [(128, 64, 32, 4, 2, 8, 1), (64, 64, 64, 4, 3, 8, 1)]),
    (192, 2048, 7168, "fp16", "nn", [(64, 128, 64, 4, 5, 8, 1), (64, 128, 64, 4, 3, 8, 1), (64, 128, 64, 4, 3, 8, 8)]),
]


def spin(stop):
    """A busy CPU (stands for a compile worker) until `stop` is set."""
    os.nice(19)
    x = 0
    while not stop.is_set():
        x += 1


def host_issue_us(launch, n: int = 200) -> float:
    """Host microseconds per launch, issued back to back (no synchronisation in between)."""
    import torch

    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(n):
        launch()
    dt = time.perf_counter() - t
    torch.cuda.synchronize()
    return dt / n * 1e6


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--busy", type=int, default=max(1, (os.cpu_count() or 2) - 1), help="spinning processes")
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args(argv)
    import torch
    import triton
    import triton.testing

    from perfmodel.dtypes import DTYPES
    from perfmodel.gpu.bench import check, graphed, launcher, operands, with_precision
    from perfmodel.gpu.env import versions

    out = Path(os.environ.get("OUT", "out"))
    out.mkdir(parents=True, exist_ok=True)
    f = (out / "launch_gap_probe.jsonl").open("w")
    write = lambda row: (f.write(json.dumps(row) + "\n"), f.flush())  # noqa: E731
    cache = triton.runtime.driver.active.get_empty_cache_for_benchmark()
    flush_ms = triton.testing.do_bench(lambda: cache.zero_(), warmup=10, rep=50, return_mode="median")
    write({**versions(["OUT=out", "python3", "validation/launch_gap_probe.py"] + (argv or sys.argv[1:])),
           "timing": "do_bench median (warm-up 10, rep 60) eager, as a CUDA-graph replay, and eager with busy CPUs",
           "flush_ms": flush_ms, "busy_processes": a.busy})
    ctx = mp.get_context("fork")
    stop = ctx.Event()
    for M, N, K, dtype, layout, cfgs in CASES:
        A, B = operands(M, N, K, dtype, layout)
        ref = A.float() @ B.float()
        cc = torch.empty((M, N), device="cuda", dtype=getattr(torch, DTYPES[dtype].c_torch))
        for tup in cfgs:
            cfg = with_precision(dict(zip(KEYS, tup)), dtype)
            split = cfg["SPLIT_K"] > 1
            ws = torch.empty(cfg["SPLIT_K"] * cc.numel(), device="cuda", dtype=torch.float32) if split else None
            launch = launcher("splitk" if split else "grouped", A, B, cc, cfg, ws)  # as the sweep launches them
            launch()
            torch.cuda.synchronize()
            ok = check(cc, ref, ref.norm().item(), dtype)
            fns = {"eager": launch, "graph": graphed(launch)}
            base = {"kind": "run", "M": M, "N": N, "K": K, "dtype": dtype, "layout": layout,
                    **{k: cfg[k] for k in KEYS}, "correct": ok["correct"], "rel_err": ok["rel_err"]}
            for rnd in range(a.rounds):
                order = ["eager", "graph", "eager_busy"] if rnd % 2 == 0 else ["eager_busy", "graph", "eager"]
                for mode in order:
                    procs = []
                    if mode == "eager_busy":
                        procs = [ctx.Process(target=spin, args=(stop,)) for _ in range(a.busy)]
                        stop.clear()
                        [p.start() for p in procs]
                        time.sleep(0.2)
                    fn = fns["graph" if mode == "graph" else "eager"]
                    ms = triton.testing.do_bench(fn, warmup=10, rep=60, return_mode="median")
                    host = host_issue_us(fn)
                    if procs:
                        stop.set()
                        [p.join() for p in procs]
                    write({**base, "mode": mode, "round": rnd, "time_ms": ms, "host_issue_us": host})
            print(f"{M}x{N}x{K} {dtype} {layout} {tup} done", flush=True)
    f.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
