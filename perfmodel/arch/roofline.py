"""Compute and memory ceilings of a GEMM on a device, per dtype.

    compute path  = "matrix" if the spec lists a matrix instruction for the dtype, else "vector"
                    (gfx926 has no FP16/BF16 MMAC: its fp16 GEMMs run on packed FMAs)
    peak_ops_per_s = ops_per_clock_per_sm x sm_count x clock_peak_hz          (spec, derived)
    dram_bw        = the measured copy bandwidth where the spec has one, else the datasheet's
    floor_s        = max(flops / peak_ops_per_s, min_bytes / dram_bw)         (no config beats it)
    intensity of a tiled GEMM (flop per byte moved from DRAM), with its re-reads:
                    2 M N K / dram_bytes(tiles, GROUP_M, L2)                  (perfmodel.traffic)

Validated: the derived peaks reproduce the vendor datasheets within 10% (tests/test_spec.py);
no recorded H200 run is faster than floor_s (tests/test_timing.py).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from perfmodel.dtypes import NAMES as DTYPE_NAMES
from perfmodel.errors import SpecError
from perfmodel.hardware.registry import load_hardware
from perfmodel.hardware.schema import HardwareSpec
from perfmodel.hardware.transfer import constant
from perfmodel.problem import GemmProblem

Path_ = Literal["matrix", "vector"]


class Roofline(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    device: str
    dtype: str
    compute_path: Path_
    instruction: str
    peak_ops_per_s: float
    dram_bw_bytes_per_s: float
    l2_bw_bytes_per_s: float
    ridge_flop_per_byte: float
    compute_floor_s: float
    memory_floor_s: float
    floor_s: float
    min_intensity_flop_per_byte: float

    @property
    def bound(self) -> str:
        return "compute" if self.compute_floor_s >= self.memory_floor_s else "dram"


def compute_path(spec: HardwareSpec, dtype: str) -> tuple[Path_, float, str]:
    """(path, ops_per_clock_per_sm, instruction) for a dtype; SpecError if the device has no path."""
    t = spec.dtype_throughput(dtype)
    if t is not None and t.matrix is not None:
        return "matrix", float(t.matrix.ops_per_clock_per_sm.value), f"{t.matrix.instruction} ({t.matrix.shape})"
    if t is not None and t.vector is not None:
        return "vector", float(t.vector.ops_per_clock_per_sm.value), "vector FMA" + (f" ({t.vector.note})" if t.vector.note else "")
    have = [d for d in DTYPE_NAMES if spec.dtype_throughput(d) is not None]
    raise SpecError(f"{spec.id} has no {dtype} path in its spec; dtypes it has: {', '.join(have)}")


def dram_bw(spec: HardwareSpec) -> float:
    c = spec.calibration.dram_bw_achieved_bytes_per_s
    return float(c.value if c is not None else spec.memory.dram_bw_bytes_per_s.value)


def l2_bw(spec: HardwareSpec) -> float:
    """Measured L2 -> SM bandwidth where known, else the transfer reference's bytes per clock
    per SM times this device's SMs and clock (perfmodel.hardware.transfer)."""
    return constant(spec, "l2_bw_achieved_bytes_per_s").value


def roofline(hw: "str | HardwareSpec", problem: GemmProblem) -> Roofline:
    spec = load_hardware(hw)
    path, per_clock, instr = compute_path(spec, problem.dtype)
    peak = per_clock * spec.sm_count * spec.compute.clock_peak_hz.value
    bw = dram_bw(spec)
    comp = problem.flops / peak
    mem = problem.min_bytes / bw
    return Roofline(device=spec.id, dtype=problem.dtype, compute_path=path, instruction=instr, peak_ops_per_s=peak,
                    dram_bw_bytes_per_s=bw, l2_bw_bytes_per_s=l2_bw(spec), ridge_flop_per_byte=peak / bw,
                    compute_floor_s=comp, memory_floor_s=mem, floor_s=max(comp, mem),
                    min_intensity_flop_per_byte=problem.flops / problem.min_bytes)
