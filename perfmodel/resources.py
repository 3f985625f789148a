"""Shared memory / LDS and registers of a bundled Triton GEMM config, without compiling.

Rules learned from Triton 3.6.0 compiles of validation/kernels/matmul.py (recorded in
validation/data/compile/compile_sweep.jsonl: 162 configs x {aligned, unaligned} x sm_80, sm_90,
gfx908, gfx90a, gfx942, and on the H200 itself in validation/data/h200/runs.jsonl).

Matrix instruction (sm_90): the dot becomes wgmma when num_warps >= 4 and BLOCK_M >= 64 (a
warpgroup of 4 warps owns 64 rows), else mma.sync (324/324 sm_90 compiles). sm_80: mma.sync.
AMD: MFMA; Hygon: MMAC where the spec lists a matrix instruction for the dtype, else FMA.

"Aligned" means Triton can prove 16-element divisibility of K and N (the row strides of A and
B): then loads are 16-byte vectors through the asynchronous copy pipeline. Otherwise every
element is loaded with its own pointer and mask and the pipeliner cannot multi-buffer.

Shared memory, with AB = (BLOCK_M + BLOCK_N) x BLOCK_K x bytes (one stage of A and B tiles):
    sm_90, aligned, wgmma   num_stages x AB
    NVIDIA, aligned, mma    (num_stages - 1) x AB
    NVIDIA, unaligned       AB (one buffer, whatever num_stages says)
    AMD, aligned            (num_stages - 1) x AB
    AMD, unaligned          max(BLOCK_M, BLOCK_N) x BLOCK_K x bytes (A and B share one buffer)
    (num_stages = 1 is taken as one buffer everywhere.) Hygon DCUs use the AMD rules: their
    Triton backend derives from AMD's, and seed 000's "an additional stage does not
    necessarily allocate one extra LDS buffer" is exactly what the AMD rule shows
    (num_stages - 1 buffers). This is a proxy: no gfx926/gfx936 compiler was available.
  Agreement: exact for 1734/1782 offline compiles (97.3%): 100% on sm_90 aligned and on every
  AMD target; the misses are epilogue layout conversions that stage C (BLOCK_M x BLOCK_N x 2
  bytes) through shared memory on some unaligned NVIDIA configs, which the rule leaves out.
  On the H200 runs (compiled by the JIT on the device): 98.5% of 5,467 grouped-GEMM kernels
  (tests/test_resources.py).

Registers per thread: the linear model of validation/fit_registers.py (per backend, alignment
and instruction) predicts the register demand; registers = min(demand, 255) and the excess is
spilled to local memory (NVIDIA; the fit uses ptxas's spill slots, so it spans saturation). Agreement is modest (registers are the
compiler's allocation choice): printed by `python -m perfmodel.resources` and stated in the
README; on the H200 the sm_90 aligned wgmma class is within 10% for 91% of kernels.
"""

from __future__ import annotations

import sys
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from perfmodel.problem import DTYPE_BYTES, GemmProblem, TileConfig
from perfmodel.spec import HardwareSpec, load_hardware

#: validation/fit_registers.py on compile_sweep.jsonl (Triton 3.6.0); tests refit and compare.
REGISTER_MODEL = {  # (backend, aligned, instruction): (c0, c_acc, c_vec16, c_elems, c_stages)
    ("amdgpu", False, "mfma"): (33.681, 0.914, 0.381, 3.049, -1.378),
    ("amdgpu", True, "mfma"): (38.541, 1.255, 0.157, 1.257, -2.062),
    ("amdgpu-gfx908", False, "mfma"): (34.885, 0.096, 0.283, 2.261, 0.621),
    ("amdgpu-gfx908", True, "mfma"): (29.594, 0.477, 0.135, 1.082, -1.595),
    ("sm_80", False, "mma"): (51.237, 1.326, 0.18, 1.443, -2.719),
    ("sm_80", True, "mma"): (27.458, 1.367, 0.046, 0.365, 1.783),
    ("sm_90", False, "mma"): (-0.19, 1.806, 0.194, 1.554, 2.461),
    ("sm_90", False, "wgmma"): (47.539, 1.508, 0.181, 1.444, -1.141),
    ("sm_90", True, "mma"): (32.272, 1.321, 0.047, 0.373, -0.33),
    ("sm_90", True, "wgmma"): (16.843, 1.243, 0.04, 0.322, -0.899),
}

Instruction = Literal["wgmma", "mma", "mfma", "mmac", "fma"]


class Resources(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    backend: str
    instruction: Instruction
    aligned: bool
    threads_per_block: int
    smem_bytes: int
    stage_buffers: int
    regs_per_thread: int
    spilled_regs_per_thread: int
    rule: str


def tile_input_bytes(config: TileConfig, dtype: str) -> int:
    """One A tile plus one B tile: (BLOCK_M + BLOCK_N) x BLOCK_K x bytes (seed 000: 64x64x32 fp16 = 8 KiB)."""
    return (config.BLOCK_M + config.BLOCK_N) * config.BLOCK_K * DTYPE_BYTES[dtype]


def backend_of(spec: HardwareSpec) -> str:
    if spec.vendor == "nvidia":
        return "sm_90" if spec.target.startswith("sm_9") else "sm_80"
    if spec.residency.rules == "amdgpu" and not spec.residency.unified_vgpr_agpr and spec.residency.agprs_per_simd_lane.value > 0:
        return "amdgpu-gfx908"
    return "amdgpu"


def resources_arrays(spec: HardwareSpec, problem: GemmProblem, c: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Vectorised predictor: arrays of BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages in `c`.

    Returns arrays threads, smem_bytes, stage_buffers, regs, is_wgmma (bool) and aligned (scalar)."""
    bm, bn, bk = (np.asarray(c[k], dtype=np.int64) for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K"))
    w = np.asarray(c["num_warps"], dtype=np.int64)
    s = np.asarray(c["num_stages"], dtype=np.int64)
    e = DTYPE_BYTES[problem.dtype]
    backend = backend_of(spec)
    ws = spec.warp_size
    threads = w * ws
    aligned = problem.k_aligned and problem.n_aligned
    ab = (bm + bn) * bk * e
    if backend == "sm_90":
        is_wgmma = (w >= 4) & (bm >= 64)
    else:
        is_wgmma = np.zeros_like(bm, dtype=bool)
    if backend.startswith("amdgpu"):
        buffers = np.maximum(s - 1, 1) if aligned else np.ones_like(s)
        smem = buffers * ab if aligned else np.maximum(bm, bn) * bk * e
    else:
        if aligned:
            buffers = np.where(is_wgmma, s, np.maximum(s - 1, 1))
        else:
            buffers = np.ones_like(s)
        smem = buffers * ab
    feats = np.stack([np.ones_like(bm, dtype=float), bm * bn / threads, ab / 16 / threads, (bm + bn) * bk / threads,
                      s.astype(float)])
    if backend == "sm_90":
        cw = np.array(REGISTER_MODEL[("sm_90", aligned, "wgmma")])
        cm = np.array(REGISTER_MODEL[("sm_90", aligned, "mma")])
        regs = np.where(is_wgmma, cw @ feats, cm @ feats)
    else:
        key = (backend, aligned, "mma" if backend == "sm_80" else "mfma")
        regs = np.array(REGISTER_MODEL[key]) @ feats
    r = spec.residency
    cap = int(r.max_regs_per_thread.value) if spec.vendor == "nvidia" else int(r.max_vgprs_per_wave.value)
    demand = np.maximum(np.rint(regs), 16).astype(np.int64)
    return {"threads": threads, "smem_bytes": smem.astype(np.int64), "stage_buffers": buffers.astype(np.int64),
            "regs": np.minimum(demand, cap), "spilled_regs": np.maximum(demand - cap, 0),
            "is_wgmma": is_wgmma, "aligned": aligned}


def _instruction(spec: HardwareSpec, dtype: str, is_wgmma: bool) -> Instruction:
    t = spec.dtype_throughput(dtype)
    if t is None or t.matrix is None:
        return "fma"
    if spec.vendor == "nvidia":
        return "wgmma" if is_wgmma else "mma"
    return "mmac" if spec.vendor == "hygon" else "mfma"


def predict_resources(hw: "str | HardwareSpec", problem: GemmProblem, config: TileConfig) -> Resources:
    """Threads, shared/LDS bytes and registers per thread of one config (see the module doc)."""
    spec = load_hardware(hw)
    arr = resources_arrays(spec, problem, {k: np.array([getattr(config, k)]) for k in
                                           ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages")})
    wg = bool(arr["is_wgmma"][0])
    backend = backend_of(spec)
    buffers = int(arr["stage_buffers"][0])
    if arr["aligned"]:
        rule = f"{buffers} stage buffer{'s' if buffers > 1 else ''} of (BM+BN)xBKxbytes"
    else:
        rule = "unaligned K/N: one buffer, no async-copy pipelining"
    return Resources(backend=backend, instruction=_instruction(spec, problem.dtype, wg), aligned=bool(arr["aligned"]),
                     threads_per_block=int(arr["threads"][0]), smem_bytes=int(arr["smem_bytes"][0]),
                     stage_buffers=buffers, regs_per_thread=int(arr["regs"][0]),
                     spilled_regs_per_thread=int(arr["spilled_regs"][0]), rule=f"{backend}: {rule}")


# ---------------------------------------------------------------------------------------
# compile-informed path (needs the `compile` extra: triton==3.6.0)
# ---------------------------------------------------------------------------------------

_TARGETS = {"sm_80": ("cuda", 80, 32), "sm_90": ("cuda", 90, 32), "gfx908": ("hip", "gfx908", 64),
            "gfx90a": ("hip", "gfx90a", 64), "gfx942": ("hip", "gfx942", 64)}


def from_compile(hw: "str | HardwareSpec", problem: GemmProblem, config: TileConfig) -> Resources:
    """Compile the bundled grouped GEMM offline for the device's target and read the real
    figures: metadata.shared; registers from `cuobjdump --dump-resource-usage` (NVIDIA) or LLVM's
    amdgcn report (AMD: the occupancy-relevant VGPR count). Hygon targets are not compilable
    with public Triton; their AMD stand-in (spec.stands_in_for) is the way to check them."""
    from perfmodel.spec import SpecError

    spec = load_hardware(hw)
    if spec.target not in _TARGETS:
        raise SpecError(f"from_compile: Triton 3.6.0 cannot compile for {spec.target}; compilable: {', '.join(_TARGETS)}")
    if problem.dtype not in ("fp16", "bf16"):
        raise SpecError(f"from_compile: the bundled kernel is compiled for fp16/bf16, not {problem.dtype}")
    try:
        from validation.compile_sweep import amd_resources, compile_grouped, nvidia_resources
    except ImportError as e:  # pragma: no cover - depends on the install
        raise SpecError(f"from_compile needs the `compile` extra (pip install '.[compile]'): {e}") from None
    c = config.as_dict()
    aligned = problem.k_aligned and problem.n_aligned and problem.M % 16 == 0
    k = compile_grouped(spec.target, problem.dtype, aligned, c)
    if spec.vendor == "nvidia":
        rr = nvidia_resources(k)
        regs, instr, spills = rr["n_regs"], rr["mma"], rr["stack_bytes"] // 4
    else:
        rr = amd_resources(k)
        regs, instr, spills = rr["TotalNumVgprs"], rr["mma"], (rr["ScratchSize"] or 0) // 4
    ab = tile_input_bytes(config, problem.dtype)
    return Resources(backend=backend_of(spec), instruction=instr if instr in ("wgmma", "mma", "mfma") else "fma",
                     aligned=aligned, threads_per_block=config.num_warps * spec.warp_size,
                     smem_bytes=int(k.metadata.shared), stage_buffers=max(1, round(int(k.metadata.shared) / ab)),
                     regs_per_thread=int(regs), spilled_regs_per_thread=int(spills),
                     rule="compiled with Triton " + __import__("triton").__version__)


# ---------------------------------------------------------------------------------------
# agreement with recorded compiles: `python -m perfmodel.resources [FILE]`
# ---------------------------------------------------------------------------------------

_TARGET_DEVICE = {"sm_80": "a100", "sm_90": "h200", "gfx908": "gfx908", "gfx90a": "gfx90a", "gfx942": "gfx942"}


def agreement(rows: list[dict]) -> dict[str, dict]:
    """Per target: share of compiled kernels whose shared bytes the rule gets exactly and whose
    registers it gets within 10%."""
    out: dict[str, dict] = {}
    for r in rows:
        if r.get("kind") != "compile" or r.get("status") != "ok":
            continue
        spec = load_hardware(_TARGET_DEVICE[r["target"]])
        # an aligned row stands for K = N = multiples of 16; unaligned for neither
        dim = 4096 if r["aligned"] else 4095
        p = GemmProblem(M=dim, N=dim, K=dim, dtype=r["dtype"])
        cfg = TileConfig(**{k: r[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M")})
        res = predict_resources(spec, p, cfg)
        regs = r["n_regs"] if "n_regs" in r else r["TotalNumVgprs"]
        d = out.setdefault(r["target"], {"n": 0, "smem_exact": 0, "regs_within_10pct": 0})
        d["n"] += 1
        d["smem_exact"] += res.smem_bytes == r["smem_bytes"]
        d["regs_within_10pct"] += abs(res.regs_per_thread - regs) <= 0.10 * regs
    return out


def main(argv=None) -> int:
    import json
    from pathlib import Path

    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in argv
    argv = [a for a in argv if a != "--json"]
    path = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "validation" / "data" / "compile" / "compile_sweep.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    table = agreement(rows)
    if as_json:
        print(json.dumps(table, indent=2))
        return 0
    tot = {"n": 0, "smem_exact": 0, "regs_within_10pct": 0}
    print(f"{'target':8s} {'kernels':>8s} {'shared exact':>13s} {'regs within 10%':>16s}")
    for t, d in sorted(table.items()):
        for k in tot:
            tot[k] += d[k]
        print(f"{t:8s} {d['n']:8d} {d['smem_exact'] / d['n']:13.1%} {d['regs_within_10pct'] / d['n']:16.1%}")
    print(f"{'all':8s} {tot['n']:8d} {tot['smem_exact'] / tot['n']:13.1%} {tot['regs_within_10pct'] / tot['n']:16.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
