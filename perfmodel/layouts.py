"""The one layout table: how A and B are stored, in row-major BLAS letters.

    name  A stored   B stored   contiguous along   who has it
    nn    M x K      K x N      A: K, B: N          `a @ b` of two row-major tensors (perfmodel's default)
    nt    M x K      N x K      A: K, B: K          `x @ W.T`: torch.nn.Linear (and F.linear), W stored N x K
    tn    K x M      K x N      A: M, B: N          `a.T @ b`: e.g. a weight gradient
    tt    K x M      N x K      A: M, B: K          `a.T @ b.T`

First letter A, second B: `n` is the operand as the GEMM reads it (A M x K, B K x N, row-major),
`t` its transpose stored (A K x M, B N x K). An operand is "K-major" when its elements are
contiguous along K (A in `n`, B in `t`), else "MN-major".

Why it matters (measured on the H200, validation/data/h200/layouts*.jsonl): Hopper's wgmma reads
16-bit operands from shared memory in either majorness, but TF32 (and FP8) wgmma only K-major, so
an MN-major fp32 operand is gathered into shared memory 4 bytes at a time; and which direction
is contiguous decides the width of the pointer loads and whether Triton can prove it 16-divisible
(the alignment classes of perfmodel.problem).

Plain Python, so the lab's device scripts can import it without perfmodel's dependencies.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Layout:
    name: str
    a_k_major: bool  # A stored M x K (contiguous along K)
    b_k_major: bool  # B stored N x K (contiguous along K)
    note: str

    def strides(self, M: int, N: int, K: int) -> tuple[int, int, int, int]:
        """(stride_am, stride_ak, stride_bk, stride_bn) in elements of the stored tensors."""
        sa = (K, 1) if self.a_k_major else (1, M)
        sb = (1, K) if self.b_k_major else (N, 1)
        return sa + sb

    def leading(self, M: int, N: int, K: int) -> tuple[int, int]:
        """The row stride (elements) of the stored A and B: what Triton must prove 16-divisible
        to load that operand in 16-byte vectors."""
        return (K if self.a_k_major else M), (K if self.b_k_major else N)

    def stored_shapes(self, M: int, N: int, K: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """The shapes of the tensors as stored (A, B)."""
        return ((M, K) if self.a_k_major else (K, M)), ((N, K) if self.b_k_major else (K, N))


LAYOUTS: dict[str, Layout] = {x.name: x for x in (
    Layout("nn", True, False, "A M x K, B K x N, both row-major (a @ b)"),
    Layout("nt", True, True, "A M x K, B stored N x K (x @ W.T, torch.nn.Linear)"),
    Layout("tn", False, False, "A stored K x M, B K x N (a.T @ b)"),
    Layout("tt", False, True, "A stored K x M, B stored N x K (a.T @ b.T)"),
)}

#: the names, in the order tables show them
NAMES: tuple[str, ...] = tuple(LAYOUTS)
DEFAULT = "nn"


def from_strides(a_strides: tuple[int, int], b_strides: tuple[int, int]) -> str | None:
    """The layout of a launch from the strides of A (M x K view) and B (K x N view), in
    elements: an operand whose stride along K is 1 is K-major. None when neither of an
    operand's strides is 1 (a view perfmodel cannot name). A size-1 dimension's stride says
    nothing, so an operand with a stride of 1 on both sides reads as row-major (`n`)."""
    sam, sak = a_strides
    sbk, sbn = b_strides
    a = "n" if sak == 1 else "t" if sam == 1 else None
    b = "n" if sbn == 1 else "t" if sbk == 1 else None
    return None if a is None or b is None else a + b
