#!/usr/bin/env python3
"""Smoke check before the layouts sweep (on the GPU): every bundled kernel (grouped, split-K,
TMA) in every layout of perfmodel.layouts and every swept dtype, one config each on a small
shape, poisoned output and relative error checked as the sweep checks them. Prints one line per
case and exits 1 if any is wrong, so a broken layout costs seconds, not a sweep.

    python3 validation/layouts_smoke.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    import torch

    from perfmodel.dtypes import DTYPES
    from perfmodel.gpu import kernels as mk
    from perfmodel.gpu.bench import check
    from perfmodel.gpu.bench import operands
    from perfmodel.gpu.sweep import SWEPT_DTYPES
    from perfmodel.layouts import LAYOUTS

    M, N, K = 384, 320, 1040
    cfg = {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "num_warps": 4, "num_stages": 3, "GROUP_M": 8, "SPLIT_K": 4}
    bad = 0
    for dtype in SWEPT_DTYPES:
        for layout in LAYOUTS:
            torch.manual_seed(0)
            a, b = operands(M, N, K, dtype, layout)
            torch.backends.cuda.matmul.allow_tf32 = False
            ref = a.float() @ b.float()
            c = torch.empty((M, N), device="cuda", dtype=getattr(torch, DTYPES[dtype].torch))
            ws = torch.empty(4 * M * N, device="cuda", dtype=torch.float32)
            cf = {**cfg, "PRECISION": DTYPES[dtype].precision}
            for kernel, run in (("grouped", lambda: mk.launch_matmul(a, b, c, cf)),
                                ("splitk", lambda: mk.launch_splitk(a, b, c, cf, ws)),
                                ("tma", lambda: mk.launch_tma(a, b, c, cf, mk.make_tma_descriptors(a, b, c, cf)))):
                c.fill_(float("nan"))
                try:
                    run()
                    torch.cuda.synchronize()
                    r = check(c, ref, ref.norm().item(), dtype)
                except Exception as e:  # noqa: BLE001
                    r = {"correct": False, "error": f"{type(e).__name__}: {str(e)[:200]}"}
                bad += not r["correct"]
                print(f"{dtype} {layout} {kernel}: {r}", flush=True)
    print(f"smoke: {bad} wrong", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
