"""Hardware specs as data: frozen pydantic models, one loader, one registry of `hardware/`.

Every number in a device file is a `Quantity` with `value`, `unit`, `source` and
`confidence`. The unit of each field is fixed by the schema (a file that says `unit: MB`
where the schema wants `bytes` is rejected), counts must be positive, and `confidence`
is one of `official`, `measured`, `compiler`, `estimated`. The fifth word, `derived`, is
reserved for numbers this module computes from other fields (`HardwareSpec.derived()`);
a file cannot claim it, so every derived number has exactly one source of truth: its
inputs and its formula.

Loading: `load_hardware("h200")`, `load_hardware("k100")` (an alias) or
`load_hardware("path/to/my_gpu.yaml")`. Errors are `SpecError` with one line naming the
file and the field; the CLI prints that line and exits 2.
"""

from __future__ import annotations

import difflib
import functools
import math
import os
import re
from enum import Enum
from pathlib import Path
from typing import Annotated, Literal, Union

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    ValidationError,
)

__all__ = [
    "Confidence",
    "Quantity",
    "DerivedQuantity",
    "HardwareSpec",
    "SpecError",
    "UnknownDeviceError",
    "load_hardware",
    "known_devices",
    "registry_dir",
    "DTYPES",
]

#: Data types a device file may give throughput for, in the order tables show them.
DTYPES = ("fp64", "fp32", "tf32", "fp16", "bf16", "int8", "fp8")

MAX_SPEC_FILE_BYTES = 1_000_000


class SpecError(ValueError):
    """A device file or device name that cannot be used. `str()` is one line."""


class UnknownDeviceError(SpecError):
    pass


class Confidence(str, Enum):
    official = "official"
    measured = "measured"
    compiler = "compiler"
    derived = "derived"
    estimated = "estimated"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Quantity(_Frozen):
    """One sourced number. `value` in SI units (the unit word says which)."""

    value: Union[StrictInt, StrictFloat]
    unit: str
    source: str = Field(min_length=3)
    confidence: Confidence


class DerivedQuantity(_Frozen):
    """A number computed from other fields; `formula` names the inputs."""

    value: float
    unit: str
    formula: str
    confidence: Literal["derived"] = "derived"


def _quantity(unit: str, allow_zero: bool = False):
    """A Quantity field whose unit must be `unit` and whose value must be > 0 (or >= 0)."""

    def check(q: Quantity) -> Quantity:
        if q.unit != unit:
            raise ValueError(f"unit must be '{unit}', got '{q.unit}'")
        if q.confidence is Confidence.derived:
            raise ValueError(
                "confidence 'derived' is reserved for numbers perfmodel computes; "
                "use 'estimated' and give the formula in source"
            )
        v = q.value
        if not math.isfinite(v):
            raise ValueError("value must be finite")
        if v < 0 or (v == 0 and not allow_zero):
            raise ValueError(f"value must be {'>= 0' if allow_zero else '> 0'}, got {v}")
        if v > 1e30:
            raise ValueError(f"value {v} is implausibly large")
        return q

    return Annotated[Quantity, AfterValidator(check)]


Count = _quantity("count")
Threads = _quantity("threads")
Hz = _quantity("hz")
Bytes = _quantity("bytes")
BytesOrZero = _quantity("bytes", allow_zero=True)
BytesPerS = _quantity("bytes_per_s")
Registers = _quantity("registers")
RegistersOrZero = _quantity("registers", allow_zero=True)
Seconds = _quantity("s")
SecondsOrZero = _quantity("s", allow_zero=True)
Cycles = _quantity("cycles")
OpsPerClock = _quantity("ops_per_clock_per_sm")
OpsPerS = _quantity("ops_per_s")
Ratio = _quantity("ratio")
ElemsPerS = _quantity("elems_per_s")


class Compute(_Frozen):
    """The streaming multiprocessors (NVIDIA SMs, AMD/Hygon CUs) and their clocks."""

    sm_count: Count
    simds_per_sm: Count  # NVIDIA: SM sub-partitions (warp schedulers); AMD: SIMDs per CU
    warp_size: Threads
    clock_max_hz: Hz  # the clock the chip runs at under load (boost)
    clock_peak_hz: Hz  # the clock the vendor's matrix peaks are quoted at
    max_threads_per_block: Threads


class NvidiaResidency(_Frozen):
    """Residency rules of the CUDA Occupancy Calculator / cuda_occupancy.h (sm_80, sm_90)."""

    rules: Literal["nvidia"]
    regs_per_sm: Registers
    reg_alloc_unit: Registers  # registers are allocated per warp in units of this many
    warp_alloc_granularity: Count
    max_regs_per_thread: Registers
    max_regs_per_block: Registers
    max_warps_per_sm: Count
    max_blocks_per_sm: Count


class AmdResidency(_Frozen):
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


class SharedMemory(_Frozen):
    """Shared memory (NVIDIA) or LDS (AMD/Hygon)."""

    per_sm_bytes: Bytes
    max_per_block_bytes: Bytes
    alloc_granule_bytes: Bytes
    reserved_per_block_bytes: BytesOrZero
    bytes_per_clock_per_sm: _quantity("bytes_per_clock")  # bandwidth of the banks


class Memory(_Frozen):
    l2_bytes: Bytes
    dram_bytes: Bytes
    dram_bw_bytes_per_s: BytesPerS
    host_link: str = Field(min_length=3)
    host_link_bw_bytes_per_s: BytesPerS


class MatrixPath(_Frozen):
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


class VectorPath(_Frozen):
    """The SIMD/CUDA-core path for one dtype (packed instructions included)."""

    ops_per_clock_per_sm: OpsPerClock
    note: Union[str, None] = None


class DtypeThroughput(_Frozen):
    matrix: Union[MatrixPath, None] = None
    vector: Union[VectorPath, None] = None


class Throughput(_Frozen):
    fp64: Union[DtypeThroughput, None] = None
    fp32: Union[DtypeThroughput, None] = None
    tf32: Union[DtypeThroughput, None] = None
    fp16: Union[DtypeThroughput, None] = None
    bf16: Union[DtypeThroughput, None] = None
    int8: Union[DtypeThroughput, None] = None
    fp8: Union[DtypeThroughput, None] = None


class Calibration(_Frozen):
    """Constants measured on the device itself; each source is the command that measured it
    (and, for fitted ones, the script that derived them from those measurements)."""

    dram_bw_achieved_bytes_per_s: Union[BytesPerS, None] = None
    l2_bw_achieved_bytes_per_s: Union[BytesPerS, None] = None
    l2_effective_bytes: Union[Bytes, None] = None
    launch_overhead_s: Union[Seconds, None] = None
    sm_clock_under_load_hz: Union[Hz, None] = None
    l2_latency_s: Union[Seconds, None] = None
    dram_latency_s: Union[Seconds, None] = None
    matrix_efficiency: Union[Ratio, None] = None
    warp_mma_ops_per_s: Union[OpsPerS, None] = None
    warp_mma_step_s: Union[Seconds, None] = None
    pipeline_latency_s: Union[Seconds, None] = None
    kstep_overhead_s: Union[SecondsOrZero, None] = None
    overlap_leak: Union[_quantity("ratio", allow_zero=True), None] = None
    scalar_load_fixed_s: Union[Seconds, None] = None
    scalar_load_s_per_elem: Union[Seconds, None] = None
    scalar_load_elems_per_s_per_sm: Union[ElemsPerS, None] = None
    spill_s_per_reg: Union[SecondsOrZero, None] = None
    matrix_achieved_ops_per_s: dict[str, OpsPerS] = Field(default_factory=dict)
    triton_matrix_achieved_ops_per_s: dict[str, OpsPerS] = Field(default_factory=dict)


class HardwareSpec(_Frozen):
    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    name: str = Field(min_length=2)
    vendor: Literal["nvidia", "amd", "hygon"]
    target: str = Field(pattern=r"^(sm_[0-9]+a?|gfx[0-9a-f]+)$")
    aliases: tuple[str, ...] = ()
    stands_in_for: Union[str, None] = None
    compute: Compute
    residency: Annotated[Union[NvidiaResidency, AmdResidency], Field(discriminator="rules")]
    shared_memory: SharedMemory
    memory: Memory
    throughput: Throughput
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


# ---------------------------------------------------------------------------------------
# Registry and loader
# ---------------------------------------------------------------------------------------


def registry_dir() -> Path:
    """The folder of bundled device files: the installed package data, else the repo's hardware/."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "hardware", here.parent / "hardware"):
        if candidate.is_dir() and any(candidate.glob("*.yaml")):
            return candidate
    raise SpecError(f"no hardware/ folder with device files found next to {here}")


class _NoAliasLoader(yaml.SafeLoader):
    """Safe YAML without anchors/aliases: rules out 'billion laughs' bombs outright."""

    def compose_node(self, parent, index):  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.YAMLError(f"YAML aliases are not allowed (line {event.start_mark.line + 1})")
        return super().compose_node(parent, index)


# YAML 1.1 reads `1.98e9` (no sign after e) as a string; device files are easier to write
# with YAML 1.2's floats, so accept them too.
_NoAliasLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?[eE][-+]?[0-9]+$"),
    list("-+0123456789"),
)


def _read_yaml(path: Path) -> dict:
    if not path.exists():
        raise SpecError(f"{path}: no such file")
    if path.is_dir():
        raise SpecError(f"{path}: is a directory, expected a .yaml device file")
    try:
        size = path.stat().st_size
        if size > MAX_SPEC_FILE_BYTES:
            raise SpecError(f"{path}: file is {size} bytes, larger than the {MAX_SPEC_FILE_BYTES}-byte limit for a device file")
        text = path.read_text(encoding="utf-8")
    except PermissionError:
        raise SpecError(f"{path}: cannot read the file (permission denied)") from None
    except UnicodeDecodeError:
        raise SpecError(f"{path}: not UTF-8 text") from None
    except OSError as e:
        raise SpecError(f"{path}: cannot read the file ({e.strerror})") from None
    try:
        data = yaml.load(text, Loader=_NoAliasLoader)  # noqa: S506 - SafeLoader subclass
    except yaml.YAMLError as e:
        msg = " ".join(str(e).split())
        raise SpecError(f"{path}: not valid YAML: {msg}") from None
    if not isinstance(data, dict):
        raise SpecError(f"{path}: top level must be a mapping of fields, got {type(data).__name__}")
    return data


def _first_error_line(path: Path, err: ValidationError) -> str:
    e = err.errors()[0]
    loc = ".".join(str(p) for p in e["loc"] if not (isinstance(p, str) and p in ("nvidia", "amdgpu")))
    typ = e["type"]
    if typ == "missing":
        what = "missing field"
    elif typ == "extra_forbidden":
        what = "unknown field"
    else:
        what = e["msg"].removeprefix("Value error, ")
        if typ == "enum":
            what = f"{what} (got {e.get('input')!r})"
    more = f" (+{len(err.errors()) - 1} more)" if len(err.errors()) > 1 else ""
    return f"{path}: field '{loc}': {what}{more}"


@functools.lru_cache(maxsize=64)
def _load_path(path_str: str, mtime_ns: int) -> HardwareSpec:
    path = Path(path_str)
    data = _read_yaml(path)
    try:
        return HardwareSpec.model_validate(data)
    except ValidationError as err:
        raise SpecError(_first_error_line(path, err)) from None


def load_spec_file(path: str | os.PathLike) -> HardwareSpec:
    p = Path(path)
    try:
        mtime = p.stat().st_mtime_ns
    except OSError:
        mtime = 0
    return _load_path(str(p), mtime)


def _bundled() -> dict[str, Path]:
    return {p.stem: p for p in sorted(registry_dir().glob("*.yaml"))}


def known_devices() -> list[HardwareSpec]:
    """All bundled devices, loaded (ordered by id)."""
    return [load_spec_file(p) for p in _bundled().values()]


def _alias_table() -> dict[str, str]:
    table: dict[str, str] = {}
    specs = known_devices()
    targets = [s.target.lower() for s in specs]
    for spec in specs:
        table[spec.id] = spec.id
        if targets.count(spec.target.lower()) == 1:  # a target shared by two devices names neither
            table[spec.target.lower()] = spec.id
        for a in spec.aliases:
            table[a.lower()] = spec.id
    return table


def load_hardware(name_or_path: "str | os.PathLike | HardwareSpec") -> HardwareSpec:
    """A device by id (`h200`), alias (`k100`, `mi300x`), target (`gfx942`) or YAML path."""
    if isinstance(name_or_path, HardwareSpec):
        return name_or_path
    s = str(name_or_path)
    looks_like_path = s.endswith((".yaml", ".yml")) or os.sep in s or "/" in s
    if looks_like_path:
        return load_spec_file(s)
    bundled = _bundled()
    key = s.strip().lower()
    if key in bundled:
        return load_spec_file(bundled[key])
    table = _alias_table()
    if key in table:
        return load_spec_file(bundled[table[key]])
    if Path(s).is_file():
        return load_spec_file(s)
    close = difflib.get_close_matches(key, list(table), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    ids = ", ".join(sorted(bundled))
    aliases = ", ".join(sorted(k for k in table if k not in bundled))
    raise UnknownDeviceError(
        f"unknown device '{s}'{hint}; known ids: {ids}; aliases: {aliases}; or give a path to a .yaml file"
    )


def iter_quantities(model: BaseModel, prefix: str = ""):
    """Yield (dotted_path, Quantity) for every sourced number in a spec, in schema order."""
    for name in type(model).model_fields:
        value = getattr(model, name)
        path = f"{prefix}{name}"
        if isinstance(value, Quantity):
            yield path, value
        elif isinstance(value, BaseModel):
            yield from iter_quantities(value, path + ".")
        elif isinstance(value, dict):
            for k, v in value.items():
                if isinstance(v, Quantity):
                    yield f"{path}.{k}", v
