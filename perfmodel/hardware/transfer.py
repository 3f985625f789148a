"""Calibration transfer: how a device without its own measurement borrows a calibrated one's.

The timing model's constants are measured on a device (the `calibration:` block of its
device file, each value with the command that measured it). A device that lacks one takes it
from the device its file names as `transfer.reference`, converted by the constant's rule
(clock = compute.clock_max_hz, SMs = compute.sm_count, of each device):

    rule          conversion                                          constants
    same          as it is (ratios; the host's launch cost)           matrix_efficiency, overlap_leak,
                                                                      launch_overhead_s, descriptor_launch_s,
                                                                      reduction_fixed_s, splitk_partial_slowdown,
                                                                      shared_kmajor_b_factor, mixed_k_load_factor,
                                                                      wgmma_n_exponent, l1_thrash_ratio, _exponent,
                                                                      l2_sm_share_ratio,
                                                                      tile_overhead_ksteps, vector_copy_weight,
                                                                      kmajor_copy_weight, lone_copy_share, lone_block_dot_rate,
                                                                      memory_overlap_exponent, compute_dram_exponent,
                                                                      partial_clock_gain, _exponent,
                                                                      fma_hide_warps, fma_hide_exponent,
                                                                      fma_smem_leak, fma_smem_norm_nn,
                                                                      fma_kmajor_spill_factor
    cycles        seconds x reference clock / this clock              pipeline_latency_s,
                  (the same number of clock cycles)                   kstep_overhead_s, warp_mma_step_s,
                                                                      scalar_load_fixed_s,
                                                                      scalar_load_s_per_elem, spill_s_per_reg,
                                                                      fma_kmajor_b_read_s, l2_latency_s
    per_clock     per-SM rate x this clock / reference clock          scalar_load_elems_per_s_per_sm,
                                                                      gather_elems_per_s_per_sm,
                                                                      elementwise_store_elems_per_s_per_sm
    per_sm_clock  rate / (reference SMs x clock) x SMs x clock        l2_bw_achieved_bytes_per_s
    matrix_clock  rate x (fp16 matrix ops per clock per SM x clock)   warp_mma_ops_per_s
                  / the reference's
    l2_share      bytes / reference L2 size x this L2 size            l2_effective_bytes

A constant that neither the device nor its reference measured takes its DEFAULTS entry (an
estimate, stated with what it rests on). DRAM bandwidth is never transferred: a device without
a measured copy bandwidth uses its datasheet figure (perfmodel.arch.roofline.dram_bw).
Every borrowed or default value is reported as estimated (`Constant.measured` False), so
predictions list them and `--sensitivity` perturbs them.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfmodel.errors import SpecError
from perfmodel.hardware.registry import load_hardware
from perfmodel.hardware.schema import HardwareSpec

RULES: dict[str, str] = {
    "matrix_efficiency": "same",
    "overlap_leak": "same",
    "launch_overhead_s": "same",
    "descriptor_launch_s": "same",
    "reduction_fixed_s": "same",
    "splitk_partial_slowdown": "same",
    "fma_smem_leak": "same",
    "fma_smem_norm_nn": "same",
    "fma_kmajor_spill_factor": "same",
    "l2_latency_s": "cycles",
    "shared_kmajor_b_factor": "same",
    "mixed_k_load_factor": "same",
    "dram_run_overhead_bytes": "same",
    "dram_run_reference_bytes": "same",
    "wgmma_n_exponent": "same",
    "tile_overhead_ksteps": "same",
    "vector_copy_weight": "same",
    "gather_blocks_exponent": "same",
    "past_copy_weight": "same",
    "kmajor_copy_weight": "same",
    "lone_copy_share": "same",
    "lone_block_dot_rate": "same",
    "l1_thrash_ratio": "same",
    "l1_thrash_exponent": "same",
    "l2_sm_share_ratio": "same",
    "pipeline_latency_s": "cycles",
    "kstep_overhead_s": "cycles",
    "warp_mma_step_s": "cycles",
    "scalar_load_fixed_s": "cycles",
    "scalar_load_s_per_elem": "cycles",
    "spill_s_per_reg": "cycles",
    "fma_kmajor_b_read_s": "cycles",
    "fma_hide_warps": "same",
    "fma_hide_exponent": "same",
    "scalar_load_elems_per_s_per_sm": "per_clock",
    "gather_elems_per_s_per_sm": "per_clock",
    "elementwise_store_elems_per_s_per_sm": "per_clock",
    "l2_bw_achieved_bytes_per_s": "per_sm_clock",
    "warp_mma_ops_per_s": "matrix_clock",
    "l2_effective_bytes": "l2_share",
    "memory_overlap_exponent": "same",
    "compute_dram_exponent": "same",
    "partial_clock_gain": "same",
    "partial_clock_exponent": "same",
}

#: (value, what the estimate rests on) for constants no device has measured yet
DEFAULTS: dict[str, tuple[float, str]] = {
    "vector_efficiency": (0.8, "estimated: 80% of the FMA peak on the vector path (the K100's measured "
                               "FP32 microbenchmark reaches 17.9 of 19.5 TFLOP/s, 92%)"),
    # where a device never measured these (and borrows from no device that did): the model
    # without the effect, i.e. as it was before they were measured
    "dram_read_over_copy": (1.0, "estimated from nothing measured: GEMM reads at the copy (or datasheet) rate"),
    "memory_overlap_exponent": (float("inf"), "estimated from nothing measured: the larger of the k-step and "
                                              "DRAM times, no interaction"),
    "compute_dram_exponent": (float("inf"), "estimated from nothing measured: the waves and the DRAM time do not "
                                            "slow each other until DRAM is the longer"),
    "partial_clock_gain": (1.0, "estimated from nothing measured: the same clock however many SMs are busy"),
    "partial_clock_exponent": (0.0, "estimated from nothing measured: no clock gain"),
    "reduction_fixed_s": (3.584e-6, "estimated from nothing measured: one more kernel launch (the H200's "
                                    "empty-kernel time, launch_overhead_s), as the split-K reduction was priced "
                                    "before the H200 measured it"),
    "splitk_partial_slowdown": (0.0, "estimated from nothing measured: split-K's main kernel runs as the tiled "
                                     "model says, however few tiles its grid has"),
    "l2_latency_s": (0.0, "estimated from nothing measured: the split-K reduction's loads of its partial tiles "
                          "are all in flight at once"),
    "descriptor_launch_s": (0.0, "estimated from nothing measured: an eager launch with tensor descriptors "
                                 "costs the host no more than any other"),
    "shared_kmajor_b_factor": (1.0, "estimated from nothing measured: B's majorness costs the tensor cores "
                                    "nothing"),
    "fma_kmajor_b_read_s": (0.0, "estimated from nothing measured: the FMA dot reads a K-major B from shared "
                                 "memory as fast as an N-major one"),
    "fma_smem_leak": (0.0, "estimated from nothing measured: the FMA dot's shared-memory reads hide wholly under "
                           "its FMAs, or these under them"),
    "fma_smem_norm_nn": (0.0, "estimated from nothing measured: the FMA dot's shared-memory reads hide wholly "
                              "under its FMAs, or these under them (the max of the two)"),
    "fma_kmajor_spill_factor": (1.0, "estimated from nothing measured: a spilled register costs the FMA dot "
                                     "the same whichever way B is read"),
    "fma_hide_warps": (1.0, "estimated from nothing measured: one warp per scheduler keeps the vector path at "
                            "its rate"),
    "fma_hide_exponent": (0.0, "estimated from nothing measured: no slowdown below fma_hide_warps"),
    "dram_run_overhead_bytes": (0.0, "estimated from nothing measured: DRAM streams short contiguous runs as fast "
                                     "as long ones"),
    "dram_run_reference_bytes": (512.0, "estimated from nothing measured: with no run overhead the reference "
                                        "does not matter"),
    "mixed_k_load_factor": (1.0, "estimated from nothing measured: one element-wise operand loads at the "
                                 "unaligned rate"),
    "tile_overhead_ksteps": (0.0, "estimated from nothing measured: a tile costs its k-steps, prologue and "
                                  "epilogue, nothing more in proportion to its C tile"),
    "vector_copy_weight": (0.0, "estimated from nothing measured: beside element-wise 4-byte copies, an "
                                "operand's 16-byte copies cost only their L2 traffic"),
    "gather_blocks_exponent": (0.0, "estimated from nothing measured: an SM copies elements one by one at one "
                                    "rate, whatever the blocks resident"),
    "past_copy_weight": (1.0, "estimated from nothing measured: an element-wise copy masked past the loop's "
                              "end costs as much as one that loads"),
    "kmajor_copy_weight": (1.0, "estimated from nothing measured: a one-by-one copy from a K-major operand into "
                                "K-major shared memory costs as much as a transposing one"),
    "lone_copy_share": (0.0, "estimated from nothing measured: a block alone on its SM copies one by one at the "
                             "rate gather_blocks_exponent gives one block (0: no share of its own)"),
    "lone_block_dot_rate": (1.0, "estimated from nothing measured: a block alone on its SM runs its dot at the "
                                 "rate the terms give"),
    "wgmma_n_exponent": (0.0, "estimated from nothing measured: a wgmma instruction's N does not change the "
                              "tensor cores' rate"),
    "l2_sm_share_ratio": (2.0, "estimated from nothing measured: a lone SM pulls at most twice its share of "
                               "the L2 rate when every SM is busy (the model's guess until the H200 measured 1.83)"),
    "l1_thrash_ratio": (1.0, "estimated from nothing measured: element-wise loads slow once their lines "
                             "outgrow L1"),
    "l1_thrash_exponent": (0.0, "estimated from nothing measured: L1 misses of element-wise loads cost "
                                "nothing"),
    "elementwise_store_elems_per_s_per_sm": (float("inf"), "estimated from nothing measured: storing C element "
                                                           "by element costs no more than in vectors"),
}


@dataclass(frozen=True)
class Constant:
    name: str
    value: float
    measured: bool  # measured on this device (False: transferred or a default)
    how: str  # one line: where the value came from


def _clock(spec: HardwareSpec) -> float:
    return float(spec.compute.clock_max_hz.value)


def _fp16_matrix_per_clock(spec: HardwareSpec) -> float | None:
    t = spec.dtype_throughput("fp16")
    return float(t.matrix.ops_per_clock_per_sm.value) if (t and t.matrix) else None


def _convert(rule: str, value: float, spec: HardwareSpec, ref: HardwareSpec) -> float:
    clk, ref_clk = _clock(spec), _clock(ref)
    if rule == "same":
        return value
    if rule == "cycles":
        return value * ref_clk / clk
    if rule == "per_clock":
        return value * clk / ref_clk
    if rule == "per_sm_clock":
        return value / (ref.sm_count * ref_clk) * spec.sm_count * clk
    if rule == "matrix_clock":
        ref_fp16 = _fp16_matrix_per_clock(ref)
        own = _fp16_matrix_per_clock(spec) or ref_fp16  # no fp16 matrix path: no mma.sync either
        return value * own * clk / (ref_fp16 * ref_clk)
    if rule == "l2_share":
        return value / float(ref.memory.l2_bytes.value) * float(spec.memory.l2_bytes.value)
    raise ValueError(f"unknown transfer rule {rule!r}")


def reference_of(spec: HardwareSpec) -> HardwareSpec | None:
    """The calibrated device `spec` borrows from (None when its file names none)."""
    return None if spec.transfer is None else load_hardware(str(spec.transfer.reference.value))


def constant(spec: HardwareSpec, name: str) -> Constant:
    """One constant of the timing model for `spec`: measured, transferred or a default."""
    own = getattr(spec.calibration, name, None)
    if own is not None:  # the device file's own value; measured unless its file says otherwise
        measured = own.confidence.value == "measured"
        return Constant(name, float(own.value), measured, f"{'measured' if measured else 'estimated'} on {spec.id}")
    ref = reference_of(spec)
    if name in RULES:
        theirs = None if ref is None else getattr(ref.calibration, name, None)
        if theirs is not None:
            value = _convert(RULES[name], float(theirs.value), spec, ref)
            return Constant(name, value, False, f"transferred from {ref.id} ({RULES[name]})")
    if name in DEFAULTS:
        value, why = DEFAULTS[name]
        return Constant(name, value, False, why)
    where = f"nor does its transfer reference {ref.id}" if ref is not None else "and its file names no transfer.reference"
    raise SpecError(f"{spec.id} has no calibration for {name}, {where}; measure it (perfmodel calibrate) or add "
                    f"'transfer: {{reference: {{value: h200, source: ..., confidence: estimated}}}}' to its file")
