"""Shared memory / LDS and registers of a bundled Triton GEMM config, without compiling.

Rules learned from Triton 3.6.0 compiles of validation/kernels/matmul.py (recorded in
validation/data/compile/compile_sweep.jsonl and compile_sweep_mixed.jsonl: 162 configs x four
alignment classes (GemmProblem.alignment: all, k, n, none) x sm_80, sm_90,
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
    only K (or only N) 16-divisible ("k"/"n", GemmProblem.alignment): the aligned operand's tile
                            in the aligned rule's buffer count (sm_90 wgmma num_stages, else
                            num_stages - 1), the other operand's tile once; written from 12
                            offline compiles, then exact for 99.7% of 1,009 kernels the H200
                            compiled for six mixed-alignment shapes (validation/data/h200/mixed.jsonl)
    (num_stages = 1 is taken as one buffer everywhere.) Hygon DCUs use the AMD rules: their
    Triton backend derives from AMD's, and seed 000's "an additional stage does not
    necessarily allocate one extra LDS buffer" is exactly what the AMD rule shows
    (num_stages - 1 buffers). This is a proxy: no gfx926/gfx936 compiler was available.
  Agreement: exact for 3,338/3,402 offline compiles (98.1%) over the four alignment classes
  (compile_sweep.jsonl and compile_sweep_mixed.jsonl): 100% on every AMD target; the misses
  are epilogue layout conversions that stage C (BLOCK_M x BLOCK_N x 2 bytes) through shared
  memory on some NVIDIA configs (mostly unaligned ones: 82.7% exact on sm_80, 88.9% on sm_90),
  which the rule leaves out. On the H200 runs (compiled by the JIT on the device): 98.5% of
  5,467 grouped-GEMM kernels (tests/test_resources.py).

Registers per thread (and spilled registers): read from perfmodel/register_table.py, the
Triton 3.6.0 compiles of every tile geometry of the built-in space per target (sm_80, sm_90,
gfx908, gfx90a, gfx942; gfx926/gfx936 read gfx90a's as a stand-in), keyed by alignment class
and stage class (num_stages 1, 2, >= 3). Measured agreement (`perfmodel resources-check`,
tests/test_resources.py) on compiles the table was not built from (other num_stages, GROUP_M
1, bf16): within 10% for 2,182/2,197 offline compiles (99.3%), and on kernels the H200's JIT
compiled itself for 99.2% of 4,084 (suite), 98.0% of 1,328 (hold-out shapes) and 98.3% of 745
(mixed-alignment shapes). Outside the table (dtypes other than fp16/bf16, tiles off the
power-of-two grid, accumulators above 256 registers per thread) the linear model of
validation/fit_registers.py predicts the register demand (within 10% for only 65% of
compiles): registers = min(demand, cap), the excess spilled.
"""

from __future__ import annotations

import sys
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from perfmodel.problem import DTYPE_BYTES, GemmProblem, TileConfig
from perfmodel.register_table import TABLE_DTYPES, TABLE_TARGET, load_table, lookup, stage_class
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
    alignment: Literal["all", "k", "n", "none"]
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
    the compiled table had the config), is_wgmma (bool), aligned and alignment (scalars: see
    GemmProblem.alignment; stage_buffers counts the pipelined operand's buffers)."""
    bm, bn, bk = (np.asarray(c[k], dtype=np.int64) for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K"))
    w = np.asarray(c["num_warps"], dtype=np.int64)
    s = np.asarray(c["num_stages"], dtype=np.int64)
    e = DTYPE_BYTES[problem.dtype]
    backend = backend_of(spec)
    ws = spec.warp_size
    threads = w * ws
    alignment = problem.alignment
    aligned = alignment == "all"
    a_bytes, b_bytes = bm * bk * e, bn * bk * e
    ab = a_bytes + b_bytes
    if backend == "sm_90":
        is_wgmma = (w >= 4) & (bm >= 64)
    else:
        is_wgmma = np.zeros_like(bm, dtype=bool)
    # buffers of an operand loaded in 16-byte vectors through the async-copy pipeline
    if backend.startswith("amdgpu"):
        buffers = np.maximum(s - 1, 1)
    else:
        buffers = np.where(is_wgmma, s, np.maximum(s - 1, 1))
    if alignment == "all":
        smem = buffers * ab
    elif alignment == "k":  # A pipelined, B through one buffer
        smem = buffers * a_bytes + b_bytes
    elif alignment == "n":
        smem = a_bytes + buffers * b_bytes
    else:  # nothing pipelined: one buffer (AMD: A and B share it)
        buffers = np.ones_like(s)
        smem = np.maximum(bm, bn) * bk * e if backend.startswith("amdgpu") else ab
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
        t_regs, t_spilled, from_table = lookup(table_target, alignment, bm, bn, bk, w, s)
        demand = np.where(from_table, t_regs, demand)
        spilled = np.where(from_table, t_spilled, 0)
    return {"threads": threads, "smem_bytes": smem.astype(np.int64), "stage_buffers": buffers.astype(np.int64),
            "regs": np.minimum(demand, cap), "spilled_regs": spilled + np.maximum(demand - cap, 0),
            "regs_from_table": from_table, "is_wgmma": is_wgmma, "aligned": aligned, "alignment": alignment}


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
    plural = "s" if buffers > 1 else ""
    rule = {"all": f"{buffers} stage buffer{plural} of (BM+BN)xBKxbytes",
            "k": f"only K 16-divisible: A in {buffers} pipelined buffer{plural}, B element-wise through one",
            "n": f"only N 16-divisible: B in {buffers} pipelined buffer{plural}, A element-wise through one",
            "none": "K and N not 16-divisible: one buffer, no async-copy pipelining"}[arr["alignment"]]
    if arr["regs_from_table"][0]:
        tgt = TABLE_TARGET[spec.target]
        rule += f"; registers: Triton {load_table()['triton']} compile table ({tgt}{'' if tgt == spec.target else ' stand-in'})"
    else:
        rule += "; registers: linear fit (config outside the compiled table)"
    return Resources(backend=backend, instruction=_instruction(spec, problem.dtype, wg), aligned=bool(arr["aligned"]),
                     alignment=arr["alignment"],
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
    k = compile_grouped(spec.target, problem.dtype, problem.alignment, c)
    if spec.vendor == "nvidia":
        rr = nvidia_resources(k)
        regs, instr, spills = rr["n_regs"], rr["mma"], rr["stack_bytes"] // 4
    else:
        rr = amd_resources(k)
        regs, instr, spills = rr["TotalNumVgprs"], rr["mma"], (rr["ScratchSize"] or 0) // 4
    ab = tile_input_bytes(config, problem.dtype)
    return Resources(backend=backend_of(spec), instruction=instr if instr in ("wgmma", "mma", "mfma") else "fma",
                     aligned=problem.alignment == "all", alignment=problem.alignment,
                     threads_per_block=config.num_warps * spec.warp_size,
                     smem_bytes=int(k.metadata.shared), stage_buffers=max(1, round(int(k.metadata.shared) / ab)),
                     regs_per_thread=int(regs), spilled_regs_per_thread=int(spills),
                     rule="compiled with Triton " + __import__("triton").__version__)


# ---------------------------------------------------------------------------------------
# agreement with recorded compiles: `python -m perfmodel.resources [FILE]`
# ---------------------------------------------------------------------------------------

_TARGET_DEVICE = {"sm_80": "a100", "sm_90": "h200", "gfx908": "gfx908", "gfx90a": "gfx90a", "gfx942": "gfx942"}


#: sizes Triton specialises as 16-divisible in the register table's compile of each class
_CLASS_DIVISIBLE = {"all": {"M", "N", "K"}, "none": set(), "k": {"M", "K"}, "n": {"M", "N"}}
#: a problem standing for each alignment class of an offline compile
_CLASS_PROBLEM = {"all": (4096, 4096, 4096), "none": (4095, 4095, 4095), "k": (4096, 4095, 4096), "n": (4096, 4096, 4095)}


def _alignment_of(row: dict) -> str:
    if "M" in row:  # a device run
        return GemmProblem(M=row["M"], N=row["N"], K=row["K"], dtype=row["dtype"]).alignment
    return row.get("alignment") or ("all" if row["aligned"] else "none")


def is_table_compile(row: dict) -> bool:
    """True when a recorded compile is the very compile the register table holds for its
    geometry (fp16, the class's 16-divisible sizes, GROUP_M = 8, the stage class's own
    num_stages): agreement on such rows is the compiler agreeing with itself, so the held-out
    figures leave them out."""
    alignment = _alignment_of(row)
    if "M" in row and {k for k in ("M", "N", "K") if row[k] % 16 == 0} != _CLASS_DIVISIBLE[alignment]:
        return False  # the JIT specialised M differently from the table's compile
    stages_in_table = int(stage_class(row["num_stages"], alignment)) == row["num_stages"]
    return row["dtype"] == "fp16" and row.get("GROUP_M") == 8 and row.get("SPLIT_K", 1) == 1 and stages_in_table


def _recorded(row: dict):
    """(label, device, problem, config, registers, shared bytes) of a recorded compile
    (compile_sweep.jsonl) or of a grouped-GEMM run the H200 compiled (runs.jsonl); else None."""
    if row.get("kind") == "compile" and row.get("status") == "ok":
        M, N, K = _CLASS_PROBLEM[_alignment_of(row)]
        label = f"{row['target']}/{_alignment_of(row)}"
        device, p = _TARGET_DEVICE[row["target"]], GemmProblem(M=M, N=N, K=K, dtype=row["dtype"])
    elif row.get("kind") == "run" and row.get("kernel") == "grouped" and row.get("n_regs") is not None \
            and row.get("smem_bytes") is not None:
        p = GemmProblem(M=row["M"], N=row["N"], K=row["K"], dtype=row["dtype"])
        label, device = f"h200-jit/{p.alignment}", "h200"
    else:
        return None
    cfg = TileConfig(**{k: row[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M")})
    regs = row["n_regs"] if "n_regs" in row else row["TotalNumVgprs"]
    return label, device, p, cfg, regs, row.get("smem_bytes")


def agreement(rows: list[dict]) -> dict[str, dict]:
    """Per "target/alignment class": share of compiled kernels whose shared bytes the rule gets
    exactly and whose registers it gets within 10%, over all recorded compiles and over the
    held-out ones (those that are not the register table's own compile, see is_table_compile).
    Rows are offline compiles (validation/compile_sweep.py) or H200 runs (target h200-jit: the
    JIT's own compiles)."""
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
    compile_dir = Path(__file__).resolve().parent.parent / "validation" / "data" / "compile"
    paths = [Path(a) for a in argv] or [p for p in (compile_dir / "compile_sweep.jsonl",
                                                    compile_dir / "compile_sweep_mixed.jsonl") if p.is_file()]
    rows = [json.loads(line) for path in paths for line in path.read_text().splitlines() if line.strip()]
    table = agreement(rows)
    if not table:
        print(f"{', '.join(map(str, paths))}: no compile rows (compile_sweep.jsonl) or grouped-GEMM runs with n_regs "
              "(runs.jsonl)", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(table, indent=2))
        return 0
    tot = dict.fromkeys(next(iter(table.values())), 0)
    print(f"{'target/alignment':16s} {'kernels':>8s} {'shared exact':>13s} {'regs within 10%':>16s}   "
          f"{'held out':>8s} {'regs within 10%':>16s}")

    def line(name, d):
        ho = d["held_out_regs_within_10pct"] / d["held_out_n"] if d["held_out_n"] else float("nan")
        print(f"{name:16s} {d['n']:8d} {d['smem_exact'] / d['n']:13.1%} {d['regs_within_10pct'] / d['n']:16.1%}   "
              f"{d['held_out_n']:8d} {ho:16.1%}")

    for t, d in sorted(table.items()):
        for k in tot:
            tot[k] += d[k]
        line(t, d)
    line("all", tot)
    print("alignment: all = K and N 16-divisible, k / n = only that one, none = neither.\n"
          "held out: compiles that are not the register table's own (another num_stages, GROUP_M 1 or bf16);\n"
          "registers come from perfmodel/register_table.json where it has the config, else the linear fit.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
