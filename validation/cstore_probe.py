#!/usr/bin/env python3
"""C stored element by element: the same 16-bit `nt` tiles with N 16-divisible and with N one
less. In `nt` both operands are K-major, so only K decides the load class ("all" here) and N's
divisibility changes the epilogue alone (C's row stride: 16-byte vector stores, or one element at
a time after a layout conversion through shared memory). On the read sets, near the best, 16-bit
aligned `nt` shapes with N not 16-divisible ran 1.08-1.18x their prediction against 0.96-0.99
with N 16-divisible (validation/NOTES.md, session 12); this measures that cost directly. Each row:
the shape, the config, its median time (triton.testing.do_bench, L2 flushed), relative error
against fp32, registers, spills and shared bytes; written as it goes to $OUT/cstore_probe.jsonl,
with a header row (GPU, clocks, driver, versions).

    OUT=out python3 validation/cstore_probe.py     # on the GPU; ~2 min on an H200
"""
from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: (M, N, K): each timed at N (16-divisible) and N - 1, fp16, layout nt
SHAPES = [(65536, 256, 256), (65536, 1024, 256), (131072, 512, 64), (16384, 4096, 1024)]
TILES = [(128, 128, 64, 4, 3), (128, 256, 64, 8, 3), (64, 128, 64, 4, 3), (128, 64, 64, 4, 4),
         (256, 128, 64, 8, 3), (64, 256, 32, 4, 4)]


def main() -> int:
    import torch
    import triton

    from perfmodel.gpu.bench import time_gemm

    out = Path(os.environ.get("OUT", "out"))
    out.mkdir(parents=True, exist_ok=True)
    path = out / "cstore_probe.jsonl"
    smi = subprocess.run(["nvidia-smi", "--query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version",
                          "--format=csv,noheader"], capture_output=True, text=True).stdout.strip()
    with path.open("w") as f:
        f.write(json.dumps({"kind": "header", "gpu": smi, "torch": torch.__version__, "triton": triton.__version__,
                            "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                            "command": "OUT=out python3 validation/cstore_probe.py"}) + "\n")
        for M, N16, K in SHAPES:
            for N in (N16, N16 - 1):
                for bm, bn, bk, w, s in TILES:
                    row = {"kind": "run", "M": M, "N": N, "K": K, "dtype": "fp16", "layout": "nt",
                           "config": f"{bm}x{bn}x{bk}_w{w}_s{s}_g8_k1"}
                    try:
                        row.update(time_gemm(M, N, K, (bm, bn, bk, w, s), "fp16", layout="nt"), status="ok")
                    except Exception as e:  # out of resources: recorded, not fatal
                        row.update(status="error", error=f"{type(e).__name__}: {str(e)[:120]}")
                    f.write(json.dumps(row) + "\n")
                    f.flush()
                    print(row["config"], M, N, K, row.get("time_ms"), row["status"], flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
