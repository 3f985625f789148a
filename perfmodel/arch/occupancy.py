"""Residency: how many blocks (workgroups) of a kernel stay resident on one SM (CU), and why.

`occupancy(hw, threads_per_block, regs_per_thread, shared_bytes=0, sgprs=None, agprs=None)`
returns an `Occupancy` with the count every limit allows and the limiter (the smallest; ties
go to the first of registers, shared, warps, blocks, sgprs, workgroups).

NVIDIA (sm_80, sm_90), the rules of cuda_occupancy.h, every parameter from the spec:
    warps_per_block   = ceil(threads / warp_size)
    regs_per_warp     = ceil(regs x warp_size / reg_alloc_unit) x reg_alloc_unit
    by registers      = floor(regs_per_sm / simds / regs_per_warp) x simds // warps_per_block
                        (registers live in the SM's sub-partitions), and 0 when
                        regs_per_warp x round_up(warps_per_block, warp_alloc_granularity)
                        exceeds max_regs_per_block (the hardware's per-block check)
    by shared memory  = per_sm_bytes // round_up(shared + reserved_per_block, granule)
    by warps          = max_warps_per_sm // warps_per_block
    by blocks         = max_blocks_per_sm
  Validated: equals cuOccupancyMaxActiveBlocksPerMultiprocessor for all 13,162 driver queries
  and all 6,441 compiled GEMM kernels recorded on an H200 (driver 580.159.04), see
  tests/test_occupancy.py.

AMD / Hygon (gfx9 family), the rules of LLVM's AMDGPU backend (AMDGPUBaseInfo.cpp):
    waves_per_wg      = ceil(threads / wave_size)
    vgprs (occupancy) = align(vgpr, 4) + agpr        (unified VGPR/AGPR file: gfx90a, gfx942)
                      = max(vgpr, agpr)              (separate AGPR file: gfx908)
    waves by VGPRs    = max_waves if vgprs < granule else
                        min(max(vgprs_per_simd_lane // align(vgprs, granule), 1), max_waves)
    waves by SGPRs    = the gfx9 table (<= 80: 10, <= 88: 9, <= 100: 8, else 7), capped at max_waves
    workgroups per CU = min(waves_per_simd_by_registers x simds // waves_per_wg,
                            LDS: per_sm_bytes // round_up(lds, granule),
                            barriers: max_barriers_per_cu for multi-wave workgroups,
                            wave slots: max_waves x simds // waves_per_wg)
  `waves_per_simd_by_registers` is what LLVM prints as `; Occupancy:` (it cannot see Triton's
  dynamic LDS); validated against LLVM's report for every compiled kernel of
  validation/data/compile/compile_sweep*.jsonl (gfx908, gfx90a, gfx942; Triton 3.6.0;
  tests/test_occupancy.py).
"""

from __future__ import annotations

from typing import Literal, Optional

import numpy as np

from pydantic import BaseModel, ConfigDict

from perfmodel.errors import OccupancyError
from perfmodel.hardware.registry import load_hardware
from perfmodel.hardware.schema import AmdResidency, HardwareSpec, NvidiaResidency

Limiter = Literal["registers", "shared", "warps", "blocks", "sgprs", "workgroups"]

#: LLVM GCNSubtarget::getOccupancyWithNumSGPRs for VOLCANIC_ISLANDS..GFX9: (max SGPRs, waves)
GFX9_SGPR_WAVES = ((80, 10), (88, 9), (100, 8))
GFX9_SGPR_WAVES_ELSE = 7


class Occupancy(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    device: str
    threads_per_block: int
    regs_per_thread: int
    shared_bytes: int
    warps_per_block: int  # waves per workgroup on AMD
    blocks_per_sm: int  # workgroups per CU on AMD
    warps_per_sm: int  # resident warps (waves) per SM (CU)
    waves_per_simd: Optional[float]  # AMD/Hygon only
    waves_per_simd_by_registers: Optional[int]  # AMD: what LLVM reports as '; Occupancy:'
    occupancy: float  # resident warps / architectural maximum
    limiter: Limiter
    limits: dict[str, int]  # blocks (workgroups) each resource allows


def _round_up(x: int, g: int) -> int:
    return -(-x // g) * g


def _check_int(name: str, v, minimum: int = 0) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or int(v) != v:
        raise OccupancyError(f"{name} must be a whole number, got {v!r}")
    v = int(v)
    if v < minimum:
        raise OccupancyError(f"{name} must be >= {minimum}, got {v}")
    return v


def _pick(limits: dict[str, int], order: tuple[str, ...]) -> str:
    best = min(limits[k] for k in order if k in limits)
    return next(k for k in order if k in limits and limits[k] == best)


def occupancy(
    hw: "str | HardwareSpec",
    threads_per_block: int,
    regs_per_thread: int,
    shared_bytes: int = 0,
    sgprs: Optional[int] = None,
    agprs: Optional[int] = None,
) -> Occupancy:
    """Residency of one kernel on `hw` (a device name or a loaded spec). See the module doc."""
    spec = load_hardware(hw)
    threads = _check_int("threads_per_block", threads_per_block, 1)
    regs = _check_int("regs_per_thread", regs_per_thread, 0)
    smem = _check_int("shared_bytes", shared_bytes, 0)
    max_threads = int(spec.compute.max_threads_per_block.value)
    if threads % spec.warp_size:
        up = -(-threads // spec.warp_size) * spec.warp_size
        unit = "wave" if spec.is_amd_like else "warp"
        raise OccupancyError(f"threads_per_block {threads} is not a multiple of {spec.id}'s {unit} size {spec.warp_size} "
                             f"(a partial {unit} still takes a whole one: use {up})")
    if threads > max_threads:
        raise OccupancyError(f"threads_per_block {threads} exceeds {spec.id}'s maximum of {max_threads}")
    max_smem = int(spec.shared_memory.max_per_block_bytes.value)
    if smem > max_smem:
        raise OccupancyError(f"shared_bytes {smem} exceeds {spec.id}'s maximum of {max_smem} per block")
    if isinstance(spec.residency, NvidiaResidency):
        if sgprs is not None or agprs is not None:
            raise OccupancyError("sgprs and agprs apply to AMD/Hygon devices only")
        return _nvidia(spec, spec.residency, threads, regs, smem)
    sg = None if sgprs is None else _check_int("sgprs", sgprs, 0)
    ag = 0 if agprs is None else _check_int("agprs", agprs, 0)
    return _amd(spec, spec.residency, threads, regs, smem, sg, ag)


LIMIT_ORDER = ("registers", "shared", "warps", "blocks", "sgprs", "workgroups")


def residency_arrays(spec: HardwareSpec, threads, regs, smem, sgprs=None, agprs=None) -> dict[str, np.ndarray]:
    """The same rules on numpy arrays (no input checks): blocks each limit allows, per kernel.

    Used by the ranker to evaluate thousands of configs at once; `occupancy()` calls it with
    one kernel, so both paths share one implementation.
    """
    threads = np.asarray(threads, dtype=np.int64)
    regs = np.asarray(regs, dtype=np.int64)
    smem = np.asarray(smem, dtype=np.int64)
    r = spec.residency
    warp = spec.warp_size
    simds = int(spec.compute.simds_per_sm.value)
    sm = spec.shared_memory
    warps_per_block = -(-threads // warp)
    limits: dict[str, np.ndarray] = {}
    if isinstance(r, NvidiaResidency):
        unit = int(r.reg_alloc_unit.value)
        regs_per_warp = -(-(regs * warp) // unit) * unit
        gran = int(r.warp_alloc_granularity.value)
        assumed = regs_per_warp * (-(-warps_per_block // gran) * gran)
        over = (assumed > r.max_regs_per_block.value) | (regs_per_warp * warps_per_block > r.max_regs_per_block.value)
        per_partition = int(r.regs_per_sm.value) // simds // np.maximum(regs_per_warp, 1)
        by_regs = per_partition * simds // warps_per_block
        limits["registers"] = np.where(regs_per_warp == 0, int(r.max_blocks_per_sm.value), np.where(over, 0, by_regs))
        per_block = shared_per_block(spec, smem)
        limits["shared"] = np.where(per_block > 0, int(sm.per_sm_bytes.value) // np.maximum(per_block, 1),
                                    int(r.max_blocks_per_sm.value))
        limits["warps"] = int(r.max_warps_per_sm.value) // warps_per_block
        limits["blocks"] = np.full_like(threads, int(r.max_blocks_per_sm.value))
        return limits
    agprs = np.zeros_like(regs) if agprs is None else np.asarray(agprs, dtype=np.int64)
    max_waves = int(r.max_waves_per_simd.value)
    by_vgpr = amd_waves_by_vgprs(r, regs, agprs)
    limits["registers"] = by_vgpr * simds // warps_per_block
    if sgprs is not None:
        limits["sgprs"] = amd_waves_by_sgprs(r, np.asarray(sgprs, dtype=np.int64)) * simds // warps_per_block
    gran_s = int(sm.alloc_granule_bytes.value)
    per_wg = -(-smem // gran_s) * gran_s
    wave_slots = max_waves * simds // warps_per_block
    limits["shared"] = np.where(per_wg > 0, int(sm.per_sm_bytes.value) // np.maximum(per_wg, 1), wave_slots)
    limits["warps"] = wave_slots
    limits["workgroups"] = np.where(warps_per_block == 1, wave_slots, np.minimum(wave_slots, int(r.max_barriers_per_cu.value)))
    return limits


def shared_per_block(spec: HardwareSpec, smem) -> np.ndarray:
    """Shared bytes one NVIDIA block takes on an SM: round_up(shared + reserved_per_block, granule)."""
    sm = spec.shared_memory
    gran = int(sm.alloc_granule_bytes.value)
    return -(-(np.asarray(smem, dtype=np.int64) + int(sm.reserved_per_block_bytes.value)) // gran) * gran


def blocks_per_sm_arrays(spec: HardwareSpec, threads, regs, smem, sgprs=None, agprs=None) -> tuple[np.ndarray, np.ndarray]:
    """(blocks per SM, index into LIMIT_ORDER of the limiter) for arrays of kernels."""
    limits = residency_arrays(spec, threads, regs, smem, sgprs, agprs)
    names = [n for n in LIMIT_ORDER if n in limits]
    stack = np.stack([np.broadcast_to(limits[n], np.shape(limits[names[0]])) for n in names])
    which = np.argmin(stack, axis=0)  # first minimum: ties go to the earlier name
    return stack.min(axis=0), np.array([LIMIT_ORDER.index(n) for n in names])[which]


def _finish(spec: HardwareSpec, threads: int, regs: int, smem: int, limits: dict, by_regs_waves=None) -> Occupancy:
    lim = {k: int(np.asarray(v).reshape(-1)[0]) for k, v in limits.items()}
    limiter = _pick(lim, LIMIT_ORDER)
    blocks = lim[limiter]
    warps_per_block = -(-threads // spec.warp_size)
    warps_sm = blocks * warps_per_block
    r = spec.residency
    if isinstance(r, NvidiaResidency):
        return Occupancy(
            device=spec.id, threads_per_block=threads, regs_per_thread=regs, shared_bytes=smem,
            warps_per_block=warps_per_block, blocks_per_sm=blocks, warps_per_sm=warps_sm,
            waves_per_simd=None, waves_per_simd_by_registers=None,
            occupancy=warps_sm / r.max_warps_per_sm.value, limiter=limiter, limits=lim,
        )
    simds = int(spec.compute.simds_per_sm.value)
    return Occupancy(
        device=spec.id, threads_per_block=threads, regs_per_thread=regs, shared_bytes=smem,
        warps_per_block=warps_per_block, blocks_per_sm=blocks, warps_per_sm=warps_sm,
        waves_per_simd=warps_sm / simds, waves_per_simd_by_registers=by_regs_waves,
        occupancy=warps_sm / (r.max_waves_per_simd.value * simds), limiter=limiter, limits=lim,
    )


def _nvidia(spec: HardwareSpec, r: NvidiaResidency, threads: int, regs: int, smem: int) -> Occupancy:
    max_regs = int(r.max_regs_per_thread.value)
    if regs > max_regs:
        raise OccupancyError(f"regs_per_thread {regs} exceeds {spec.id}'s maximum of {max_regs}")
    return _finish(spec, threads, regs, smem, residency_arrays(spec, threads, regs, smem))


def amd_waves_by_vgprs(r: AmdResidency, vgprs, agprs=0):
    """LLVM getNumWavesPerEUWithNumVGPRs on the occupancy-relevant VGPR count (arrays work)."""
    vgprs = np.asarray(vgprs, dtype=np.int64)
    agprs = np.asarray(agprs, dtype=np.int64)
    max_waves = int(r.max_waves_per_simd.value)
    total = (-(-vgprs // 4) * 4 + agprs) if r.unified_vgpr_agpr else np.maximum(vgprs, agprs)
    granule = int(r.vgpr_alloc_granule.value)
    rounded = -(-total // granule) * granule
    waves = np.minimum(np.maximum(int(r.vgprs_per_simd_lane.value) // np.maximum(rounded, 1), 1), max_waves)
    out = np.where(total < granule, max_waves, waves)
    return int(out) if out.ndim == 0 else out


def amd_waves_by_sgprs(r: AmdResidency, sgprs):
    """LLVM getOccupancyWithNumSGPRs (gfx9 table), capped at the device's max waves (arrays work)."""
    s = np.asarray(sgprs, dtype=np.int64)
    waves = np.full(s.shape, GFX9_SGPR_WAVES_ELSE)
    for limit, w in reversed(GFX9_SGPR_WAVES):
        waves = np.where(s <= limit, w, waves)
    out = np.minimum(waves, int(r.max_waves_per_simd.value))
    return int(out) if out.ndim == 0 else out


def _amd(spec: HardwareSpec, r: AmdResidency, threads: int, vgprs: int, smem: int,
         sgprs: Optional[int], agprs: int) -> Occupancy:
    max_vgprs = int(r.max_vgprs_per_wave.value)
    if vgprs > max_vgprs:
        raise OccupancyError(f"regs_per_thread (VGPRs) {vgprs} exceeds {spec.id}'s maximum of {max_vgprs} per wave")
    max_agprs = max_vgprs if r.unified_vgpr_agpr else int(r.agprs_per_simd_lane.value)
    if agprs > max_agprs:
        raise OccupancyError(f"agprs {agprs} exceeds {spec.id}'s maximum of {max_agprs}")
    if sgprs is not None and sgprs > r.max_sgprs_per_wave.value + 6:  # + VCC, FLAT_SCRATCH, XNACK
        raise OccupancyError(f"sgprs {sgprs} exceeds {spec.id}'s maximum of {int(r.max_sgprs_per_wave.value)} (+6 special)")
    by_vgpr = amd_waves_by_vgprs(r, vgprs, agprs)
    by_sgpr = amd_waves_by_sgprs(r, sgprs) if sgprs is not None else int(r.max_waves_per_simd.value)
    limits = residency_arrays(spec, threads, vgprs, smem, sgprs, agprs)
    return _finish(spec, threads, vgprs, smem, limits, by_regs_waves=min(by_vgpr, by_sgpr))
