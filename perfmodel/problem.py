"""What is being asked: a GEMM problem and a tile config of one kernel.

`GemmProblem(M=, N=, K=, dtype="fp16", layout="nn")`: C[M, N] = A[M, K] @ B[K, N], C row-major,
A and B stored as perfmodel.layouts says (`nn`: both row-major; `nt`: B stored N x K, as an
nn.Linear weight), inputs and output as perfmodel.dtypes says (fp32 accumulation; int8
accumulates and stores int32).
`TileConfig(BLOCK_M=, BLOCK_N=, BLOCK_K=, num_warps=, num_stages=, GROUP_M=8, SPLIT_K=1,
kernel=...)`, named as perfmodel.names says (`128x128x64_w4_s3_g8_k1`, `tma:128x128x64_w4_s3_g8_k1`);
`kernel` defaults to "splitk" when SPLIT_K > 1, else "grouped". Whether the kernel exists and
accepts the config is the kernel registry's business (perfmodel.kernels), not this module's.

Triton needs power-of-two block sizes (tl.arange) and at least 16 along each dot dimension;
num_warps is a power of two (1..32). Anything else is a `ConfigError` naming the field and the
allowed values.

Alignment classes (`GemmProblem.alignment`, the one table of them, ALIGNMENTS): which of the
row strides Triton can prove 16-element divisible decides how the pointer-based kernels load.
A class names the operands loaded in vectors (both, A only, B only, neither); its `divisible`
sizes are those of the row-major layout `nn` (in `nt` both operands' row stride is K).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from perfmodel.dtypes import DTYPES, NAMES
from perfmodel.layouts import DEFAULT as DEFAULT_LAYOUT, LAYOUTS, NAMES as LAYOUT_NAMES
from perfmodel.errors import ConfigError
from perfmodel.names import CONFIG_KEYS, NAME_EXAMPLE, NAME_FORM, config_name, implied_kernel, parse_config_name

__all__ = ["GemmProblem", "TileConfig", "ConfigError", "ALIGNMENTS", "make_problem", "make_config"]

MAX_DIM = 2**31 - 1

Dtype = Literal[NAMES]  # type: ignore[valid-type]
LayoutName = Literal[LAYOUT_NAMES]  # type: ignore[valid-type]


@dataclass(frozen=True)
class AlignmentClass:
    """One alignment class: the sizes Triton specialises as 16-divisible (an offline compile
    of the class marks exactly these, and the row strides equal to them), and what it does."""

    name: str
    divisible: tuple[str, ...]
    note: str

    def representative(self) -> tuple[int, int, int]:
        """(M, N, K) of a problem in this class: 4096 where divisible, else 4095."""
        return tuple(4096 if d in self.divisible else 4095 for d in ("M", "N", "K"))  # type: ignore[return-value]


ALIGNMENTS: dict[str, AlignmentClass] = {a.name: a for a in (
    AlignmentClass("all", ("M", "N", "K"), "K and N 16-divisible: both operands in vectors, pipelined"),
    AlignmentClass("none", (), "K and N not 16-divisible: element-wise loads, no pipelining"),
    AlignmentClass("k", ("M", "K"), "only K 16-divisible: A in vectors, pipelined; B element-wise"),
    AlignmentClass("n", ("M", "N"), "only N 16-divisible: B in vectors, pipelined; A element-wise"),
)}


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class GemmProblem(_Frozen):
    M: int = Field(gt=0, le=MAX_DIM)
    N: int = Field(gt=0, le=MAX_DIM)
    K: int = Field(gt=0, le=MAX_DIM)
    dtype: Dtype = "fp16"
    layout: LayoutName = DEFAULT_LAYOUT

    @field_validator("dtype", "layout", mode="before")
    @classmethod
    def _lower(cls, v):
        return v.strip().lower() if isinstance(v, str) else v

    @property
    def in_bytes(self) -> int:
        return DTYPES[self.dtype].in_bytes

    @property
    def out_bytes(self) -> int:
        return DTYPES[self.dtype].out_bytes

    @property
    def flops(self) -> int:
        return 2 * self.M * self.N * self.K

    @property
    def layout_info(self):
        """The layout's table entry (perfmodel.layouts.Layout)."""
        return LAYOUTS[self.layout]

    @property
    def k_aligned(self) -> bool:
        """A's row stride (K elements in `nn`/`nt`, M in `tn`/`tt`) is a multiple of 16
        elements: Triton specializes it as divisible by 16 and can use 16-byte vector loads and
        the async-copy pipeline for A."""
        return self.layout_info.leading(self.M, self.N, self.K)[0] % 16 == 0

    @property
    def n_aligned(self) -> bool:
        """The same for B's row stride (N in `nn`/`tn`, K in `nt`/`tt`)."""
        return self.layout_info.leading(self.M, self.N, self.K)[1] % 16 == 0

    @property
    def c_aligned(self) -> bool:
        """C's row stride (N in every layout) is a multiple of 16 elements: the pointer kernels'
        epilogue stores C in vectors; elsewhere element by element (perfmodel.kernels.operands.
        elementwise_store_elems, the register table's store class, the tile factors' "odd N")."""
        return self.N % 16 == 0

    @property
    def aligned(self) -> bool:
        return self.K % 16 == 0 and self.N % 16 == 0 and self.M % 16 == 0

    @property
    def alignment_note(self) -> str:
        """ALIGNMENTS' note for this problem's class, in its layout's terms: the notes name `nn`'s row strides (K
        for A, N for B); elsewhere they say which row strides are meant (`nt`: both K, so K alone decides)."""
        note = ALIGNMENTS[self.alignment].note
        if self.layout == "nn":
            return note
        lay = self.layout_info
        a, b = ("K" if lay.a_k_major else "M"), ("K" if lay.b_k_major else "N")
        which = {"all": f"A's and B's row strides ({a}, {b}) 16-divisible",
                 "none": f"A's and B's row strides ({a}, {b}) not 16-divisible",
                 "k": f"only A's row stride ({a}) 16-divisible", "n": f"only B's row stride ({b}) 16-divisible"}
        return f"{which[self.alignment]} in `{self.layout}`: {note.split(': ', 1)[1]}"

    @property
    def alignment(self) -> str:
        """The load class Triton compiles the pointer-based kernels for: "all" (both operands'
        row strides multiples of 16: 16-byte vectors through the async-copy pipeline), "k" (only
        A's: A vectorized and pipelined, B element by element), "n" (only B's) or "none"
        (ALIGNMENTS). In `nn` A's row stride is K and B's N (hence the names); in `nt` both are
        K. M's divisibility changes nothing measurable in the compiled `nn` kernel."""
        if self.k_aligned:
            return "all" if self.n_aligned else "k"
        return "n" if self.n_aligned else "none"

    def row_strides_bytes(self) -> tuple[int, int, int]:
        """Row strides of the stored A, B and C in bytes."""
        la, lb = self.layout_info.leading(self.M, self.N, self.K)
        return la * self.in_bytes, lb * self.in_bytes, self.N * self.out_bytes

    def padded_to_16(self) -> "GemmProblem":
        """The same GEMM with K and N zero-padded up to multiples of 16 (alignment "all";
        zero K columns add nothing, extra N columns are computed and dropped). A ConfigError
        where padding takes a size past the limit."""
        return make_problem(M=self.M, N=-(-self.N // 16) * 16, K=-(-self.K // 16) * 16, dtype=self.dtype,
                            layout=self.layout)

    @property
    def min_bytes(self) -> int:
        """Each input read once and the output written once."""
        return (self.M * self.K + self.K * self.N) * self.in_bytes + self.M * self.N * self.out_bytes

    def __str__(self) -> str:
        return f"{self.M}x{self.N}x{self.K} {self.dtype}" + ("" if self.layout == DEFAULT_LAYOUT else f" {self.layout}")


def _pow2(v: int) -> bool:
    return v > 0 and (v & (v - 1)) == 0


class TileConfig(_Frozen):
    BLOCK_M: int
    BLOCK_N: int
    BLOCK_K: int
    num_warps: int
    num_stages: int
    GROUP_M: int = 8
    SPLIT_K: int = 1
    kernel: str = Field(default="", pattern=r"^[a-z][a-z0-9_\-]*$")

    @model_validator(mode="before")
    @classmethod
    def _implied_kernel(cls, data):
        if isinstance(data, dict) and not data.get("kernel"):
            split = data.get("SPLIT_K", 1)
            data = {**data, "kernel": implied_kernel(split if isinstance(split, int) else 1)}
        return data

    @field_validator("BLOCK_M", "BLOCK_N", "BLOCK_K")
    @classmethod
    def _block(cls, v: int) -> int:
        if not (_pow2(v) and 16 <= v <= 512):
            raise ValueError(f"must be a power of two from 16 to 512 (Triton's tl.arange and tl.dot need it), got {v}")
        return v

    @field_validator("num_warps")
    @classmethod
    def _warps(cls, v: int) -> int:
        if not (_pow2(v) and v <= 32):
            raise ValueError(f"must be a power of two from 1 to 32, got {v}")
        return v

    @field_validator("num_stages")
    @classmethod
    def _stages(cls, v: int) -> int:
        if not 1 <= v <= 8:
            raise ValueError(f"must be from 1 to 8, got {v}")
        return v

    @field_validator("GROUP_M")
    @classmethod
    def _group(cls, v: int) -> int:
        if not 1 <= v <= 1024:
            raise ValueError(f"must be from 1 to 1024, got {v}")
        return v

    @field_validator("SPLIT_K")
    @classmethod
    def _split(cls, v: int) -> int:
        if not 1 <= v <= 64:
            raise ValueError(f"must be from 1 to 64, got {v}")
        return v

    @property
    def name(self) -> str:
        return config_name(self.keys(), self.kernel)

    def threads_for(self, warp_size: int) -> int:
        """Threads per block on a device with this warp (wave) size."""
        return self.num_warps * warp_size

    def keys(self) -> dict[str, int]:
        """The config keys alone (perfmodel.names.CONFIG_KEYS)."""
        return {k: getattr(self, k) for k in CONFIG_KEYS}

    def as_dict(self) -> dict:
        """The config keys and the kernel."""
        return {**self.keys(), "kernel": self.kernel}

    @classmethod
    def parse(cls, text: str) -> "TileConfig":
        """Read `128x128x64_w4_s3_g8_k1` or `tma:128x128x64_w4_s3` (`_g` defaults to 8, `_k` to 1)."""
        cfg = parse_config_name(text)
        if cfg is None:
            raise ConfigError(f"config '{text}' is not of the form {NAME_FORM}, e.g. {NAME_EXAMPLE} "
                              f"or tma:{NAME_EXAMPLE}")
        return make_config(**cfg)

    def __str__(self) -> str:
        return self.name


def _one_line(kind: str, err: ValidationError) -> str:
    e = err.errors()[0]
    loc = ".".join(str(p) for p in e["loc"]) or kind
    msg = e["msg"].removeprefix("Value error, ")
    if e["type"] == "missing":
        msg = "missing"
    elif e["type"] == "extra_forbidden":
        msg = "unknown key"
    elif e["type"] in ("int_type", "int_parsing", "int_from_float"):
        msg = f"must be a whole number, got {e.get('input')!r}"
    elif e["type"] == "literal_error":
        allowed = LAYOUT_NAMES if loc == "layout" else NAMES
        msg = f"got {e.get('input')!r}; allowed: {', '.join(allowed)}"
    elif e["type"] in ("greater_than", "less_than_equal"):
        msg = f"must be a whole number from 1 to {MAX_DIM}, got {e.get('input')!r}"
    elif e["type"] == "string_pattern_mismatch":
        msg = f"must be a kernel name (lower-case letters, digits, '_' or '-'), got {e.get('input')!r}"
    return f"{kind} field '{loc}': {msg}"


def make_problem(**kw) -> GemmProblem:
    """GemmProblem, with a one-line ConfigError instead of a pydantic ValidationError."""
    try:
        return GemmProblem(**kw)
    except ValidationError as err:
        raise ConfigError(_one_line("problem", err)) from None


def make_config(**kw) -> TileConfig:
    """TileConfig, with a one-line ConfigError instead of a pydantic ValidationError."""
    try:
        return TileConfig(**kw)
    except ValidationError as err:
        raise ConfigError(_one_line("config", err)) from None
