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

Registers per thread (and spilled registers): read from perfmodel/register_table.py, the
Triton 3.6.0 compiles of every tile geometry of the built-in space per target (sm_80, sm_90,
gfx908, gfx90a, gfx942; gfx926/gfx936 read gfx90a's as a stand-in), keyed by alignment and
stage class (num_stages 1, 2, >= 3 when aligned). Measured agreement (`perfmodel
resources-check`, tests/test_resources.py) on compiles the table was not built from (other
num_stages, GROUP_M 1, bf16): within 10% for 1,234/1,237 offline compiles (99.8%; 100% on the
AMD targets) and for 4,052/4,084 kernels the H200 compiled itself (99.2%); 94.5% of 1,328 on
the hold-out shapes, where one (5000x300x2000) has 16-divisible K but not N and so sits
between the table's aligned and unaligned columns. Outside the table (dtypes other than
fp16/bf16, tiles off the power-of-two grid, accumulators above 256 registers per thread) the
linear model of validation/fit_registers.py predicts the register demand (within 10% for only
65% of compiles): registers = min(demand, cap), the excess spilled.
"""

from __future__ import annotations

import sys
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from perfmodel.problem import DTYPE_BYTES, GemmProblem, TileConfig
from perfmodel.register_table import TABLE_DTYPES, TABLE_TARGET, load_table, lookup
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

    Returns arrays threads, smem_bytes, stage_buffers, regs, spilled_regs, regs_from_table (bool:
    the compiled table had the config), is_wgmma (bool) and aligned (scalar)."""
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
    spilled = np.zeros_like(demand)
    # the compiled table where it has the config (perfmodel/register_table.py), the fit elsewhere
    from_table = np.zeros(demand.shape, dtype=bool)
    table_target = TABLE_TARGET.get(spec.target)
    if table_target and problem.dtype in TABLE_DTYPES and _instruction(spec, problem.dtype, False) != "fma":
        t_regs, t_spilled, from_table = lookup(table_target, aligned, bm, bn, bk, w, s)
        demand = np.where(from_table, t_regs, demand)
        spilled = np.where(from_table, t_spilled, 0)
    return {"threads": threads, "smem_bytes": smem.astype(np.int64), "stage_buffers": buffers.astype(np.int64),
            "regs": np.minimum(demand, cap), "spilled_regs": spilled + np.maximum(demand - cap, 0),
            "regs_from_table": from_table, "is_wgmma": is_wgmma, "aligned": aligned}


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
    if arr["regs_from_table"][0]:
        tgt = TABLE_TARGET[spec.target]
        rule += f"; registers: Triton {load_table()['triton']} compile table ({tgt}{'' if tgt == spec.target else ' stand-in'})"
    else:
        rule += "; registers: linear fit (config outside the compiled table)"
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


def is_table_compile(row: dict) -> bool:
    """True when a recorded compile is the very compile the register table holds for its
    geometry (fp16, all sizes 16-divisible or none, GROUP_M = 8, the stage class's own
    num_stages): agreement on such rows is the compiler agreeing with itself, so the held-out
    figures leave them out."""
    if "aligned" in row:
        aligned = row["aligned"]
    else:  # a device run: the JIT specialises each size on divisibility by 16
        div = [row[k] % 16 == 0 for k in ("M", "N", "K")]
        if any(div) and not all(div):
            return False
        aligned = all(div)
    stages_in_table = row["num_stages"] in (1, 2, 3) if aligned else row["num_stages"] == 3
    return row["dtype"] == "fp16" and row.get("GROUP_M") == 8 and row.get("SPLIT_K", 1) == 1 and stages_in_table


def _recorded(row: dict):
    """(label, device, problem, config, registers, shared bytes) of a recorded compile
    (compile_sweep.jsonl) or of a grouped-GEMM run the H200 compiled (runs.jsonl); else None."""
    if row.get("kind") == "compile" and row.get("status") == "ok":
        # an aligned row stands for K = N = multiples of 16; unaligned for neither
        dim = 4096 if row["aligned"] else 4095
        label, device, p = row["target"], _TARGET_DEVICE[row["target"]], GemmProblem(M=dim, N=dim, K=dim, dtype=row["dtype"])
    elif row.get("kind") == "run" and row.get("kernel") == "grouped" and row.get("n_regs") is not None \
            and row.get("smem_bytes") is not None:
        label, device, p = "h200-jit", "h200", GemmProblem(M=row["M"], N=row["N"], K=row["K"], dtype=row["dtype"])
    else:
        return None
    cfg = TileConfig(**{k: row[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M")})
    regs = row["n_regs"] if "n_regs" in row else row["TotalNumVgprs"]
    return label, device, p, cfg, regs, row.get("smem_bytes")


def agreement(rows: list[dict]) -> dict[str, dict]:
    """Per target: share of compiled kernels whose shared bytes the rule gets exactly and whose
    registers it gets within 10%, over all recorded compiles and over the held-out ones (those
    that are not the register table's own compile, see is_table_compile). Rows are offline
    compiles (validation/compile_sweep.py) or H200 runs (label h200-jit: the JIT's compiles)."""
    out: dict[str, dict] = {}
    for r in rows:
        rec = _recorded(r)
        if rec is None:
            continue
        label, device, p, cfg, regs, smem = rec
        res = predict_resources(device, p, cfg)
        d = out.setdefault(label, {"n": 0, "smem_exact": 0, "regs_within_10pct": 0,
                                   "held_out_n": 0, "held_out_regs_within_10pct": 0})
        good = abs(res.regs_per_thread - regs) <= 0.10 * regs
        d["n"] += 1
        d["smem_exact"] += res.smem_bytes == smem
        d["regs_within_10pct"] += good
        if not is_table_compile(r):
            d["held_out_n"] += 1
            d["held_out_regs_within_10pct"] += good
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
    if not table:
        print(f"{path}: no compile rows (compile_sweep.jsonl) or grouped-GEMM runs with n_regs (runs.jsonl)",
              file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(table, indent=2))
        return 0
    tot = dict.fromkeys(next(iter(table.values())), 0)
    print(f"{'target':8s} {'kernels':>8s} {'shared exact':>13s} {'regs within 10%':>16s}   "
          f"{'held out':>8s} {'regs within 10%':>16s}")

    def line(name, d):
        ho = d["held_out_regs_within_10pct"] / d["held_out_n"] if d["held_out_n"] else float("nan")
        print(f"{name:8s} {d['n']:8d} {d['smem_exact'] / d['n']:13.1%} {d['regs_within_10pct'] / d['n']:16.1%}   "
              f"{d['held_out_n']:8d} {ho:16.1%}")

    for t, d in sorted(table.items()):
        for k in tot:
            tot[k] += d[k]
        line(t, d)
    line("all", tot)
    print("held out: compiles that are not the register table's own (another num_stages, GROUP_M 1 or bf16);\n"
          "registers come from perfmodel/register_table.json where it has the config, else the linear fit.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
