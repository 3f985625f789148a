"""Registers per thread of a Triton kernel as the compiler allocates them: compiled tables,
and a linear fit for what no table holds.

Why tables and not a formula: the register count is the register allocator's choice (ptxas on
NVIDIA, LLVM on AMD). For the bundled GEMMs it is decided by the tile geometry (BLOCK_M,
BLOCK_N, BLOCK_K, num_warps), the load class and whether num_stages is 1, 2 or more; GROUP_M and
num_stages beyond 3 leave it within 10%. Across geometries no closed formula tried came within
10% for more than ~70% of kernels, while ptxas clusters its choices at occupancy steps (64, 72,
80, 96, 128, 168, 255 on sm_80/sm_90). So each kernel ships what the compiler gave for every
geometry of its built-in space: `perfmodel/kernels/<kernel>/register_table.json`, produced by
`python validation/register_table.py compile --kernel K` then `... build --kernel K` (offline
compiles, no GPU; validation/data/README.md says how long they take).

Lookup: (key, load class, BLOCK_M, BLOCK_N, BLOCK_K, num_warps, stage class), the key the
device's `toolchain.register_target` (a device without a public compiler names a stand-in
there, and its file says so) with the dtype and layout it was compiled in (table_key: "sm_90",
"sm_90/nt", "sm_90/tf32", ...), the stage class min(num_stages, 3), or 3 where nothing is
pipelined (load class "none"). A layout without compiles of its own reads its A-majorness
sibling's (tn: nn's, tt: nt's), said so in the source. The table's grid is in its own header.

Outside a table (other dtypes, tiles off the grid, accumulators above 256 registers per thread,
devices without a register target) the linear fit of validation/fit_registers.py predicts the
register demand (perfmodel/kernels/grouped/register_fit.json; within 10% for only ~65% of
compiles): registers = min(demand, cap), the excess spilled.

    demand = c0 + c_acc acc + c_vec vec16 + c_elem elems + c_stage num_stages
    acc = BM BN / threads,  vec16 = (BM + BN) BK bytes / 16 / threads,  elems = (BM + BN) BK / threads
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np

from perfmodel.hardware.schema import HardwareSpec

STAGE_CLASSES = (1, 2, 3)

#: the operand dtypes a table holds compiles of: 16-bit ones share the fp16 compiles (bf16
#: allocates within 10% of fp16 on 162/162 sm_90 configs); TF32, FP8 and IEEE fp32 (FMAs) have their own
TABLE_WIDTHS = {"fp16": "", "bf16": "", "tf32": "/tf32", "fp8": "/fp8", "fp32": "/fp32"}
#: what the tables were compiled in: fp16 stands for 16-bit, TF32 on the NVIDIA targets, FP8 on
#: sm_90 (every kernel; class "all" in nn), IEEE fp32 on sm_90; nn and nt
COMPILED_DTYPES = ("fp16", "tf32", "fp8", "fp32")
#: the dtypes whose tables hold FMA compiles (no matrix instruction): a device reads them only
#: where it lowers the dtype to FMAs too (and no FMA device reads another dtype's matrix compiles)
FMA_TABLE_DTYPES = ("fp32",)
COMPILED_LAYOUTS = ("nn", "nt")


def table_key(target: str, dtype: str, layout: str = "nn") -> str | None:
    """The table's key for compiles of a target in a dtype and layout: "sm_90", "sm_90/nt",
    "sm_90/tf32", "sm_90/tf32/nt"; None for a dtype no table is compiled in."""
    if dtype not in TABLE_WIDTHS:
        return None
    return target + TABLE_WIDTHS[dtype] + ("" if layout == "nn" else f"/{layout}")


def stage_class(stages, load: str) -> np.ndarray:
    """min(num_stages, 3), at least 1; 3 for load class "none" (nothing is multi-buffered there)."""
    stages = np.asarray(stages, dtype=np.int64)
    return np.full_like(stages, 3) if load == "none" else np.minimum(np.maximum(stages, 1), 3)


class _JsonFile:
    """A JSON file shipped with a kernel, read on first use."""

    def __init__(self, path: Path):
        self.path = path

    @functools.cached_property
    def data(self) -> dict:
        return json.loads(self.path.read_text())


class RegisterTable(_JsonFile):
    """One kernel's compiled register table (a JSON file with a header and rows)."""

    @property
    def triton(self) -> str:
        return self.data["triton"]

    @functools.cached_property
    def targets(self) -> set[str]:
        ix = self.data["columns"].index("target")
        return {row[ix] for row in self.data["rows"]}

    @functools.cached_property
    def _grid(self) -> dict[str, tuple[int, ...]]:
        g = self.data["grid"]
        return {"loads": tuple(g["loads"]), "BLOCK_MN": tuple(g["BLOCK_MN"]), "BLOCK_K": tuple(g["BLOCK_K"]),
                "num_warps": tuple(g["num_warps"])}

    #: the two columns a lookup returns
    VALUES = ("regs", "spilled_regs")

    @functools.lru_cache(maxsize=16)
    def _dense(self, target: str) -> np.ndarray:
        """int32 [load, BM, BN, BK, warps, stage class, (the VALUES)]; -1 where not compiled."""
        g = self._grid
        arr = np.full((len(g["loads"]), len(g["BLOCK_MN"]), len(g["BLOCK_MN"]), len(g["BLOCK_K"]), len(g["num_warps"]),
                       len(STAGE_CLASSES), 2), -1, dtype=np.int32)
        ix = {c: i for i, c in enumerate(self.data["columns"])}
        for row in self.data["rows"]:
            if row[ix["target"]] != target:
                continue
            arr[g["loads"].index(row[ix["alignment"]]), g["BLOCK_MN"].index(row[ix["BLOCK_M"]]),
                g["BLOCK_MN"].index(row[ix["BLOCK_N"]]), g["BLOCK_K"].index(row[ix["BLOCK_K"]]),
                g["num_warps"].index(row[ix["num_warps"]]),
                STAGE_CLASSES.index(row[ix["num_stages"]])] = tuple(row[ix[v]] for v in self.VALUES)
        return arr

    def lookup(self, target: str, load: str, bm, bn, bk, warps, stages) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Vectorised: (regs, spilled_regs, found) for arrays of configs on one compile target
        and load class (a LoopSpillTable: its two VALUES). Entries not in the table come back with
        found = False (and -1s)."""
        bm, bn, bk, warps, stages = (np.asarray(x, dtype=np.int64) for x in (bm, bn, bk, warps, stages))
        n = np.broadcast(bm, bn, bk, warps, stages).shape
        g = self._grid
        if target not in self.targets or load not in g["loads"]:
            return np.full(n, -1), np.full(n, -1), np.zeros(n, dtype=bool)
        (im, okm), (inn, okn), (ik, okk), (iw, okw) = (_index(bm, g["BLOCK_MN"]), _index(bn, g["BLOCK_MN"]),
                                                       _index(bk, g["BLOCK_K"]), _index(warps, g["num_warps"]))
        vals = self._dense(target)[g["loads"].index(load), im, inn, ik, iw, stage_class(stages, load) - 1]
        found = okm & okn & okk & okw & (vals[..., 0] >= 0)
        return np.where(found, vals[..., 0], -1), np.where(found, vals[..., 1], -1), found


class LoopSpillTable(RegisterTable):
    """Where a compile's spilled registers are touched: the 4-byte words per thread its
    local-memory instructions (LDL, STL) move inside its main loop, every k-step, and in the whole
    kernel, for the spilling compiles of a register table whose disassembly was read
    (validation/loop_spills.py: sm_90). A lookup returns (loop words, kernel words, found)."""

    VALUES = ("loop_local", "kernel_local")


def loop_spilled(spilled, loop_words, found) -> np.ndarray:
    """Of a compile's spilled registers, those its main loop touches: min(spilled, the words the
    loop's local-memory instructions move) where the disassembly was read, else all of them (the
    rest are stored and reloaded outside the loop: paid once per tile, perfmodel.kernels.pipeline)."""
    return np.where(found, np.minimum(spilled, np.maximum(loop_words, 0)), spilled)


class TableChain:
    """A kernel's own register table, and where it has no compile of a config, another kernel's
    (the split-K kernel's own sm_90 compiles first, the grouped kernel's tables elsewhere)."""

    def __init__(self, own: RegisterTable, fallback: RegisterTable):
        self.own, self.fallback = own, fallback

    @property
    def triton(self) -> str:
        return self.own.triton

    @functools.cached_property
    def targets(self) -> set[str]:
        return self.own.targets | self.fallback.targets

    def lookup(self, target: str, load: str, bm, bn, bk, warps, stages) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        regs, spilled, found = self.own.lookup(target, load, bm, bn, bk, warps, stages)
        f_regs, f_spilled, f_found = self.fallback.lookup(target, load, bm, bn, bk, warps, stages)
        return np.where(found, regs, f_regs), np.where(found, spilled, f_spilled), found | f_found


def _index(values: np.ndarray, grid: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    g = np.asarray(grid)
    i = np.clip(np.searchsorted(g, values), 0, len(g) - 1)
    return i, g[i] == values


class RegisterFit(_JsonFile):
    """The linear register-demand fit (a JSON file written by validation/fit_registers.py)."""

    def coefficients(self) -> dict[tuple[str, bool, str], tuple[float, ...]]:
        """(fit class, all-aligned, instruction) -> (c0, c_acc, c_vec16, c_elems, c_stages)."""
        return {(c["class"], c["aligned"], c["instruction"]): tuple(c["coefficients"]) for c in self.data["classes"]}

    @staticmethod
    def fit_class(spec: HardwareSpec) -> str:
        """Which pooled compiles stand for the device: "sm_90" (CUDA with wgmma), "sm_80" (CUDA),
        "amdgpu-gfx908" (HIP with a separate AGPR file) or "amdgpu" (HIP, unified or no AGPRs)."""
        if spec.backend == "cuda":
            return "sm_90" if spec.has("warpgroup_mma") else "sm_80"
        r = spec.residency
        separate_agprs = (not r.unified_vgpr_agpr) and r.agprs_per_simd_lane.value > 0
        return "amdgpu-gfx908" if separate_agprs else "amdgpu"

    def demand(self, spec: HardwareSpec, aligned: bool, is_wgmma, bm, bn, bk, warps, stages, in_bytes) -> np.ndarray:
        """Predicted register demand per thread (before the cap), arrays."""
        threads = warps * spec.warp_size
        feats = np.stack([np.ones_like(bm, dtype=float), bm * bn / threads,
                          (bm + bn) * bk * in_bytes / 16 / threads, (bm + bn) * bk / threads,
                          np.asarray(stages).astype(float)])
        coef = self.coefficients()
        cls = self.fit_class(spec)
        if cls == "sm_90":
            cw, cm = np.array(coef[(cls, aligned, "wgmma")]), np.array(coef[(cls, aligned, "mma")])
            return np.where(is_wgmma, cw @ feats, cm @ feats)
        return np.array(coef[(cls, aligned, "mma" if cls == "sm_80" else "mfma")]) @ feats


def register_cap(spec: HardwareSpec) -> int:
    """Registers one thread can hold before spilling (NVIDIA max per thread, AMD VGPRs per wave)."""
    r = spec.residency
    return int(r.max_regs_per_thread.value) if spec.backend == "cuda" else int(r.max_vgprs_per_wave.value)
