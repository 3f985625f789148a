"""What is being asked: a GEMM problem and a tile config of the bundled Triton kernels.

`GemmProblem(M=, N=, K=, dtype="fp16")`: C[M, N] = A[M, K] @ B[K, N], row-major, inputs and
output of `dtype` (fp32 accumulation; int8 accumulates and stores int32).
`TileConfig(BLOCK_M=, BLOCK_N=, BLOCK_K=, num_warps=, num_stages=, GROUP_M=8, SPLIT_K=1)`,
named like `128x128x64_w4_s3_g8_k1` (`TileConfig.parse` reads that, `_g` and `_k` optional).

Triton needs power-of-two block sizes (tl.arange) and at least 16 along each dot dimension;
num_warps is a power of two (1..32). Anything else is a `ConfigError` naming the field and the
allowed values.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from perfmodel.spec import SpecError

__all__ = ["GemmProblem", "TileConfig", "ConfigError", "DTYPE_BYTES", "GEMM_DTYPES", "make_problem", "make_config"]

#: bytes per element of the GEMM inputs
DTYPE_BYTES = {"fp64": 8, "fp32": 4, "tf32": 4, "fp16": 2, "bf16": 2, "int8": 1, "fp8": 1}
#: bytes per element of the output (int8 GEMMs store int32; fp8 stores fp16)
OUT_BYTES = {"fp64": 8, "fp32": 4, "tf32": 4, "fp16": 2, "bf16": 2, "int8": 4, "fp8": 2}
GEMM_DTYPES = tuple(DTYPE_BYTES)
MAX_DIM = 2**31 - 1

Dtype = Literal["fp64", "fp32", "tf32", "fp16", "bf16", "int8", "fp8"]


class ConfigError(SpecError):
    """An impossible problem or config; `str()` is one line naming the field."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class GemmProblem(_Frozen):
    M: int = Field(gt=0, le=MAX_DIM)
    N: int = Field(gt=0, le=MAX_DIM)
    K: int = Field(gt=0, le=MAX_DIM)
    dtype: Dtype = "fp16"

    @property
    def in_bytes(self) -> int:
        return DTYPE_BYTES[self.dtype]

    @property
    def out_bytes(self) -> int:
        return OUT_BYTES[self.dtype]

    @property
    def flops(self) -> int:
        return 2 * self.M * self.N * self.K

    @property
    def k_aligned(self) -> bool:
        """A's row stride (K elements) is a multiple of 16 elements: Triton specializes it as
        divisible by 16 and can use 16-byte vector loads and the async-copy pipeline."""
        return self.K % 16 == 0

    @property
    def n_aligned(self) -> bool:
        return self.N % 16 == 0

    @property
    def aligned(self) -> bool:
        return self.k_aligned and self.n_aligned and self.M % 16 == 0

    @property
    def alignment(self) -> str:
        """The load class Triton compiles for (row-major A and B): "all" (K and N multiples of 16:
        both operands in 16-byte vectors through the async-copy pipeline), "k" (only K: A
        vectorized and pipelined, B element by element), "n" (only N: B vectorized, A element
        by element) or "none". M's divisibility changes nothing measurable in the compiled kernel."""
        if self.k_aligned:
            return "all" if self.n_aligned else "k"
        return "n" if self.n_aligned else "none"

    def padded_to_16(self) -> "GemmProblem":
        """The same GEMM with K and N zero-padded up to multiples of 16 (alignment "all";
        zero K columns add nothing, extra N columns are computed and dropped)."""
        return GemmProblem(M=self.M, N=-(-self.N // 16) * 16, K=-(-self.K // 16) * 16, dtype=self.dtype)

    @property
    def min_bytes(self) -> int:
        """Each input read once and the output written once."""
        return (self.M * self.K + self.K * self.N) * self.in_bytes + self.M * self.N * self.out_bytes

    def __str__(self) -> str:
        return f"{self.M}x{self.N}x{self.K} {self.dtype}"


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
        return (f"{self.BLOCK_M}x{self.BLOCK_N}x{self.BLOCK_K}_w{self.num_warps}_s{self.num_stages}"
                f"_g{self.GROUP_M}_k{self.SPLIT_K}")

    @property
    def threads(self) -> int:
        """Threads per block for a warp size of 32; use `threads_for(warp_size)` on AMD."""
        return self.num_warps * 32

    def threads_for(self, warp_size: int) -> int:
        return self.num_warps * warp_size

    def as_dict(self) -> dict:
        return self.model_dump()

    @classmethod
    def parse(cls, text: str) -> "TileConfig":
        """Read `128x128x64_w4_s3_g8_k1` (`_g` defaults to 8 and `_k` to 1 when left out)."""
        m = re.fullmatch(r"\s*(\d+)x(\d+)x(\d+)_w(\d+)_s(\d+)(?:_g(\d+))?(?:_k(\d+))?\s*", text)
        if not m:
            raise ConfigError(
                f"config '{text}' is not of the form BMxBNxBK_wW_sS[_gG][_kK], e.g. 128x128x64_w4_s3_g8_k1")
        bm, bn, bk, w, s, g, k = m.groups()
        return make_config(BLOCK_M=int(bm), BLOCK_N=int(bn), BLOCK_K=int(bk), num_warps=int(w),
                           num_stages=int(s), GROUP_M=int(g or 8), SPLIT_K=int(k or 1))

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
        msg = f"got {e.get('input')!r}; allowed: {', '.join(GEMM_DTYPES)}"
    elif e["type"] in ("greater_than", "less_than_equal"):
        msg = f"must be a whole number from 1 to {MAX_DIM}, got {e.get('input')!r}"
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
