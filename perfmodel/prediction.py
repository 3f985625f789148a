"""One config, explained: its resources and every term of its predicted time.

`predict(hw, problem, config)` runs the model of the config's kernel (perfmodel.kernels) on
that one config and returns a `Prediction` carrying each intermediate term, so a user, a test
or a plot can see why a config wins. `resources_of(hw, problem, config)` is the resource half
alone (threads, shared memory, registers and where each came from).
"""

from __future__ import annotations

import math

import numpy as np
from pydantic import BaseModel, ConfigDict

from perfmodel.arch.occupancy import LIMIT_ORDER
from perfmodel.arch.roofline import roofline
from perfmodel.errors import ConfigError
from perfmodel.hardware.registry import load_hardware
from perfmodel.hardware.schema import HardwareSpec
from perfmodel.kernels import registry
from perfmodel.kernels.base import ConfigArrays, KernelModel
from perfmodel.kernels.evaluate import context, evaluate
from perfmodel.kernels.lowering import instruction
from perfmodel.kernels.tiled import BOUNDS
from perfmodel.problem import GemmProblem, TileConfig


class ConfigResources(BaseModel):
    """What one config takes on the device, predicted without compiling."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kernel: str
    instruction: str  # wgmma, mma, mfma, mmac or fma
    alignment: str  # the load class of the main loop: all, k, n or none
    threads_per_block: int
    smem_bytes: int
    stage_buffers: int
    regs_per_thread: int
    spilled_regs_per_thread: int
    registers_from: str
    rule: str


class Prediction(BaseModel):
    """One config's predicted time with every term that produced it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    device: str
    problem: str
    kernel: str
    config: str
    time_s: float
    tflops: float
    bound: str
    compute_path: str
    instruction: str  # the device's matrix instruction for the dtype (hardware YAML)
    lowers_to: str  # what this config's dot lowers to: wgmma, mma (mma.sync), mfma, mmac or fma
    limiter: str
    alignment: str  # the load class of the main loop: all, k, n or none
    blocks_per_sm: int
    regs_per_thread: int
    spilled_regs_per_thread: int
    registers_from: str  # "compile table" or "linear fit"
    smem_bytes: int
    programs: int
    waves: float
    k_steps: int
    kstep_s: float
    mma_s_per_kstep: float
    l2_s_per_kstep: float
    latency_s_per_kstep: float
    spill_s_per_kstep: float
    tile_factor: float  # the device's measured factor of this tile's k-step (1: none; perfmodel.kernels.tile_factors)
    l1_factor: float = 1.0  # the element-wise load term's L1 factor at the full wave's blocks (perfmodel.kernels.pipeline.l1_thrash)
    reused_bytes_per_block: float = 0.0  # lines one block's element-wise loads re-read through L1 per k-step
    l1_bytes: float = 0.0  # L1 beside the kernel's shared memory per SM (0: no carve-out)
    tile_s: float
    full_waves: int
    tail_tile_s: float  # the last, partial wave's tile (0 where the waves are all full)
    tail_blocks_per_sm: int
    tail_sms: int
    waves_s: float  # full_waves x tile_s + tail_tile_s
    dram_bytes: float
    dram_s: float
    memory_share: float  # the share of a k-step that waits on loads
    memory_s: float  # DRAM time combined with the waves' waiting (perfmodel.kernels.tiled, step 4)
    main_s: float  # max(waves_dram_s, memory_s) x main_factor
    reduce_s: float
    launch_s: float
    floor_s: float
    pct_of_peak: float
    estimated: list[str]
    host_floor_s: float = 0.0  # one eager launch with host tensor descriptors (soft floor; 0: none)
    prologues_saved_s: float = 0.0  # persistent kernels: the pipeline fills after each program's first tile
    past_copies_s: float = 0.0  # one-by-one copies issued for the k-steps past the loop's end, per tile (full wave)
    prologue_copies_s: float = 0.0  # the prologue's K-major copies at the full gathered cost, beyond the loop's (full wave)
    elementwise_pipelined: bool = False  # the element-wise operands are pipelined, one copy per element (Resources)
    first_step_s: float = 0.0  # a lone block's first k-step: its element-wise loads before its dot, per tile (full wave)
    tail_first_step_s: float = 0.0  # the same in the last wave's tiles
    main_factor: float = 1.0  # what the main kernel takes beyond its terms (split-K under one wave of tiles)
    store_s: float = 0.0  # C stored element by element, per tile (full wave)
    tile_spill_s: float = 0.0  # spilled registers outside the main loop, once per tile (full wave)
    waves_dram_s: float = 0.0  # the waves combined with the DRAM time, (waves^r + dram^r)^(1/r) (tiled, step 4)
    compute_dram_exponent: float | None = None  # r (None where the device has none: waves_dram_s is the plain max)
    overhead_ksteps: float = 0.0  # k-steps a tile costs beyond its own, in proportion to its C tile
    vector_copy_s: float = 0.0  # per k-step: the other operand's 16-byte copies beside element-wise ones
    lone_dot: bool = False  # the full waves' blocks run their dot at 1 / lone_block_dot_rate (tiled.lone_step)
    tail_lone_dot: bool = False  # the same in the last wave

    @property
    def predicted_ms(self) -> float:
        return self.time_s * 1e3


def model_for(spec: HardwareSpec, problem: GemmProblem, config: TileConfig) -> KernelModel:
    """The config's kernel model, after checking it can run the config and the problem."""
    model = registry.get(config.kernel)
    why = model.check(config, problem)
    if why:
        raise ConfigError(f"{config.name}: {why}")
    model.require(spec, problem)
    return model


def resources_of(hw: "str | HardwareSpec", problem: GemmProblem, config: TileConfig) -> ConfigResources:
    """Threads, shared/LDS bytes and registers of one config (the kernel's resource rule)."""
    spec = load_hardware(hw)
    model = model_for(spec, problem, config)
    res = model.resources(spec, problem, ConfigArrays.of([config]))
    wg = bool(res.is_wgmma[0])
    from_table = bool(res.regs_from_table[0])
    return ConfigResources(
        kernel=model.name, instruction=instruction(spec, problem.dtype, wg), alignment=res.load,
        threads_per_block=int(res.threads[0]), smem_bytes=int(res.smem_bytes[0]),
        stage_buffers=int(res.stage_buffers[0]), regs_per_thread=int(res.regs[0]),
        spilled_regs_per_thread=int(res.spilled_regs[0]),
        registers_from=res.register_source if from_table else "linear fit (config outside the compiled table)",
        rule=res.smem_rule)


def predict(hw: "str | HardwareSpec", problem: GemmProblem, config: TileConfig) -> Prediction:
    """Predicted time of one config, term by term (perfmodel.kernels.tiled's module doc)."""
    spec = load_hardware(hw)
    model = model_for(spec, problem, config)
    ctx = context(spec, problem)
    r = {k: (v[0] if isinstance(v, np.ndarray) and v.ndim else v) for k, v in
         evaluate(model, ctx, ConfigArrays.of([config])).items()}
    t = float(r["time_s"])
    rl = roofline(spec, problem)
    p = ctx.params
    finite = bool(np.isfinite(t))
    return Prediction(
        device=spec.id, problem=str(problem), kernel=model.name, config=config.name, time_s=t,
        tflops=problem.flops / t / 1e12 if finite else 0.0, bound=BOUNDS[int(r["bound"])],
        compute_path=p.compute_path, instruction=p.instruction, limiter=LIMIT_ORDER[int(r["limiter"])],
        lowers_to=instruction(spec, problem.dtype, bool(r["is_wgmma"])),
        blocks_per_sm=int(r["blocks_per_sm"]), alignment=str(r["alignment"]), regs_per_thread=int(r["regs"]),
        spilled_regs_per_thread=int(r["spilled_regs"]),
        registers_from="compile table" if r["regs_from_table"] else "linear fit",
        smem_bytes=int(r["smem_bytes"]), programs=int(r["programs"]), waves=float(r["waves"]),
        k_steps=int(r["k_steps"]), kstep_s=float(r["kstep_s"]), mma_s_per_kstep=float(r["mma_s"]),
        l2_s_per_kstep=float(r["l2_s"]), latency_s_per_kstep=float(r["latency_s"]),
        spill_s_per_kstep=float(r["spill_s"]), tile_factor=float(r["tile_factor"]), l1_factor=float(r["l1_factor"]),
        reused_bytes_per_block=float(r["reused_bytes"]), l1_bytes=float(r["l1_bytes"]), tile_s=float(r["tile_s"]), full_waves=int(r["full_waves"]),
        tail_tile_s=float(r["tail_tile_s"]), tail_blocks_per_sm=int(r["tail_blocks"]), tail_sms=int(r["tail_sms"]),
        waves_s=float(r["waves_s"]), dram_bytes=float(r["dram_bytes"]), dram_s=float(r["dram_s"]),
        memory_share=float(r["memory_share"]), memory_s=float(r["memory_s"]), main_s=float(r["main_s"]), reduce_s=float(r["reduce_s"]), launch_s=float(r["launch_s"]),
        floor_s=float(r["floor_s"]), pct_of_peak=(rl.compute_floor_s / t * 100) if finite else 0.0,
        estimated=p.estimated, host_floor_s=float(r["host_floor_s"]), prologues_saved_s=float(r["prologues_saved_s"]),
        past_copies_s=float(r["past_copies_s"]), prologue_copies_s=float(r["prologue_copies_s"]), elementwise_pipelined=bool(r["elementwise_pipelined"]),
        first_step_s=float(r["first_step_s"]), tail_first_step_s=float(r["tail_first_step_s"]),
        store_s=float(r["store_s"]), tile_spill_s=float(r["tile_spill_s"]),
        waves_dram_s=float(r["waves_dram_s"]),
        compute_dram_exponent=float(p.compute_dram_exponent) if math.isfinite(p.compute_dram_exponent) else None,
        overhead_ksteps=float(r["overhead_ksteps"]), vector_copy_s=float(r["vector_copy_s"]),
        main_factor=float(r["main_factor"]), lone_dot=bool(r["lone_dot"]), tail_lone_dot=bool(r["tail_lone_dot"]))
