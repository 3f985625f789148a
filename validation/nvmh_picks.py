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
    for (_, M, N, K, dtype) in suite.SHAPES + suite.HOLDOUT_SHAPES + suite.MIXED_SHAPES:
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


def warp_tile(bm: int, bn: int, warps: int) -> tuple[int, int]:
    """Split a CTA tile over `warps` warps as squarely as possible (Triton's mma layouts put
    warps along M first); each warp tile at least 16 x 8."""
    wm, wn = bm, bn
    w = warps
    while w > 1:
        if wm >= wn and wm >= 32:
            wm //= 2
        elif wn >= 16:
            wn //= 2
        else:
            wm //= 2
        w //= 2
    return max(wm, 16), max(wn, 8)


class NvmhScorer:
    """nvMatmulHeuristics' runtime estimate for any config of the bundled kernels.

    Calls the C entry point nvMatmulHeuristicsEstimateRuntime directly (the 0.1.0.27 Python
    wrapper's estimateSiliconMetric passes a target where a backend handle is expected and
    crashes). A return of 0 means the library rejected the config: reported as None."""

    def __init__(self):
        import ctypes

        self.ctypes = ctypes
        self.nv, self.h = nvmh_interface()

    def estimate_s(self, M, N, K, dtype, c: dict):
        ct, nv, h = self.ctypes, self.nv, self.h
        layout = nv.NvMatmulHeuristicsMatmulLayout.NN_ROW_MAJOR
        prec = precision(dtype)
        h._ensure_discovery_loaded(h.target, prec, layout)
        prob = h.makeNvMatmulHeuristicsProblem(M, N, K, layout)
        k = h.nvmmhKernelConfiguration()
        wm, wn = warp_tile(c["BLOCK_M"], c["BLOCK_N"], c["num_warps"])
        k.cta[:] = (c["BLOCK_M"], c["BLOCK_N"], c["BLOCK_K"])
        k.warp[:] = (wm, wn, c["BLOCK_K"])
        k.instr[:] = (16, 8, 16)
        k.splitK = c.get("SPLIT_K", 1)
        k.loadStages = c["num_stages"]
        k.gridSwizzle = c["GROUP_M"]
        k.ctaOrder = 0
        k.cluster[:] = (1, 1)
        t = h.nvMatmulHeuristicsEstimateRuntime(h.handle, prec.encode("ascii"), ct.c_int(h.target),
                                                ct.byref(prob), ct.byref(k),
                                                h.hardware_descriptor if h.hardware_descriptor else h.nullptr)
        return float(t) if t and t > 0 else None
