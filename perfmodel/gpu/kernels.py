"""The Triton GEMM kernels perfmodel is validated against (Triton 3.6.0).

Three kernels, all computing C = A @ B (A M x K, B K x N, C M x N row-major), A and B in any
layout of perfmodel.layouts (the pointer kernels take both strides of each; the TMA kernel
builds its descriptors over the tensors as stored), fp16, bf16 or fp32 in and out (fp32 through
tl.dot in TF32 or IEEE fp32, `PRECISION`), fp32 accumulation:

* `matmul_kernel`: the grouped GEMM of Triton's matmul tutorial. The program-id mapping is
  the grouped (GROUP_M) order exactly as seed 000 writes it; pointer arithmetic; the K tail
  is masked, so any K works.
* `matmul_splitk_kernel` + `splitk_reduce_kernel`: split-K for small M x N and large K. Program
  (pid, z) accumulates the K blocks z, z + SPLIT_K, z + 2*SPLIT_K, ... (the interleaving of
  seed 002's split-K loop) into an fp32 workspace [SPLIT_K, M, N]; a second kernel sums the
  SPLIT_K partial tiles and casts to the output dtype. Both launches are timed together.
* `matmul_tma_kernel`: the same grouped GEMM loading through tensor descriptors (Hopper's
  TMA; seed 002's "new load API"). Needs 16-byte aligned row strides.

This module imports only triton (and torch in the host helpers), never perfmodel, so it runs
on the device machine as it is.
"""

import triton
import triton.language as tl


@triton.jit
def grouped_pid(pid, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, GROUP_M: tl.constexpr):
    # The grouped program-id mapping, exactly as seed 000 (and Triton's tutorial) write it.
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    return pid_m, pid_n


@triton.jit
def load_tiles(a_desc, b_desc, offs_am, offs_bn, offs_k, A_T: tl.constexpr, B_T: tl.constexpr):
    # The A (BM x BK) and B (BK x BN) tiles of one k-step through tensor descriptors over the
    # tensors as stored: A_T / B_T when A is stored K x M / B stored N x K (layouts tn, nt, tt);
    # the box is loaded as stored and transposed in registers' view (tl.trans is free here).
    # Out-of-bounds parts of a box read as zero.
    if A_T:
        a = a_desc.load([offs_k, offs_am]).T
    else:
        a = a_desc.load([offs_am, offs_k])
    if B_T:
        b = b_desc.load([offs_bn, offs_k]).T
    else:
        b = b_desc.load([offs_k, offs_bn])
    return a, b


@triton.jit
def matmul_kernel(
    a_ptr, b_ptr, c_ptr,
    M, N, K,
    stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
    PRECISION: tl.constexpr = None,
):
    pid = tl.program_id(axis=0)
    pid_m, pid_n = grouped_pid(pid, M, N, BLOCK_M, BLOCK_N, GROUP_M)

    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)

    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator, input_precision=PRECISION)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c = accumulator.to(c_ptr.dtype.element_ty)

    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


@triton.jit
def matmul_splitk_kernel(
    a_ptr, b_ptr, w_ptr,
    M, N, K,
    stride_am, stride_ak, stride_bk, stride_bn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
    SPLIT_K: tl.constexpr, PRECISION: tl.constexpr = None,
):
    pid = tl.program_id(axis=0)
    pid_z = tl.program_id(axis=1)
    pid_m, pid_n = grouped_pid(pid, M, N, BLOCK_M, BLOCK_N, GROUP_M)

    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = pid_z * BLOCK_K + tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)

    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K * SPLIT_K)):
        k_remaining = K - k * (BLOCK_K * SPLIT_K)
        a = tl.load(a_ptrs, mask=offs_k[None, :] < k_remaining, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < k_remaining, other=0.0)
        accumulator = tl.dot(a, b, accumulator, input_precision=PRECISION)
        a_ptrs += BLOCK_K * SPLIT_K * stride_ak
        b_ptrs += BLOCK_K * SPLIT_K * stride_bk

    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    w_ptrs = w_ptr + pid_z * M * N + offs_cm[:, None] * N + offs_cn[None, :]
    w_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(w_ptrs, accumulator, mask=w_mask)


@triton.jit
def splitk_reduce_kernel(w_ptr, c_ptr, MN, SPLIT_K: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < MN
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for z in range(SPLIT_K):
        acc += tl.load(w_ptr + z * MN + offs, mask=mask, other=0.0)
    tl.store(c_ptr + offs, acc.to(c_ptr.dtype.element_ty), mask=mask)


@triton.jit
def matmul_tma_kernel(
    a_desc, b_desc, c_desc,
    M, N, K,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
    PRECISION: tl.constexpr = None, A_T: tl.constexpr = False, B_T: tl.constexpr = False,
):
    # A_T / B_T: the descriptor is over A stored K x M / B stored N x K (load_tiles)
    pid = tl.program_id(axis=0)
    pid_m, pid_n = grouped_pid(pid, M, N, BLOCK_M, BLOCK_N, GROUP_M)
    offs_am = pid_m * BLOCK_M
    offs_bn = pid_n * BLOCK_N
    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a, b = load_tiles(a_desc, b_desc, offs_am, offs_bn, k * BLOCK_K, A_T, B_T)
        accumulator = tl.dot(a, b, accumulator, input_precision=PRECISION)
    c_desc.store([offs_am, offs_bn], accumulator.to(c_desc.dtype))


# ---------------------------------------------------------------------------------------
# Host-side launchers (torch tensors in, C out). `a` is the M x K view and `b` the K x N view
# of the stored operands (any strides: `w.T` for an nn.Linear weight w stored N x K); `cfg` is a
# dict with BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, num_warps, num_stages and optionally SPLIT_K
# and PRECISION (tl.dot's input_precision for fp32 inputs: "tf32" or "ieee"; None, the
# backend's default, for the others: AMD's CDNA2 refuses "tf32"). Each returns the CompiledKernel(s) it launched so the caller can read n_regs,
# n_spills, shared.
# ---------------------------------------------------------------------------------------

REDUCE_BLOCK = 1024


def _meta(cfg):
    return dict(BLOCK_M=cfg["BLOCK_M"], BLOCK_N=cfg["BLOCK_N"], BLOCK_K=cfg["BLOCK_K"], GROUP_M=cfg["GROUP_M"],
                PRECISION=cfg.get("PRECISION"), num_warps=cfg["num_warps"], num_stages=cfg["num_stages"])


def launch_matmul(a, b, c, cfg):
    M, K = a.shape
    _, N = b.shape
    grid = (triton.cdiv(M, cfg["BLOCK_M"]) * triton.cdiv(N, cfg["BLOCK_N"]),)
    k = matmul_kernel[grid](
        a, b, c, M, N, K,
        a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1), **_meta(cfg),
    )
    return [k]


def launch_splitk(a, b, c, cfg, workspace):
    M, K = a.shape
    _, N = b.shape
    s = cfg["SPLIT_K"]
    grid = (triton.cdiv(M, cfg["BLOCK_M"]) * triton.cdiv(N, cfg["BLOCK_N"]), s)
    k1 = matmul_splitk_kernel[grid](
        a, b, workspace, M, N, K,
        a.stride(0), a.stride(1), b.stride(0), b.stride(1), SPLIT_K=s, **_meta(cfg),
    )
    k2 = splitk_reduce_kernel[(triton.cdiv(M * N, REDUCE_BLOCK),)](
        workspace, c, M * N, SPLIT_K=s, BLOCK=REDUCE_BLOCK, num_warps=4,
    )
    return [k1, k2]


def transposed(x) -> bool:
    """Whether a 2-D view is the transpose of a row-major tensor (its first dimension contiguous)."""
    return x.stride(0) == 1 and x.stride(1) != 1


def make_tma_descriptors(a, b, c, cfg, c_box=None):
    """Descriptors over the tensors as stored: A (M x K, or K x M when `a` is a transposed view)
    and B (K x N, or N x K), with boxes of the stored orientation; C in `c_box` boxes (default
    the whole BM x BN tile)."""
    from triton.tools.tensor_descriptor import TensorDescriptor

    bm, bn, bk = cfg["BLOCK_M"], cfg["BLOCK_N"], cfg["BLOCK_K"]
    a_d = TensorDescriptor.from_tensor(a.T, [bk, bm]) if transposed(a) else TensorDescriptor.from_tensor(a, [bm, bk])
    b_d = TensorDescriptor.from_tensor(b.T, [bn, bk]) if transposed(b) else TensorDescriptor.from_tensor(b, [bk, bn])
    return a_d, b_d, TensorDescriptor.from_tensor(c, c_box or [bm, bn])


def launch_tma(a, b, c, cfg, descs):
    M, K = a.shape
    _, N = b.shape
    grid = (triton.cdiv(M, cfg["BLOCK_M"]) * triton.cdiv(N, cfg["BLOCK_N"]),)
    a_d, b_d, c_d = descs
    k = matmul_tma_kernel[grid](
        a_d, b_d, c_d, M, N, K, A_T=transposed(a), B_T=transposed(b), **_meta(cfg),
    )
    return [k]
