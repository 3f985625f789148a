"""Run one kernel model on arrays of configs: resources, residency, time.

    res            = model.resources(spec, problem, configs)          (the kernel's rule)
    blocks, limit  = residency of (threads, registers, shared bytes)  (perfmodel.arch.occupancy)
    terms          = model.time(ctx, configs, res, blocks)            (the kernel's time terms)

A config fits when at least one block is resident and its shared memory is within the
device's per-block limit; one that does not gets time inf. The result is a dict of arrays
with the time terms plus the resource and residency columns every output shows.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from perfmodel.arch.occupancy import blocks_per_sm_arrays
from perfmodel.arch.roofline import roofline
from perfmodel.errors import ConfigError
from perfmodel.hardware.schema import HardwareSpec
from perfmodel.kernels.base import ConfigArrays, KernelModel, by_tile
from perfmodel.kernels.lowering import compiled_stages
from perfmodel.kernels.params import TimingParams, timing_params
from perfmodel.problem import GemmProblem


@dataclass(frozen=True)
class Context:
    """What every kernel's time terms read: the device, the problem, the device's constants for
    the problem's dtype, and the floor no config beats (model_floor)."""

    spec: HardwareSpec
    problem: GemmProblem
    params: TimingParams
    floor_s: float


def context(spec: HardwareSpec, problem: GemmProblem, scale: dict[str, float] | None = None) -> Context:
    """The context of one problem on one device; a problem whose A, B and C do not fit in the
    device's memory is a one-line ConfigError (no kernel could run it)."""
    need, have = problem.min_bytes, float(spec.memory.dram_bytes.value)
    if need > have:
        raise ConfigError(f"{problem} needs {need / 1e9:.4g} GB for A, B and C; {spec.id} has {have / 1e9:.4g} GB "
                          "of device memory")
    return params_context(spec, problem, timing_params(spec, problem.dtype, scale))


def params_context(spec: HardwareSpec, problem: GemmProblem, params: TimingParams) -> Context:
    """The context of one problem under given constants (the calibration's searches), its floor
    model_floor's."""
    return Context(spec, problem, params, model_floor(problem, params, roofline(spec, problem).compute_floor_s))


def model_floor(problem: GemmProblem, params: TimingParams, compute_floor_s: float) -> float:
    """The floor under every predicted time: the roofline's compute floor, or A, B and C's bytes at the
    rate the model's own DRAM term streams a GEMM's loads (params.dram_bw_bytes_per_s: the copy rate x
    calibration dram_read_over_copy), not at the copy rate the roofline reports. At the copy rate the
    floor sat 5% above what the DRAM term can reach on the H200 (dram_read_over_copy 1.049), and every
    near-best config of a wide memory-bound shape was clamped to it, tied (4x256000x3072 TF32: five
    tiles at 746.2 us where the model's own times are 736-741 us): over the read sets, the top
    predicted time was shared by distinct kernels on 23 shapes, 10 of them at this floor
    (validation/NOTES.md, session 33, candidate 39)."""
    return max(compute_floor_s, problem.min_bytes / params.dram_bw_bytes_per_s)


def evaluate(model: KernelModel, ctx: Context, cfgs: ConfigArrays) -> dict[str, np.ndarray]:
    """The model on arrays of configs (module doc)."""
    # configs that differ only in GROUP_M or SPLIT_K compile to the same resources: once per tile
    res = by_tile(cfgs, lambda rows: model.resources(ctx.spec, ctx.problem, cfgs.take(rows)))
    blocks, limiter = blocks_per_sm_arrays(ctx.spec, res.threads, res.regs, res.smem_bytes)
    out = model.time(ctx, cfgs, res, blocks)
    fits = (blocks >= 1) & (res.smem_bytes <= ctx.spec.shared_memory.max_per_block_bytes.value)
    n = cfgs.size
    out.update({
        "time_s": np.where(blocks >= 1, out["time_s"], np.inf), "fits": fits, "blocks_per_sm": blocks,
        "limiter": limiter, "regs": res.regs, "spilled_regs": res.spilled_regs, "regs_from_table": res.regs_from_table,
        "smem_bytes": res.smem_bytes, "is_wgmma": res.is_wgmma, "threads": res.threads,
        "alignment": np.full(n, res.load), "kernel": np.full(n, model.name),
        "elementwise_pipelined": np.broadcast_to(np.asarray(res.elementwise_pipelined, dtype=bool), (n,)),
        "compiled_stages": compiled_stages(res.load, ctx.problem.dtype, cfgs["num_stages"]),
    })
    return out
