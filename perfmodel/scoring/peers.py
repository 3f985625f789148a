"""nvMatmulHeuristics (NVIDIA's analytical GEMM heuristic; the `peers` extra), asked the way the
validation compares it: TRITON target, PERF_MODEL_BASED_AUTO_TUNING, the device's preset
(`toolchain.nvmh_gpu` in its file), NN row-major layout, the dtype's precision string
(perfmodel.dtypes: HSH for fp16, BSB for bf16).

Each of its configurations maps onto the bundled kernels as BLOCK_M/N/K = CTA tile,
num_warps = (CTA_M / warp_M) x (CTA_N / warp_N), num_stages = load stages, GROUP_M = grid
swizzle, SPLIT_K = split-K (the split-K kernel when > 1); its CTA order (row/column raster)
has no counterpart in the kernels and is dropped. `picks` asks for its top configs (the lab's
validation/nvmh_picks.py records them for the device sweep); `NvmhScorer` asks for its
runtime estimate of any config (the `nvmh-model` ranker of `perfmodel validate`).
"""

from __future__ import annotations

from perfmodel.dtypes import DTYPES
from perfmodel.errors import ConfigError
from perfmodel.hardware.registry import load_hardware


def available() -> bool:
    try:
        import nvMatmulHeuristics  # noqa: F401

        return True
    except Exception:  # noqa: BLE001 - any import failure means the peer is unavailable
        return False


def precision(dtype: str) -> str:
    p = DTYPES[dtype].nvmh
    if p is None:
        raise ConfigError(f"nvMatmulHeuristics is compared on fp16 and bf16 here, not {dtype}")
    return p


def interface(hw="h200"):
    """(module, NvMatmulHeuristicsInterfaceEx) for the device's preset."""
    import nvMatmulHeuristics as nv

    spec = load_hardware(hw)
    preset = spec.toolchain.nvmh_gpu
    if preset is None:
        raise ConfigError(f"{spec.id} has no nvMatmulHeuristics preset (toolchain.nvmh_gpu in its file)")
    return nv, nv.NvMatmulHeuristicsInterfaceEx(
        backend=nv.NvMatmulHeuristicsTarget.TRITON, flags=nv.NvMatmulHeuristicsFlags.PERF_MODEL_BASED_AUTO_TUNING,
        gpu=getattr(nv.NvMatmulHeuristicsNvidiaGpu, str(preset.value)))


def picks(nv, h, M, N, K, dtype, count=8) -> list[dict]:
    """Its top `count` configurations as bundled-kernel configs, with its rank and runtime."""
    prob = h.makeNvMatmulHeuristicsProblem(M, N, K, nv.NvMatmulHeuristicsMatmulLayout.NN_ROW_MAJOR)
    out = []
    for rank, r in enumerate(h.get(prob, count, precision=precision(dtype))):
        k = r["kernel"]
        warps = (k.cta_tile_m // k.warp_tile_m) * (k.cta_tile_n // k.warp_tile_n)
        out.append({"BLOCK_M": k.cta_tile_m, "BLOCK_N": k.cta_tile_n, "BLOCK_K": k.cta_tile_k, "num_warps": warps,
                    "num_stages": k.stages, "GROUP_M": max(1, k.swizzle_factor), "SPLIT_K": max(1, k.split_k),
                    "nvmh_rank": rank, "nvmh_runtime_s": r["runtime"]})
    return out


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

    def __init__(self, hw="h200"):
        import ctypes

        self.ctypes = ctypes
        self.nv, self.h = interface(hw)

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
