#!/usr/bin/env python3
"""num_stages = 1 against 2 and 3, the same tiles, on element-wise and aligned shapes: no recorded
sweep times a config without a pipeline (the sweep's grid starts at 2 stages), yet `perfmodel rank`
offers them. Each row: the shape, the config, its median time (triton.testing.do_bench, L2
flushed), relative error against fp32, and the compiler's registers, spills and shared bytes;
written as it goes to $OUT/stage1_probe.jsonl, with a header row (GPU, driver, versions).

    OUT=out python3 validation/stage1_probe.py     # on the GPU; ~3 min on an H200
"""
from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: (M, N, K, dtype, layout): TF32 and fp16 element-wise shapes of the read sets, one aligned of each
SHAPES = [(32768, 512, 40, "tf32", "nt"), (200704, 88, 24, "tf32", "nt"), (100352, 244, 244, "tf32", "nn"),
          (4096, 9605, 2048, "tf32", "nn"), (32768, 512, 40, "fp16", "nt"), (100352, 244, 244, "fp16", "nn"),
          (4096, 4096, 4096, "tf32", "nt"), (4096, 4096, 4096, "fp16", "nn")]
TILES = [(64, 256, 16, 4), (64, 64, 32, 4), (128, 64, 32, 4), (128, 128, 32, 8), (64, 128, 64, 4)]
STAGES = (1, 2, 3)


def main() -> int:
    import torch
    import triton

    from perfmodel.gpu.bench import time_gemm

    out = Path(os.environ.get("OUT", "out"))
    out.mkdir(parents=True, exist_ok=True)
    path = out / "stage1_probe.jsonl"
    smi = subprocess.run(["nvidia-smi", "--query-gpu=name,clocks.sm,clocks.max.sm,driver_version",
                          "--format=csv,noheader"], capture_output=True, text=True).stdout.strip()
    with path.open("w") as f:
        f.write(json.dumps({"kind": "header", "gpu": smi, "torch": torch.__version__, "triton": triton.__version__,
                            "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                            "command": "OUT=out python3 validation/stage1_probe.py"}) + "\n")
        for M, N, K, dtype, layout in SHAPES:
            for bm, bn, bk, w in TILES:
                for s in STAGES:
                    row = {"kind": "run", "M": M, "N": N, "K": K, "dtype": dtype, "layout": layout,
                           "config": f"{bm}x{bn}x{bk}_w{w}_s{s}_g8_k1"}
                    try:
                        row.update(time_gemm(M, N, K, (bm, bn, bk, w, s), dtype, layout=layout), status="ok")
                    except Exception as e:  # out of resources: recorded, not fatal
                        row.update(status="error", error=f"{type(e).__name__}: {str(e)[:120]}")
                    f.write(json.dumps(row) + "\n")
                    f.flush()
                    print(row["config"], M, N, K, dtype, layout, row.get("time_ms"), row["status"], flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
