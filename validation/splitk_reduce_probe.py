#!/usr/bin/env python3
"""What does split-K's second kernel cost, and what does the main kernel cost per split? A probe.

The split-K pair (perfmodel/gpu/kernels.py) is timed in the sweeps as one CUDA-graph replay of
both launches. Until session 33 the model priced the pair as the tiled main kernel plus

    t_reduce = launch + (SPLIT_K M N 4 + M N out_bytes) / DRAM bandwidth

(perfmodel/kernels/splitk/model.py). Over the graph-timed read sets its near-best runs read
measured / predicted 0.87 at SPLIT_K 2 and 0.93 at 4 where the reduction is over 30% of the
prediction, and 1.06 at 16 (validation/NOTES.md, session 33). This times, per (shape, config):

    pair        a graph replay of both launches (the sweeps' timing)
    main        a graph replay of the main kernel alone (same grid, same workspace)
    reduce      a graph replay of the reduction alone (its workspace cold: do_bench flushes L2)
    empty       a graph replay of one empty kernel, and of two (empty2): what a launch costs in a graph

so pair - main is what the reduction adds where the partials were just written (L2-hot), beside
what the model charged (validation/fit_splitk.py fits the model's reduction to it since). do_bench median (warm-up 10, rep 60; it zeroes a 256 MB buffer before each
call), rounds alternating the order. Random fp16 inputs; every pair checked against torch.

    OUT=out python3 validation/splitk_reduce_probe.py      # ~1 min on one H200

Writes $OUT/splitk_reduce_probe.jsonl as it goes: a header row (GPU, clocks, driver, torch, Triton,
date, command), then one row per (shape, config, mode, round). Vendor-neutral Triton.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import triton
import triton.language as tl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.names import CONFIG_KEYS as KEYS  # noqa: E402  (the configs below are in this order)

#: shapes outside every suite: decode M at three widths, and two mid-size M; K long enough for 16 splits
SHAPES = [(8, 3072, 5120), (24, 3072, 5120), (56, 3072, 5120), (16, 768, 6400), (16, 12800, 2560),
          (40, 1792, 9728), (200, 1536, 4608), (328, 640, 7680)]
#: tiles per regime (BM, BN, BK, warps, stages, GROUP_M), each at every SPLIT_K
TILES = {"decode": [(16, 64, 128, 4, 4, 8), (32, 64, 64, 4, 3, 8)], "mid": [(64, 64, 64, 4, 3, 8), (64, 128, 64, 4, 3, 8)]}
SPLITS = (2, 4, 8, 16)


@triton.jit
def empty_kernel(x_ptr):
    pass


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    import torch
    import triton.testing

    from perfmodel.gpu import kernels as mk
    from perfmodel.gpu.bench import check, graphed, operands
    from perfmodel.gpu.env import versions

    out = Path(os.environ.get("OUT", "out"))
    out.mkdir(parents=True, exist_ok=True)
    f = (out / "splitk_reduce_probe.jsonl").open("w")
    write = lambda row: (f.write(json.dumps(row) + "\n"), f.flush())  # noqa: E731
    bench = lambda fn: float(triton.testing.do_bench(fn, warmup=10, rep=60, return_mode="median"))  # noqa: E731
    write({**versions(["OUT=out", "python3", "validation/splitk_reduce_probe.py"] + argv),
           "timing": "do_bench median (warm-up 10, rep 60) of CUDA-graph replays", "reduce_block": mk.REDUCE_BLOCK})
    x = torch.empty(1, device="cuda")
    one = lambda: empty_kernel[(1,)](x)  # noqa: E731
    for rnd in range(2):
        write({"kind": "empty", "round": rnd, "empty_ms": bench(graphed(one)),
               "empty2_ms": bench(graphed(lambda: (one(), one())))})
    for M, N, K in SHAPES:
        A, B = operands(M, N, K, "fp16", "nn")
        ref = A.float() @ B.float()
        cc = torch.empty((M, N), device="cuda", dtype=torch.float16)
        for tile in TILES["decode" if M <= 64 else "mid"]:
            for sk in SPLITS:
                cfg = dict(zip(KEYS, tile + (sk,)))
                ws = torch.empty(sk * M * N, device="cuda", dtype=torch.float32)
                grid = (triton.cdiv(M, cfg["BLOCK_M"]) * triton.cdiv(N, cfg["BLOCK_N"]), sk)
                meta = dict(BLOCK_M=tile[0], BLOCK_N=tile[1], BLOCK_K=tile[2], GROUP_M=tile[5], num_warps=tile[3],
                            num_stages=tile[4])
                main_only = lambda: mk.matmul_splitk_kernel[grid](A, B, ws, M, N, K, A.stride(0), A.stride(1),  # noqa: E731
                                                                  B.stride(0), B.stride(1), SPLIT_K=sk, **meta)
                reduce_only = lambda: mk.splitk_reduce_kernel[(triton.cdiv(M * N, mk.REDUCE_BLOCK),)](  # noqa: E731
                    ws, cc, M * N, SPLIT_K=sk, BLOCK=mk.REDUCE_BLOCK, num_warps=4)
                pair = lambda: mk.launch_splitk(A, B, cc, cfg, ws)  # noqa: E731
                pair()
                torch.cuda.synchronize()
                ok = check(cc, ref, ref.norm().item(), "fp16")
                fns = {"pair": graphed(pair), "main": graphed(main_only), "reduce": graphed(reduce_only)}
                base = {"kind": "run", "M": M, "N": N, "K": K, "dtype": "fp16", "layout": "nn", **cfg,
                        "k_steps": -(-K // tile[2]), "correct": ok["correct"], "rel_err": ok["rel_err"]}
                for rnd in range(2):
                    for mode in (list(fns) if rnd == 0 else list(fns)[::-1]):
                        write({**base, "mode": mode, "round": rnd, "time_ms": bench(fns[mode])})
        print(f"[probe] {M}x{N}x{K} done", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
