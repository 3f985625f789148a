"""The one dtype table: what each GEMM dtype perfmodel knows is made of.

    name   inputs  output  torch tensors    Triton pointer   nvMatmulHeuristics precision
    fp64   8 B     fp64    float64          fp64             -
    fp32   4 B     fp32    float32          fp32             -   (fp32 tensors, tl.dot in IEEE fp32)
    tf32   4 B     fp32    float32          fp32             -   (fp32 tensors, tl.dot in TF32, Triton's default)
    fp16   2 B     fp16    float16          fp16             HSH (fp16 in, fp32 accumulate, fp16 out)
    bf16   2 B     bf16    bfloat16         bf16             BSB
    int8   1 B     int32   int8             i8               -
    fp8    1 B     fp16    float8_e4m3fn    fp8e4nv          -   (e5m2 tensors read as fp8 too)

Accumulation is fp32 (int32 for int8, whose rates are TOP/s, not TFLOP/s). Every other module reads its dtype facts from here:
the spec schema's throughput fields, GemmProblem's dtype check, the Triton prune hook's torch
mapping, the lab's device and compile sweeps. Plain Python (no pydantic), so the lab's device
scripts can import it on a machine that has only torch and Triton.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dtype:
    name: str
    in_bytes: int  # bytes per element of A and B
    out_bytes: int  # bytes per element of C
    torch: str  # torch dtype of the input tensors (attribute of the torch module)
    triton: str  # Triton's pointer element type of the inputs (signature "*" + this)
    nvmh: str | None = None  # nvMatmulHeuristics precision string, where the peer is run
    torch_aliases: tuple[str, ...] = ()  # other torch dtypes that mean this one
    ops: str = "FLOP"  # what a multiply-add counts as: FLOP, or OP for integers (TOP/s)
    precision: str | None = None  # tl.dot's input_precision for fp32 inputs ("tf32" or "ieee"); None: the default
    #: whether the tensor cores read this dtype's operands only K-major from shared memory
    #: (TF32 and FP8 wgmma on sm_90; 16-bit wgmma takes either majorness)
    k_major_only: bool = False
    out_torch: str | None = None  # torch dtype of C where it is not the inputs' (fp8 -> float16)
    out_triton: str | None = None  # Triton's pointer element type of C where it is not the inputs'
    #: the dtypes whose k-steps share measured tile factors (perfmodel.kernels.tile_factors);
    #: "" = the dtype's own name
    tile_group: str = ""

    @property
    def tile_class(self) -> str:
        """The class a device's measured tile factors are kept under: fp16 and bf16 run the same
        instructions at the same rate and pool their runs ("16-bit"); the rest are their own."""
        return self.tile_group or self.name

    @property
    def c_torch(self) -> str:
        """The torch dtype of the output tensor C."""
        return self.out_torch or self.torch

    @property
    def c_triton(self) -> str:
        """Triton's pointer element type of the output tensor C (what the bundled launchers store)."""
        return self.out_triton or self.triton


DTYPES: dict[str, Dtype] = {d.name: d for d in (
    Dtype("fp64", 8, 8, "float64", "fp64", precision="ieee"),
    Dtype("fp32", 4, 4, "float32", "fp32", precision="ieee"),
    Dtype("tf32", 4, 4, "float32", "fp32", precision="tf32", k_major_only=True),
    Dtype("fp16", 2, 2, "float16", "fp16", nvmh="HSH", tile_group="16-bit"),
    Dtype("bf16", 2, 2, "bfloat16", "bf16", nvmh="BSB", tile_group="16-bit"),
    Dtype("int8", 1, 4, "int8", "i8", ops="OP", out_torch="int32", out_triton="i32"),
    Dtype("fp8", 1, 2, "float8_e4m3fn", "fp8e4nv", torch_aliases=("float8_e5m2",), k_major_only=True,
          out_torch="float16", out_triton="fp16"),
)}

#: the names, in the order tables show them
NAMES: tuple[str, ...] = tuple(DTYPES)


def from_torch(torch_dtype_name: str) -> str | None:
    """perfmodel's name for a torch dtype ("torch.float16" or "float16"), or None. float32
    tensors are fp32 (whether tl.dot then uses TF32 is the kernel's choice, not the tensor's)."""
    name = str(torch_dtype_name).replace("torch.", "")
    for d in DTYPES.values():
        if name == d.torch or name in d.torch_aliases:
            return d.name
    return None
