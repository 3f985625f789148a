#!/usr/bin/env python3
"""Ask NVIDIA's nvMatmulHeuristics (the `peers` extra) for its own top configs for every
validation shape, so the device sweep can time them. CPU only.

    python validation/nvmh_picks.py            # writes validation/data/nvmh_picks.json

Setup: TRITON target, PERF_MODEL_BASED_AUTO_TUNING, H200 SXM preset, NN row-major layout,
precision "HSH" (fp16 in, fp32 accumulate, fp16 out) or "BSB" for bf16. Each pick maps onto
the bundled kernels as BLOCK_M/N/K = CTA tile, num_warps = (CTA_M / warp_M) x (CTA_N / warp_N),
num_stages = load stages, GROUP_M = grid swizzle, SPLIT_K = split-K (the split-K kernel when > 1).
nvMatmulHeuristics' CTA order (row/column raster) has no counterpart in the kernels and is dropped.
"""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from validation import suite  # noqa: E402

COUNT = 8


def nvmh_interface():
    import nvMatmulHeuristics as nv

    return nv, nv.NvMatmulHeuristicsInterfaceEx(
        backend=nv.NvMatmulHeuristicsTarget.TRITON,
        flags=nv.NvMatmulHeuristicsFlags.PERF_MODEL_BASED_AUTO_TUNING,
        gpu=nv.NvMatmulHeuristicsNvidiaGpu.H200_SXM,
    )


def precision(dtype: str) -> str:
    return {"fp16": "HSH", "bf16": "BSB"}[dtype]


def picks_for(nv, h, M, N, K, dtype, count=COUNT) -> list[dict]:
    prob = h.makeNvMatmulHeuristicsProblem(M, N, K, nv.NvMatmulHeuristicsMatmulLayout.NN_ROW_MAJOR)
    out = []
    for rank, r in enumerate(h.get(prob, count, precision=precision(dtype))):
        k = r["kernel"]
        warps = (k.cta_tile_m // k.warp_tile_m) * (k.cta_tile_n // k.warp_tile_n)
        out.append({**suite.cfg(k.cta_tile_m, k.cta_tile_n, k.cta_tile_k, warps, k.stages,
                                max(1, k.swizzle_factor), max(1, k.split_k)),
                    "nvmh_rank": rank, "nvmh_runtime_s": r["runtime"]})
    return out


def main() -> int:
    import importlib.metadata as md

    nv, h = nvmh_interface()
    picks = {}
    for (_, M, N, K, dtype) in suite.SHAPES:
        picks[suite.shape_key(M, N, K, dtype)] = picks_for(nv, h, M, N, K, dtype)
    out = {
        "generated_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "tool": f"nvidia-matmul-heuristics {md.version('nvidia-matmul-heuristics')}",
        "setup": "TRITON target, PERF_MODEL_BASED_AUTO_TUNING, H200_SXM, NN_ROW_MAJOR, HSH/BSB",
        "command": "python validation/nvmh_picks.py",
        "picks": picks,
    }
    path = HERE / "data" / "nvmh_picks.json"
    path.write_text(json.dumps(out, indent=1))
    print(f"wrote {path}: {sum(len(v) for v in picks.values())} picks for {len(picks)} shapes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
