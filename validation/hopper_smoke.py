#!/usr/bin/env python3
"""Smoke check before the Hopper sweep (on the GPU), through the sweep's own code: compile_one
(as the compile-ahead workers compile, descriptor kernels included) and run_shape (poisoned
output, relative error, resources, timing: split-K as a CUDA graph, FP8 cuBLAS through
torch._scaled_mm) for every kernel, fp16/bf16/fp8, layouts nn and nt, a few configs each, on a
small shape. Prints the rows' outcome per case and exits 1 if a case that must work does not
(FP8 in nn may fail: FP8 wgmma reads B K-major; it is recorded, not required).

    python3 validation/hopper_smoke.py OUT_DIR
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

M, N, K = 384, 320, 1040
CONFIGS = {"grouped": [(64, 64, 32, 4, 3, 8, 1), (128, 128, 64, 8, 3, 8, 1)],
           "splitk": [(64, 64, 64, 4, 3, 8, 4)],
           "tma": [(128, 128, 64, 4, 3, 8, 1)],
           "persistent": [(128, 128, 64, 4, 3, 8, 1), (128, 256, 64, 8, 3, 8, 1), (16, 64, 128, 4, 4, 1, 1)],
           "persistent_ws": [(64, 128, 64, 4, 3, 8, 1), (64, 64, 128, 4, 3, 8, 1)]}


def main(out_dir: str) -> int:
    from perfmodel.gpu.measure import run_shape
    from perfmodel.gpu.sweep import compile_one
    from perfmodel.names import CONFIG_KEYS

    out = Path(out_dir) / "hopper_smoke.jsonl"
    bad = 0
    with open(out, "w") as f:
        for dtype in ("fp16", "bf16", "fp8"):
            for layout in ("nn", "nt"):
                entries = [{"kernel": k, "config": dict(zip(CONFIG_KEYS, c)), "tags": ["smoke"]}
                           for k, cs in CONFIGS.items() for c in cs]
                for e in entries:
                    name, status = compile_one((e["kernel"], dtype, layout, M, N, K, e["config"]))
                    print(f"compile {dtype} {layout} {e['kernel']} {name}: {status}", flush=True)
                    bad += status != "ok" and not (dtype == "fp8" and layout == "nn")
                run_shape(len(entries), ("smoke", M, N, K, dtype, layout), entries, f)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    for r in rows:
        if r.get("kind") in ("run", "cublas"):
            ok = r.get("status", "ok") == "ok"
            print(f"{r['dtype']} {r.get('layout', 'nn')} {r.get('kernel', 'cublas')} {r.get('config', '')}: "
                  f"{r.get('status', 'ok')} t={r.get('time_ms')} err={r.get('rel_err')} timing={r.get('timing', '-')} "
                  f"{r.get('error', '')[:160]}", flush=True)
            bad += (not ok) and not (r["dtype"] == "fp8" and r.get("layout", "nn") == "nn")
    print(Counter((r["dtype"], r.get("layout", "nn"), r.get("status")) for r in rows if r.get("kind") == "run"))
    print(f"smoke: {bad} wrong", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
