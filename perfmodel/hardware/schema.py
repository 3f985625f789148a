"""The device-file schema: frozen pydantic models, one per section of `hardware/*.yaml`.

Every number in a device file is a `Quantity` with `value`, `unit`, `source` and
`confidence`. The unit of each field is fixed by the schema (a file that says `unit: MB`
where the schema wants `bytes` is rejected), counts must be positive, and `confidence`
is one of `official`, `measured`, `compiler`, `estimated`. The fifth word, `derived`, is
reserved for numbers this module computes from other fields (`HardwareSpec.derived()`);
a file cannot claim it, so every derived number has exactly one source of truth: its
inputs and its formula. Facts that are not numbers (how Triton compiles for the device,
which calibrated device it borrows constants from) are `Fact`s: a value, a source and a
confidence, like the numbers.
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, Field, create_model

from perfmodel.dtypes import NAMES as DTYPES
from perfmodel.errors import SpecError
from perfmodel.hardware.quantities import (  # noqa: F401  (re-exported: the schema's vocabulary)
    TARGET_PATTERN,
    BytesOrZero,
    Bytes,
    BytesPerS,
    Confidence,
    Count,
    Cycles,
    DerivedQuantity,
    ElemsPerS,
    Fact,
    Factor,
    FactorOrZero,
    Frozen,
    Hz,
    OpsPerClock,
    OpsPerS,
    Quantity,
    Ratio,
    Registers,
    RegistersOrZero,
    Seconds,
    SecondsOrZero,
    Threads,
    fact_field,
    quantity_field,
)

__all__ = ["Confidence", "Quantity", "DerivedQuantity", "Fact", "HardwareSpec", "iter_quantities", "iter_facts"]

class Toolchain(Frozen):
    """How Triton (3.6.0) sees the device: which backend compiles for it, for which target,
    which matrix instructions the dot lowers to, and whose compiled register table stands
    for its register allocation. The kernel models read these instead of device names."""

    triton_backend: fact_field(allowed=("cuda", "hip"))  # type: ignore[valid-type]
    compile_target: Union[fact_field(pattern=TARGET_PATTERN), None] = None  # type: ignore[valid-type]  # absent: no public Triton compiles for it
    register_target: Union[fact_field(pattern=TARGET_PATTERN), None] = None  # type: ignore[valid-type]  # absent: the register fit alone
    mma_family: Union[fact_field(allowed=("mma", "mfma", "mmac")), None] = None  # type: ignore[valid-type]  # NVIDIA mma, AMD MFMA, Hygon MMAC; absent: no matrix unit
    warpgroup_mma: fact_field(flag=True)  # type: ignore[valid-type]  # Hopper wgmma: a warpgroup of 4 warps owns 64 rows
    tensor_memory_accelerator: fact_field(flag=True)  # type: ignore[valid-type]  # Hopper TMA: bulk tensor copies by descriptor
    nvmh_gpu: Union[Fact, None] = None  # nvMatmulHeuristics' GPU preset for the device (the peer's enum name)


class Transfer(Frozen):
    """Where an uncalibrated device borrows the model's constants from (perfmodel.hardware.transfer)."""

    reference: fact_field(pattern=r"^[a-z0-9_\-]+$")  # type: ignore[valid-type]  # id of a calibrated device


class Compute(Frozen):
    """The streaming multiprocessors (NVIDIA SMs, AMD/Hygon CUs) and their clocks."""

    sm_count: Count
    simds_per_sm: Count  # NVIDIA: SM sub-partitions (warp schedulers); AMD: SIMDs per CU
    warp_size: Threads
    clock_max_hz: Hz  # the clock the chip runs at under load (boost)
    clock_peak_hz: Hz  # the clock the vendor's matrix peaks are quoted at
    max_threads_per_block: Threads


class NvidiaResidency(Frozen):
    """Residency rules of the CUDA Occupancy Calculator / cuda_occupancy.h (sm_80, sm_90)."""

    rules: Literal["nvidia"]
    regs_per_sm: Registers
    reg_alloc_unit: Registers  # registers are allocated per warp in units of this many
    warp_alloc_granularity: Count
    max_regs_per_thread: Registers
    max_regs_per_block: Registers
    max_warps_per_sm: Count
    max_blocks_per_sm: Count


class AmdResidency(Frozen):
    """Residency rules of LLVM's AMDGPU backend (AMDGPUBaseInfo.cpp, GCNSubtarget.cpp)."""

    rules: Literal["amdgpu"]
    vgprs_per_simd_lane: Registers  # the VGPR file of one SIMD, per lane (arch + acc if unified)
    vgpr_alloc_granule: Registers
    max_vgprs_per_wave: Registers  # addressable arch VGPRs of one wave
    agprs_per_simd_lane: RegistersOrZero  # a separate AGPR file (gfx908); 0 where unified or none
    unified_vgpr_agpr: bool  # gfx90a/gfx942: AGPRs come out of the same file as VGPRs
    sgprs_per_simd: Registers
    sgpr_alloc_granule: Registers
    max_sgprs_per_wave: Registers  # addressable SGPRs (excluding VCC etc.)
    max_waves_per_simd: Count
    max_barriers_per_cu: Count  # multi-wave workgroups per CU are capped by this


class SharedMemory(Frozen):
    """Shared memory (NVIDIA) or LDS (AMD/Hygon)."""

    per_sm_bytes: Bytes
    max_per_block_bytes: Bytes
    alloc_granule_bytes: Bytes
    reserved_per_block_bytes: BytesOrZero
    bytes_per_clock_per_sm: quantity_field("bytes_per_clock")  # bandwidth of the banks
    #: NVIDIA: shared memory and L1 are one array per SM, split at one of a few sizes (the
    #: carve-out); what shared memory does not take is L1 (perfmodel.arch.carveout). None where
    #: the two are separate (AMD/Hygon: LDS is not a cache).
    unified_l1_bytes: Union[Bytes, None] = None
    carveout_kib: Union[fact_field(pattern=r"^[0-9]+(,[0-9]+)*$", what="KiB sizes, comma-separated"), None] = None  # shared sizes, KiB, ascending

    def carveouts_bytes(self) -> tuple[int, ...]:
        """The shared-memory sizes an SM can be split at, in bytes (empty where not given)."""
        return tuple(int(x) * 1024 for x in self.carveout_kib.value.split(",")) if self.carveout_kib else ()


class Memory(Frozen):
    l2_bytes: Bytes
    l2_line_bytes: Bytes  # a load request's unit: a partly used line costs a whole request (perfmodel.kernels.operands)
    dram_bytes: Bytes
    dram_bw_bytes_per_s: BytesPerS
    host_link: str = Field(min_length=3)
    host_link_bw_bytes_per_s: BytesPerS


class MatrixPath(Frozen):
    """A matrix instruction (mma/wgmma, MFMA, MMAC/DUMMA) for one dtype."""

    instruction: str = Field(min_length=2)
    shape: str = Field(pattern=r"^[1-9][0-9]*x[1-9][0-9]*x[1-9][0-9]*$")  # "MxNxK" of one instruction
    shape_source: str = Field(min_length=3)
    ops_per_clock_per_sm: OpsPerClock
    latency_cycles: Union[Cycles, None] = None

    @property
    def m(self) -> int:
        return int(self.shape.split("x")[0])

    @property
    def n(self) -> int:
        return int(self.shape.split("x")[1])

    @property
    def k(self) -> int:
        return int(self.shape.split("x")[2])


class VectorPath(Frozen):
    """The SIMD/CUDA-core path for one dtype (packed instructions included)."""

    ops_per_clock_per_sm: OpsPerClock
    note: Union[str, None] = None


class DtypeThroughput(Frozen):
    matrix: Union[MatrixPath, None] = None
    vector: Union[VectorPath, None] = None


#: one optional entry per dtype of perfmodel.dtypes (the one dtype table)
Throughput = create_model("Throughput", __base__=Frozen, **{d: (Optional[DtypeThroughput], None) for d in DTYPES})


class LoopFactors(Frozen):
    """One main loop's tile factors: the kernels that share it and factors[dtype class][tile]."""

    kernels: tuple[str, ...]
    factors: dict[str, dict[str, Annotated[float, Field(gt=0)]]]


class TileFactors(Frozen):
    """Measured over predicted time of the tiled kernels' k-steps by tile class: for each main
    loop (kernels that share one), dtype class (perfmodel.kernels.tile_factors.factor_class) and
    tile (tile_key), the median over a device's recorded sweeps of measured / predicted time, the
    model run without these factors, over classes of at least `min_runs` runs of `min_shapes`
    shapes, kept where |ln f| >= `min_effect`. What the k-step formulas leave out for a tile (instruction scheduling, bank
    conflicts, warpgroup layout) repeats from shape to shape on one device; these carry it."""

    confidence: Confidence
    source: str = Field(min_length=3)
    min_runs: int = Field(gt=0)
    min_shapes: int = Field(gt=0)
    min_effect: float = Field(ge=0)  # the smallest |ln f| kept
    min_stage_effect: float = Field(ge=0)  # the smallest |ln r| of a stage count over its tile kept
    loops: dict[str, LoopFactors]


class Calibration(Frozen):
    """Constants measured on the device itself; each source is the command that measured it
    (and, for fitted ones, the script that derived them from those measurements)."""

    dram_bw_achieved_bytes_per_s: Union[BytesPerS, None] = None
    l2_bw_achieved_bytes_per_s: Union[BytesPerS, None] = None
    l2_sm_share_ratio: Union[Factor, None] = None  # the most one SM pulls from L2 / the all-SMs share
    l2_effective_bytes: Union[Bytes, None] = None
    dram_run_overhead_bytes: Union[quantity_field("bytes", allow_zero=True), None] = None  # what each contiguous run of B costs DRAM beyond its bytes
    dram_run_reference_bytes: Union[Bytes, None] = None  # the run dram_read_over_copy was read at
    launch_overhead_s: Union[Seconds, None] = None
    descriptor_launch_s: Union[Seconds, None] = None
    reduction_fixed_s: Union[Seconds, None] = None  # split-K's reduction after its main kernel, beyond its loads
    splitk_partial_slowdown: Union[FactorOrZero, None] = None  # a: split-K's main x (1 + a (1 - 1/SPLIT_K))
    fma_smem_leak: Union[FactorOrZero, None] = None  # the FMA dot's shared reads and FMAs: the shorter's share that adds
    fma_smem_norm_nn: Union[FactorOrZero, None] = None  # n of the FMA and shared terms' n-norm (B N-major, aligned); 0: max
    shared_kmajor_b_factor: Union[Factor, None] = None
    mixed_k_load_factor: Union[Factor, None] = None
    wgmma_n_exponent: Union[Factor, None] = None
    tile_overhead_ksteps: Union[Factor, None] = None
    vector_copy_weight: Union[FactorOrZero, None] = None
    gather_blocks_exponent: Union[FactorOrZero, None] = None
    past_copy_weight: Union[FactorOrZero, None] = None
    kmajor_copy_weight: Union[Factor, None] = None  # nt's one-by-one copies (no transpose), in gathered copies
    lone_copy_share: Union[FactorOrZero, None] = None  # one block alone copies one by one at this share of R_g (0: (1/2)^a)
    lone_block_dot_rate: Union[Factor, None] = None  # a lone TF32 mma.sync block (1-3 would fit) runs its dot at this rate
    l1_thrash_ratio: Union[Factor, None] = None
    l1_thrash_exponent: Union[FactorOrZero, None] = None
    sm_clock_under_load_hz: Union[Hz, None] = None
    l2_latency_s: Union[Seconds, None] = None
    dram_latency_s: Union[Seconds, None] = None
    matrix_efficiency: Union[Ratio, None] = None
    warp_mma_ops_per_s: Union[OpsPerS, None] = None
    warp_mma_step_s: Union[Seconds, None] = None
    pipeline_latency_s: Union[Seconds, None] = None
    kstep_overhead_s: Union[SecondsOrZero, None] = None
    overlap_leak: Union[quantity_field("ratio", allow_zero=True), None] = None
    scalar_load_fixed_s: Union[Seconds, None] = None
    scalar_load_s_per_elem: Union[Seconds, None] = None
    scalar_load_elems_per_s_per_sm: Union[ElemsPerS, None] = None
    gather_elems_per_s_per_sm: Union[ElemsPerS, None] = None
    elementwise_store_elems_per_s_per_sm: Union[ElemsPerS, None] = None
    fma_kmajor_b_read_s: Union[Seconds, None] = None  # per thread and k: the FMA dot's reads of a K-major B
    fma_kmajor_spill_factor: Union[Factor, None] = None  # where the FMA dot reads B K-major: a k-step's spills x it
    fma_hide_warps: Union[Factor, None] = None  # warps per scheduler the FMA dot needs to run at its rate
    fma_hide_exponent: Union[FactorOrZero, None] = None  # the FMA rate x (warps / fma_hide_warps) ** it below
    spill_s_per_reg: Union[SecondsOrZero, None] = None
    vector_efficiency: Union[Ratio, None] = None
    dram_read_over_copy: Union[Factor, None] = None
    memory_overlap_exponent: Union[Factor, None] = None
    compute_dram_exponent: Union[Factor, None] = None
    partial_clock_gain: Union[Factor, None] = None
    partial_clock_exponent: Union[FactorOrZero, None] = None
    matrix_achieved_ops_per_s: dict[str, OpsPerS] = Field(default_factory=dict)
    triton_matrix_achieved_ops_per_s: dict[str, OpsPerS] = Field(default_factory=dict)
    tile_factors: Union[TileFactors, None] = None


class HardwareSpec(Frozen):
    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    name: str = Field(min_length=2)
    vendor: Literal["nvidia", "amd", "hygon"]
    target: str = Field(pattern=TARGET_PATTERN)
    aliases: tuple[str, ...] = ()
    stands_in_for: Union[str, None] = None
    compute: Compute
    residency: Annotated[Union[NvidiaResidency, AmdResidency], Field(discriminator="rules")]
    shared_memory: SharedMemory
    memory: Memory
    throughput: Throughput  # type: ignore[valid-type]
    toolchain: Toolchain
    transfer: Union[Transfer, None] = None  # absent: the device is calibrated itself
    calibration: Calibration = Field(default_factory=Calibration)

    # ---- convenience accessors (plain values, SI units) -----------------------------
    @property
    def sm_count(self) -> int:
        return int(self.compute.sm_count.value)

    @property
    def warp_size(self) -> int:
        return int(self.compute.warp_size.value)

    @property
    def is_amd_like(self) -> bool:
        return self.residency.rules == "amdgpu"

    @property
    def backend(self) -> str:
        """Triton's backend for the device: "cuda" or "hip"."""
        return str(self.toolchain.triton_backend.value)

    @property
    def register_target(self) -> str | None:
        """The compile target whose register allocation this device reads (None: fit only)."""
        f = self.toolchain.register_target
        return None if f is None else str(f.value)

    @property
    def compile_target(self) -> str | None:
        """The target public Triton compiles this device's kernels for offline (None: none)."""
        f = self.toolchain.compile_target
        return None if f is None else str(f.value)

    def has(self, feature: str) -> bool:
        """A yes/no toolchain fact: "warpgroup_mma" or "tensor_memory_accelerator"."""
        return bool(getattr(self.toolchain, feature).value)

    def with_calibration(self, **values: float) -> "HardwareSpec":
        """This spec with the named calibration constants set to `values` (unit, confidence and
        source kept): what a fit sweeps or a test compares against, e.g.
        spec.with_calibration(fma_smem_norm_nn=0.0). A constant the spec does not carry is an error."""
        cal = self.calibration
        missing = [name for name in values if getattr(cal, name, None) is None]
        if missing:
            raise SpecError(f"{self.id} carries no calibration constant {', '.join(missing)}")
        update = {name: getattr(cal, name).model_copy(update={"value": v}) for name, v in values.items()}
        return self.model_copy(update={"calibration": cal.model_copy(update=update)})

    def dtype_throughput(self, dtype: str) -> DtypeThroughput | None:
        if dtype not in DTYPES:
            raise SpecError(f"unknown dtype '{dtype}'; allowed: {', '.join(DTYPES)}")
        return getattr(self.throughput, dtype)

    def derived(self) -> dict[str, DerivedQuantity]:
        """Numbers computed from other fields, each with its formula.

        peak_<dtype>_<path>_ops_per_s = ops_per_clock_per_sm x sm_count x clock_peak_hz
        (checked against the vendor datasheets in tests/test_spec.py).
        """
        c = self.compute
        out: dict[str, DerivedQuantity] = {}
        sms = c.sm_count.value
        clk = c.clock_peak_hz.value
        for dt in DTYPES:
            t = getattr(self.throughput, dt)
            if t is None:
                continue
            for path_name in ("matrix", "vector"):
                path = getattr(t, path_name)
                if path is None:
                    continue
                out[f"peak_{dt}_{path_name}_ops_per_s"] = DerivedQuantity(
                    value=path.ops_per_clock_per_sm.value * sms * clk,
                    unit="ops_per_s",
                    formula=f"throughput.{dt}.{path_name}.ops_per_clock_per_sm x compute.sm_count x compute.clock_peak_hz",
                )
        r = self.residency
        if isinstance(r, NvidiaResidency):
            out["max_threads_per_sm"] = DerivedQuantity(
                value=r.max_warps_per_sm.value * c.warp_size.value,
                unit="threads",
                formula="residency.max_warps_per_sm x compute.warp_size",
            )
        else:
            out["max_waves_per_cu"] = DerivedQuantity(
                value=r.max_waves_per_simd.value * c.simds_per_sm.value,
                unit="count",
                formula="residency.max_waves_per_simd x compute.simds_per_sm",
            )
            out["vgpr_file_bytes_per_simd"] = DerivedQuantity(
                value=r.vgprs_per_simd_lane.value * c.warp_size.value * 4,
                unit="bytes",
                formula="residency.vgprs_per_simd_lane x compute.warp_size x 4 bytes",
            )
        out["shared_memory_total_bytes"] = DerivedQuantity(
            value=self.shared_memory.per_sm_bytes.value * sms,
            unit="bytes",
            formula="shared_memory.per_sm_bytes x compute.sm_count",
        )
        return out


def _walk(model: BaseModel, kind: type, prefix: str = ""):
    for name in type(model).model_fields:
        value = getattr(model, name)
        path = f"{prefix}{name}"
        if isinstance(value, kind):
            yield path, value
        elif isinstance(value, BaseModel):
            yield from _walk(value, kind, path + ".")
        elif isinstance(value, dict):
            yield from ((f"{path}.{k}", v) for k, v in value.items() if isinstance(v, kind))


def iter_quantities(model: BaseModel, prefix: str = ""):
    """Yield (dotted_path, Quantity) for every sourced number in a spec, in schema order."""
    return _walk(model, Quantity, prefix)


def iter_facts(model: BaseModel, prefix: str = ""):
    """Yield (dotted_path, Fact) for every sourced non-number in a spec, in schema order."""
    return _walk(model, Fact, prefix)
