"""The tile configs every sweep times (the lab's and `perfmodel sweep`'s): the grouped kernel's
grid, Triton's tutorial autotune list and default, the split-K, TMA and persistent kernels'
lists, and the stride rule of the tensor-descriptor kernels. Plain Python (perfmodel's plain
tables only), so the device scripts import it as it is."""

from __future__ import annotations

import itertools
import random

from perfmodel.layouts import LAYOUTS  # plain tables
from perfmodel.names import CONFIG_KEYS, config_name  # plain tables


def cfg(bm, bn, bk, w, s, g, sk=1) -> dict:
    return dict(zip(CONFIG_KEYS, (bm, bn, bk, w, s, g, sk)))


cfg_name = config_name  # the one config-name format (perfmodel.names)


# Triton's matmul tutorial (python/tutorials/03-matrix-multiplication.py), CUDA fp16 list.
TUTORIAL_CONFIGS = [
    cfg(128, 256, 64, 8, 3, 8), cfg(64, 256, 32, 4, 4, 8), cfg(128, 128, 32, 4, 4, 8),
    cfg(128, 64, 32, 4, 4, 8), cfg(64, 128, 32, 4, 4, 8), cfg(128, 32, 32, 4, 4, 8),
    cfg(64, 32, 32, 2, 5, 8), cfg(32, 64, 32, 2, 5, 8),
]

# The fixed default a user might hard-code: the tutorial's first entry's smaller sibling.
DEFAULT_CONFIG = cfg(128, 128, 64, 4, 3, 8)

def _plausible(c: dict, smem_limit_bytes: int, in_bytes: int = 2) -> bool:
    """Configs worth timing for inputs of `in_bytes`: the pipeline buffers fit in the device's
    shared memory per block and the fp32 accumulator fits in registers (<= 128 per thread of a
    warp of 32)."""
    bm, bn, bk, w, s = c["BLOCK_M"], c["BLOCK_N"], c["BLOCK_K"], c["num_warps"], c["num_stages"]
    smem = s * (bm + bn) * bk * in_bytes
    acc_regs = bm * bn // (32 * w)
    if smem > smem_limit_bytes or acc_regs > 128:
        return False
    if bm * bn < 32 * 32 * w // 2:  # far more warps than work
        return False
    return True


def _natural_warps(bm: int, bn: int) -> int:
    area = bm * bn
    return 2 if area <= 64 * 32 else 4 if area <= 128 * 128 else 8


def grid_configs(smem_limit_bytes: int, in_bytes: int = 2) -> list[dict]:
    """The grouped-GEMM grid timed for every shape (deterministic), for a device whose shared
    memory per block is `smem_limit_bytes` (the H200's 232448 drew the committed grid) and
    inputs of `in_bytes` (2 drew the committed grid; 4-byte fp32/TF32 gets the configs whose
    buffers fit)."""
    chosen: dict[str, dict] = {}

    def add(c):
        if _plausible(c, smem_limit_bytes, in_bytes):
            chosen.setdefault(cfg_name(c), c)

    # 1. the core: every (BLOCK_M, BLOCK_N) pair with its natural warp count
    for bm, bn in itertools.product((16, 32, 64, 128, 256), (32, 64, 128, 256)):
        for bk, s in ((32, 4), (64, 3)):
            add(cfg(bm, bn, bk, _natural_warps(bm, bn), s, 8))
    # 2. one-axis variations around anchors
    anchors = [cfg(128, 128, 64, 4, 3, 8), cfg(64, 128, 64, 4, 3, 8), cfg(128, 64, 32, 4, 4, 8),
               cfg(64, 64, 64, 4, 3, 8), cfg(32, 64, 64, 2, 4, 8), cfg(16, 64, 128, 2, 4, 8),
               cfg(128, 256, 64, 8, 3, 8), cfg(256, 128, 64, 8, 3, 8), cfg(64, 256, 64, 8, 3, 8),
               cfg(16, 128, 128, 4, 3, 8)]
    for a in anchors:
        for w in (2, 4, 8):
            add({**a, "num_warps": w})
        for s in (2, 3, 4, 5):
            add({**a, "num_stages": s})
        for bk in (32, 64, 128):
            add({**a, "BLOCK_K": bk})
        add({**a, "GROUP_M": 1})
    # 3. a seeded random fill from the whole plausible product
    rng = random.Random(20261129)
    space = [cfg(*t) for t in itertools.product((16, 32, 64, 128, 256), (32, 64, 128, 256), (32, 64, 128),
                                                (2, 4, 8), (2, 3, 4, 5), (1, 8))]
    space = [c for c in space if _plausible(c, smem_limit_bytes, in_bytes)]
    rng.shuffle(space)
    for c in space:
        if len(chosen) >= 160:
            break
        add(c)
    # 4. the tutorial list always
    for c in TUTORIAL_CONFIGS:
        chosen.setdefault(cfg_name(c), c)
    chosen.setdefault(cfg_name(DEFAULT_CONFIG), DEFAULT_CONFIG)
    return list(chosen.values())


SPLITK_BASES = [cfg(64, 64, 64, 4, 3, 8), cfg(32, 64, 128, 4, 3, 8), cfg(16, 64, 128, 4, 4, 8),
                cfg(64, 128, 64, 4, 3, 8), cfg(128, 64, 64, 4, 3, 8), cfg(128, 128, 64, 8, 3, 8)]


def wants_splitk(M: int, N: int, sm_count: int) -> bool:
    """Split-K is timed where 128x128 tiles would not fill the GPU twice over."""
    tiles = -(-M // 128) * -(-N // 128)
    return tiles < 2 * sm_count


def splitk_configs() -> list[dict]:
    return [{**b, "SPLIT_K": s} for b in SPLITK_BASES for s in (2, 4, 8, 16)]


TMA_CONFIGS = [cfg(128, 128, 64, 4, 3, 8), cfg(128, 256, 64, 8, 3, 8), cfg(64, 128, 64, 4, 4, 8),
               cfg(128, 64, 64, 4, 4, 8), cfg(64, 64, 64, 4, 4, 8), cfg(128, 128, 64, 8, 4, 8),
               cfg(256, 128, 64, 8, 3, 8), cfg(64, 256, 64, 4, 3, 8), cfg(128, 128, 128, 8, 3, 8),
               cfg(32, 64, 128, 4, 4, 8), cfg(16, 64, 128, 4, 4, 1), cfg(128, 128, 32, 4, 5, 8)]


def tma_ok(M: int, N: int, K: int, layout: str = "nn", in_bytes: int = 2, out_bytes: int | None = None) -> bool:
    """Tensor descriptors need 16-byte aligned row strides: of the stored A and B (perfmodel.layouts)
    and of C (N elements of the output, `out_bytes` each: the inputs' size unless given)."""
    la, lb = LAYOUTS[layout].leading(M, N, K)
    return la * in_bytes % 16 == 0 and lb * in_bytes % 16 == 0 and N * (out_bytes or in_bytes) % 16 == 0


#: the persistent TMA kernels' configs (perfmodel/gpu/persistent.py), GROUP_M 8: the tutorial's
#: large wgmma tiles, 4-warp 128 and 64-row tiles, and small mma.sync tiles for decode
PERSISTENT_CONFIGS = {
    "persistent": [cfg(128, 256, 64, 8, 3, 8), cfg(128, 256, 64, 8, 4, 8), cfg(256, 128, 64, 8, 3, 8),
                   cfg(128, 256, 128, 8, 2, 8), cfg(128, 256, 128, 8, 3, 8), cfg(128, 128, 64, 8, 3, 8),
                   cfg(128, 128, 64, 4, 3, 8), cfg(128, 128, 64, 4, 4, 8), cfg(128, 128, 128, 8, 3, 8),
                   cfg(128, 128, 128, 4, 3, 8), cfg(128, 64, 64, 4, 4, 8), cfg(64, 256, 64, 4, 3, 8),
                   cfg(64, 128, 64, 4, 4, 8), cfg(64, 128, 128, 4, 3, 8), cfg(64, 64, 64, 4, 4, 8),
                   cfg(64, 64, 128, 4, 4, 8), cfg(32, 64, 128, 4, 4, 8), cfg(16, 64, 128, 4, 4, 1)],
    # Triton 3.6.0 warp-specializes on sm_90 only 64-row, 4-warp tiles with BLOCK_N <= 128
    # (validation/data/compile/compile_sweep_persistent_ws.jsonl: 8 warps compile unspecialized,
    # 128-row 4-warp tiles and BLOCK_N 256 fail in the NVGPUWarpSpecialization pass)
    "persistent_ws": [cfg(64, 128, 64, 4, 3, 8), cfg(64, 128, 64, 4, 4, 8), cfg(64, 128, 64, 4, 5, 8),
                      cfg(64, 128, 128, 4, 3, 8), cfg(64, 128, 32, 4, 4, 8), cfg(64, 64, 64, 4, 4, 8),
                      cfg(64, 64, 128, 4, 3, 8), cfg(64, 32, 64, 4, 3, 8)],
}
