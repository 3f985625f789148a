#!/usr/bin/env python3
"""Is the element-wise operand of load class "k" served from L1? A decode stream of class "k"
(M = 16, N = 8 tiles per SM x BLOCK_N - 3, K = 1024) timed with the kernel's preferred
shared-memory carve-out forced from 100% down to 0% of the maximum: a smaller carve-out leaves
fewer blocks resident and more L1.

Why: compiled offline for sm_90, the grouped kernel loads B of class "k" (N odd) with the
blocked layout sizePerThread [1, 1], threadsPerWarp [32, 1], order [0, 1]: the 32 lanes of a
warp walk 32 rows of K, so each warp-wide ld.global.b16 touches 32 lines and a thread's next
BLOCK_N / (warps along N) loads hit the same lines again - through L1. Triton sets no carve-out,
and the driver then picks the one that keeps the most blocks resident (CUDA C Programming Guide,
"Shared Memory" for compute capability 9.0: 0-228 KB of the 256 KB unified L1/shared memory).
At 7 blocks of 64x32x64_w4 (~30 KB each) that is 228 KB of shared memory and 28 KB of L1.
In session 9's microbenchmark (microbench_kstep_mixed_tiles.json) that tile streamed B at 1.41e9
elements/s/SM in decode and 3.0e9 at 2 blocks per SM.

    OUT=out python3 validation/carveout_probe.py      # ~1 min on one H200; needs cuda-python

Writes $OUT/carveout_probe.jsonl: a header row (GPU, driver, torch, Triton, date, command), then
one row per (config, carve-out): the time, the blocks per SM the occupancy API reports under that
carve-out, the shared memory per block, and the B elements per SM per second.
"""

from __future__ import annotations

import datetime
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CONFIGS = [  # BLOCK_M, BLOCK_N, BLOCK_K, warps, stages
    (64, 32, 64, 4, 3), (64, 32, 64, 2, 3), (128, 32, 64, 4, 3), (128, 64, 64, 4, 3),
    (64, 64, 64, 4, 3), (256, 64, 64, 8, 3), (16, 64, 64, 2, 3), (128, 128, 64, 4, 3),
]
CARVEOUTS = (-1, 100, 86, 72, 58, 44, 30, 15, 0)  # percent of the maximum shared memory; -1: no preference
M, K, TILES_PER_SM = 16, 1024, 8


def _driver():
    try:
        from cuda.bindings import driver as cu
    except ImportError:  # older cuda-python
        from cuda import cuda as cu
    return cu


def _set_carveout(cu, kernel, pct: int) -> int:
    """Set the preferred carve-out of a compiled Triton kernel; the blocks per SM the driver
    then allows at the kernel's block size and dynamic shared memory."""
    kernel._init_handles()
    fn = cu.CUfunction(kernel.function)
    attr = cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT
    (err,) = cu.cuFuncSetAttribute(fn, attr, pct)
    err2, blocks = cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(fn, kernel.metadata.num_warps * 32, kernel.metadata.shared)
    return int(blocks) if int(err) == 0 and int(err2) == 0 else -1


def _row(cu, sms: int, c: tuple, n_pad: int, pct: int) -> dict:
    import torch
    import triton.testing

    from perfmodel.gpu import kernels as mk
    from perfmodel.gpu.bench import operands

    N = c[1] * sms * TILES_PER_SM - n_pad
    a, b = operands(M, N, K, "fp16", "nn")
    out = torch.empty((M, N), device="cuda", dtype=torch.float16)
    cfg = dict(zip(("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages"), c), GROUP_M=8, SPLIT_K=1)
    k = mk.launch_matmul(a, b, out, cfg)[0]
    blocks = _set_carveout(cu, k, pct)
    fn = lambda: mk.launch_matmul(a, b, out, cfg)  # noqa: E731
    fn()
    torch.cuda.synchronize()
    ref = a.float() @ b.float()
    err = float(((out.float() - ref).norm() / ref.norm()).item())
    ms = float(triton.testing.do_bench(fn, warmup=10, rep=60, return_mode="median"))
    tiles = -(-M // c[0]) * -(-N // c[1])
    return {"BLOCK_M": c[0], "BLOCK_N": c[1], "BLOCK_K": c[2], "num_warps": c[3], "num_stages": c[4],
            "M": M, "N": N, "K": K, "alignment": "all" if n_pad == 0 else "k", "carveout_pct": pct,
            "blocks_per_sm": blocks, "smem_bytes": int(k.metadata.shared), "n_regs": int(k.n_regs),
            "time_ms": ms, "rel_err": err,
            "b_elems_per_s_per_sm": tiles * K * c[1] / (ms * 1e-3 * sms)}


def main() -> int:
    import torch
    import triton

    cu = _driver()
    out_dir = Path(os.environ.get("OUT", "out"))
    out_dir.mkdir(parents=True, exist_ok=True)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    path = out_dir / "carveout_probe.jsonl"
    with path.open("w") as f:
        f.write(json.dumps({"header": True, "gpu_name": torch.cuda.get_device_name(0), "sm_count": sms,
                            "torch": torch.__version__, "triton": triton.__version__,
                            "driver": torch.version.cuda, "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                            "command": "OUT=out python3 validation/carveout_probe.py"}) + "\n")
        jobs = [(c, 3, p) for c in CONFIGS for p in CARVEOUTS] + [(CONFIGS[0], 0, p) for p in CARVEOUTS]
        for i, (c, pad, pct) in enumerate(jobs):
            row = _row(cu, sms, c, pad, pct)
            f.write(json.dumps(row) + "\n")
            f.flush()
            print(f"[{i + 1}/{len(jobs)}] {c} pad {pad} carve {pct:4d}%: {row['blocks_per_sm']} blocks/SM, "
                  f"{row['time_ms']:.4f} ms, {row['b_elems_per_s_per_sm'] / 1e9:.2f}e9 B elems/s/SM", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
