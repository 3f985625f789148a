"""The constants of the k-step and tile formulas (perfmodel.kernels.pipeline) for one device and
dtype: the device's calibration where it measured them, else transferred from its reference
(perfmodel.hardware.transfer), with where each came from. validation/calibrate.py derives the
H200's from microbenchmarks; `perfmodel calibrate` a user's."""

from __future__ import annotations

from dataclasses import dataclass, field

from perfmodel.arch.roofline import compute_path, dram_bw
from perfmodel.hardware.schema import HardwareSpec
from perfmodel.hardware.transfer import constant

#: the constants of the k-step and tile formulas that a device measures (or borrows)
CALIBRATED = ("matrix_efficiency", "warp_mma_ops_per_s", "warp_mma_step_s", "pipeline_latency_s", "kstep_overhead_s",
              "scalar_load_fixed_s", "scalar_load_s_per_elem", "scalar_load_elems_per_s_per_sm",
              "gather_elems_per_s_per_sm", "spill_s_per_reg",
              "l2_bw_achieved_bytes_per_s", "l2_sm_share_ratio", "l2_effective_bytes", "launch_overhead_s", "overlap_leak",
              "dram_read_over_copy", "memory_overlap_exponent", "compute_dram_exponent", "partial_clock_gain",
              "partial_clock_exponent",
              "descriptor_launch_s", "reduction_fixed_s", "splitk_partial_slowdown", "l2_latency_s",
              "shared_kmajor_b_factor", "mixed_k_load_factor", "wgmma_n_exponent",
              "tile_overhead_ksteps", "vector_copy_weight", "gather_blocks_exponent", "past_copy_weight",
              "kmajor_copy_weight", "lone_copy_share", "lone_block_dot_rate",
              "l1_thrash_ratio", "l1_thrash_exponent", "elementwise_store_elems_per_s_per_sm", "fma_kmajor_b_read_s",
              "fma_hide_warps", "fma_hide_exponent", "fma_smem_leak", "fma_smem_norm_nn", "fma_kmajor_spill_factor", "dram_run_overhead_bytes",
              "dram_run_reference_bytes")


@dataclass(frozen=True)
class TimingParams:
    """Every constant the model uses for one device and dtype, SI units, with where each came
    from. Fields may be numpy arrays: calibration evaluates the model over a grid of values."""

    sms: int
    simds_per_sm: int  # warp schedulers (NVIDIA sub-partitions, AMD SIMDs): a warp issues on one
    clock_hz: float
    matrix_ops_per_s_per_sm: float | None
    vector_ops_per_s_per_sm: float
    warp_mma_ops_per_s: float
    warp_mma_step_s: float
    pipeline_latency_s: float
    kstep_overhead_s: float
    scalar_load_fixed_s: float
    scalar_load_s_per_elem: float
    scalar_load_elems_per_s_per_sm: float
    gather_elems_per_s_per_sm: float  # elements per second per SM transposed into shared memory one by one
    store_elems_per_s_per_sm: float  # C elements per second per SM an epilogue stores one by one
    spill_s_per_reg: float
    l2_bw_bytes_per_s: float
    l2_sm_share_ratio: float  # the most one SM pulls from L2, over l2_bw_bytes_per_s / sms (pipeline.l2_per_sm)
    dram_bw_bytes_per_s: float  # what a GEMM's tile loads stream from DRAM (copy rate x dram_read_over_copy)
    l2_bytes: float
    launch_s: float
    descriptor_launch_s: float  # the shortest eager launch of a kernel with host tensor descriptors
    reduction_fixed_s: float  # split-K's reduction after its main kernel, beyond its loads (splitk.model)
    l2_latency_s: float  # one load that hits L2 (pointer chase)
    splitk_partial_slowdown: float  # a: split-K's main x (1 + a (1 - 1/SPLIT_K)) under one wave of tiles
    shared_kmajor_b_factor: float  # matrix term of warpgroups sharing a K-major B tile (operands.shares_kmajor_b)
    dram_run_overhead_bytes: float  # c: a contiguous run of B of r bytes costs DRAM r + c (tiled, step 4)
    dram_run_reference_bytes: float  # the run the DRAM rate was read at
    mixed_k_load_factor: float  # element-wise loads of load class "k" (B's) over the unaligned class's rate
    wgmma_n_exponent: float  # g: a wgmma k-step's matrix term x (256 / instruction N) ** g
    tile_overhead_ksteps: float  # c: a tile's extra k-steps per 64 KiB of its C tile (pipeline.tile_time)
    vector_copy_weight: float  # v: a 16-byte copy beside element-wise 4-byte copies, in elements' copy time
    gather_blocks_exponent: float  # a: one-by-one copies per SM go (b / 2)^a faster with b blocks resident
    past_copy_weight: float  # w: an element-wise copy masked past the loop's end, in copies that load
    kmajor_copy_weight: float  # u: a one-by-one copy in `nt` (K-major to K-major), in gathered copies (pipeline.kstep_time)
    lone_copy_share: float  # s1: a lone block's one-by-one copies (A copied so) at s1 x R_g per SM, 0: (1/2)^a (pipeline.gather_rate)
    lone_block_dot_rate: float  # eta: a lone TF32 mma.sync block's dot term at 1 / eta (tiled.lone_step, pipeline.kstep_time)
    l1_thrash_ratio: float  # r0: element-wise lines over L1 above which their loads slow (kstep_time)
    l1_thrash_exponent: float  # h: the element-wise load term x (lines / (r0 L1)) ** h above r0
    fma_kmajor_b_read_s: float  # per thread and k: the FMA dot's shared-memory reads of a K-major B (kstep_time)
    fma_smem_leak: float  # where B is K-major: the share of the shorter of the FMA and shared-memory terms that adds (kstep_time)
    fma_smem_norm_nn: float  # n: where B is N-major, aligned class, the FMA and shared terms' n-norm; 0: their max (kstep_time)
    fma_kmajor_spill_factor: float  # grouped aligned tiles whose FMA dot reads B K-major: spills x it (spills.kstep_spill_time)
    fma_hide_warps: float  # h: warps per scheduler the vector path needs to run at its rate (kstep_time)
    fma_hide_exponent: float  # q: below h warps per scheduler, the vector rate x (warps / h) ** q
    smem_bytes_per_s_per_sm: float
    overlap_leak: float
    matrix_latency_s: float  # one dependent matrix instruction (0 where the spec gives none)
    matrix_k: int  # K of one matrix instruction
    memory_overlap_exponent: float  # q of the memory term (perfmodel.kernels.tiled)
    compute_dram_exponent: float  # r: the waves and DRAM times combine as (T^r + D^r)^(1/r) (perfmodel.kernels.tiled)
    partial_clock_gain: float  # G: the most the matrix rate per SM rises when few SMs are busy
    partial_clock_exponent: float  # alpha: gain = min(G, (SMs / active SMs) ** alpha)
    compute_path: str
    instruction: str
    sources: dict = field(default_factory=dict)

    @property
    def estimated(self) -> list[str]:
        return sorted(k for k, v in self.sources.items() if v == "estimated")


def timing_params(spec: HardwareSpec, dtype: str, scale: dict[str, float] | None = None) -> TimingParams:
    """The constants for one device and dtype: calibration where measured, else transferred.
    `scale` multiplies named constants (the sensitivity analysis perturbs the estimated ones)."""
    path, per_clock, instr = compute_path(spec, dtype)
    clk = float(spec.compute.clock_max_hz.value)
    scale = scale or {}
    src: dict[str, str] = {}

    def pick(name: str) -> float:
        c = constant(spec, name)
        src[name] = "measured" if c.measured else "estimated"
        return c.value * scale.get(name, 1.0)

    cal = {name: pick(name) for name in CALIBRATED}
    t = spec.dtype_throughput(dtype)
    vec_per_clock = float(t.vector.ops_per_clock_per_sm.value) if (t and t.vector) else per_clock
    vec_eff = constant(spec, "vector_efficiency")
    vector_rate = vec_per_clock * clk * vec_eff.value * scale.get("vector_efficiency", 1.0)
    if path == "vector":
        src["vector_efficiency"] = "measured" if vec_eff.measured else "estimated"
    # per-warp synchronous MMA (NVIDIA mma.sync) is measured for fp16; other dtypes scale by
    # their tensor cores' per-clock rate
    fp16 = spec.dtype_throughput("fp16")
    fp16_per_clock = float(fp16.matrix.ops_per_clock_per_sm.value) if (fp16 and fp16.matrix) else per_clock
    src["dram_bw_achieved_bytes_per_s"] = ("measured" if spec.calibration.dram_bw_achieved_bytes_per_s else
                                           spec.memory.dram_bw_bytes_per_s.confidence.value)
    return TimingParams(
        sms=spec.sm_count, simds_per_sm=int(spec.compute.simds_per_sm.value), clock_hz=clk,
        matrix_ops_per_s_per_sm=per_clock * clk * cal["matrix_efficiency"] if path == "matrix" else None,
        vector_ops_per_s_per_sm=vector_rate,
        warp_mma_ops_per_s=cal["warp_mma_ops_per_s"] * (per_clock / fp16_per_clock),
        warp_mma_step_s=cal["warp_mma_step_s"], pipeline_latency_s=cal["pipeline_latency_s"],
        kstep_overhead_s=cal["kstep_overhead_s"], scalar_load_fixed_s=cal["scalar_load_fixed_s"],
        scalar_load_s_per_elem=cal["scalar_load_s_per_elem"],
        scalar_load_elems_per_s_per_sm=cal["scalar_load_elems_per_s_per_sm"],
        gather_elems_per_s_per_sm=cal["gather_elems_per_s_per_sm"], spill_s_per_reg=cal["spill_s_per_reg"],
        store_elems_per_s_per_sm=cal["elementwise_store_elems_per_s_per_sm"],
        l2_bw_bytes_per_s=cal["l2_bw_achieved_bytes_per_s"], l2_sm_share_ratio=cal["l2_sm_share_ratio"],
        dram_bw_bytes_per_s=dram_bw(spec) * cal["dram_read_over_copy"],
        l2_bytes=cal["l2_effective_bytes"], launch_s=cal["launch_overhead_s"],
        descriptor_launch_s=cal["descriptor_launch_s"], reduction_fixed_s=cal["reduction_fixed_s"],
        l2_latency_s=cal["l2_latency_s"], splitk_partial_slowdown=cal["splitk_partial_slowdown"],
        shared_kmajor_b_factor=cal["shared_kmajor_b_factor"],
        mixed_k_load_factor=cal["mixed_k_load_factor"], wgmma_n_exponent=cal["wgmma_n_exponent"],
        dram_run_overhead_bytes=cal["dram_run_overhead_bytes"], dram_run_reference_bytes=cal["dram_run_reference_bytes"],
        tile_overhead_ksteps=cal["tile_overhead_ksteps"], vector_copy_weight=cal["vector_copy_weight"],
        gather_blocks_exponent=cal["gather_blocks_exponent"], past_copy_weight=cal["past_copy_weight"],
        kmajor_copy_weight=cal["kmajor_copy_weight"], lone_copy_share=cal["lone_copy_share"],
        lone_block_dot_rate=cal["lone_block_dot_rate"],
        l1_thrash_ratio=cal["l1_thrash_ratio"], l1_thrash_exponent=cal["l1_thrash_exponent"],
        fma_kmajor_b_read_s=cal["fma_kmajor_b_read_s"], fma_hide_warps=cal["fma_hide_warps"],
        fma_hide_exponent=cal["fma_hide_exponent"], fma_smem_leak=cal["fma_smem_leak"],
        fma_smem_norm_nn=cal["fma_smem_norm_nn"], fma_kmajor_spill_factor=cal["fma_kmajor_spill_factor"],
        smem_bytes_per_s_per_sm=float(spec.shared_memory.bytes_per_clock_per_sm.value) * clk,
        overlap_leak=cal["overlap_leak"],
        matrix_latency_s=(float(t.matrix.latency_cycles.value) / clk
                          if (path == "matrix" and t.matrix.latency_cycles is not None) else 0.0),
        matrix_k=t.matrix.k if (t is not None and t.matrix is not None) else 1,
        memory_overlap_exponent=cal["memory_overlap_exponent"], compute_dram_exponent=cal["compute_dram_exponent"],
        partial_clock_gain=cal["partial_clock_gain"],
        partial_clock_exponent=cal["partial_clock_exponent"], compute_path=path, instruction=instr, sources=src)
