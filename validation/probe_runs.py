"""The device probes' common runner (validation/stage1_probe.py, validation/cstore_probe.py): time
a list of grouped-kernel cases with perfmodel.gpu.bench.time_gemm, one JSON line each, written as
it goes to $OUT/<name>.jsonl after a header row (GPU, clocks, driver, torch and Triton versions,
date, command), so a timeout still leaves the rows done. A case that does not compile or does not
fit is recorded as an error row, not fatal."""
from __future__ import annotations

import datetime
import json
import os
import subprocess
from pathlib import Path


def run_cases(name: str, cases) -> int:
    """`cases`: (M, N, K, dtype, layout, (BM, BN, BK, warps, stages)) tuples, timed in order."""
    import torch
    import triton

    from perfmodel.gpu.bench import time_gemm

    out = Path(os.environ.get("OUT", "out"))
    out.mkdir(parents=True, exist_ok=True)
    smi = subprocess.run(["nvidia-smi", "--query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version",
                          "--format=csv,noheader"], capture_output=True, text=True).stdout.strip()
    with (out / f"{name}.jsonl").open("w") as f:
        f.write(json.dumps({"kind": "header", "gpu": smi, "torch": torch.__version__, "triton": triton.__version__,
                            "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                            "command": f"OUT=out python3 validation/{name}.py"}) + "\n")
        for M, N, K, dtype, layout, (bm, bn, bk, w, s) in cases:
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
