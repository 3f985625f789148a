"""The persistent TMA GEMM of Hopper (seed 002), in two forms, and its host launcher
(Triton 3.6.0; imports only triton, and torch in the launcher, never perfmodel's model).

`matmul_persistent_kernel`: a fixed grid of min(SMs, tiles) programs; program p walks the
output tiles p, p + SMs, p + 2 SMs, ... in the grouped (GROUP_M) order of the other bundled
kernels, loads A and B through tensor descriptors over the tensors as stored (A_T / B_T as in
matmul_tma_kernel), accumulates in fp32 and stores C through a descriptor in two halves of
BLOCK_M x BLOCK_N/2 (epilogue subtiling: half the shared memory for staging C, as in
Triton's persistent-matmul tutorial). The tile loop is `tl.range(..., flatten=FLATTEN,
warp_specialize=WARP_SPECIALIZE)`:

* kernel "persistent": WARP_SPECIALIZE False, FLATTEN True (the tile and k loops are one
  pipelined loop, so the next tile's loads are issued during this tile's epilogue);
* kernel "persistent_ws": WARP_SPECIALIZE True, FLATTEN False (Triton's tutorial flattens
  only off Hopper when it specializes): a producer partition issues the TMA loads, the
  consumer warpgroups the wgmma and the epilogue. Triton 3.6.0's docstring says Blackwell;
  it compiles for sm_90 (validation/data/compile/compile_sweep_persistent.jsonl records what
  the compiler did with it).

The C tile id of the epilogue is counted separately from the loop's (tile_id_c), as in the
tutorial, so the pipeliner does not tie the epilogue to the loads of the next tile.
"""

import triton
import triton.language as tl

from perfmodel.gpu.kernels import _meta, grouped_pid, load_tiles, make_tma_descriptors, transposed

#: the two persistent kernels' constexpr flags, by kernel name
VARIANTS = {"persistent": {"WARP_SPECIALIZE": False, "FLATTEN": True},
            "persistent_ws": {"WARP_SPECIALIZE": True, "FLATTEN": False}}


@triton.jit
def matmul_persistent_kernel(
    a_desc, b_desc, c_desc,
    M, N, K,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
    NUM_SMS: tl.constexpr, PRECISION: tl.constexpr = None, A_T: tl.constexpr = False, B_T: tl.constexpr = False,
    WARP_SPECIALIZE: tl.constexpr = False, FLATTEN: tl.constexpr = True,
):
    start_pid = tl.program_id(axis=0)
    num_tiles = tl.cdiv(M, BLOCK_M) * tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    tile_id_c = start_pid - NUM_SMS
    for tile_id in tl.range(start_pid, num_tiles, NUM_SMS, flatten=FLATTEN, warp_specialize=WARP_SPECIALIZE):
        pid_m, pid_n = grouped_pid(tile_id, M, N, BLOCK_M, BLOCK_N, GROUP_M)
        offs_am = pid_m * BLOCK_M
        offs_bn = pid_n * BLOCK_N
        accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ki in range(k_tiles):
            a, b = load_tiles(a_desc, b_desc, offs_am, offs_bn, ki * BLOCK_K, A_T, B_T)
            accumulator = tl.dot(a, b, accumulator, input_precision=PRECISION)
        tile_id_c += NUM_SMS
        pid_cm, pid_cn = grouped_pid(tile_id_c, M, N, BLOCK_M, BLOCK_N, GROUP_M)
        offs_cm = pid_cm * BLOCK_M
        offs_cn = pid_cn * BLOCK_N
        acc = tl.permute(tl.reshape(accumulator, (BLOCK_M, 2, BLOCK_N // 2)), (0, 2, 1))
        acc0, acc1 = tl.split(acc)
        c_desc.store([offs_cm, offs_cn], acc0.to(c_desc.dtype))
        c_desc.store([offs_cm, offs_cn + BLOCK_N // 2], acc1.to(c_desc.dtype))


def sm_count(device: int = 0) -> int:
    """The GPU's SMs (CUs), from the driver through Triton (no torch context needed): NUM_SMS."""
    return int(triton.runtime.driver.active.utils.get_device_properties(device)["multiprocessor_count"])


def make_persistent_descriptors(a, b, c, cfg):
    """Descriptors over the stored A and B (as matmul_tma_kernel's) and C in BM x BN/2 boxes."""
    return make_tma_descriptors(a, b, c, cfg, c_box=[cfg["BLOCK_M"], cfg["BLOCK_N"] // 2])


def launch_persistent(a, b, c, cfg, descs, num_sms: int, kernel: str = "persistent"):
    """One launch of min(num_sms, tiles) programs; `kernel` picks the variant (VARIANTS)."""
    M, K = a.shape
    _, N = b.shape
    tiles = triton.cdiv(M, cfg["BLOCK_M"]) * triton.cdiv(N, cfg["BLOCK_N"])
    a_d, b_d, c_d = descs
    k = matmul_persistent_kernel[(min(num_sms, tiles),)](
        a_d, b_d, c_d, M, N, K, NUM_SMS=num_sms, A_T=transposed(a), B_T=transposed(b),
        **VARIANTS[kernel], **_meta(cfg),
    )
    return [k]
