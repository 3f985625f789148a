"""L1 left beside shared memory. An NVIDIA SM splits one array (shared_memory.unified_l1_bytes:
256 KB on sm_90, 192 KB on sm_80) between shared memory and L1 at one of a few sizes
(shared_memory.carveout_kib); what shared memory does not take is L1:

    need    = blocks x round_up(shared bytes per block + reserved per block, granule)
    shared  = the smallest carve-out >= need    (no preference: the driver sizes shared memory
                                                 for the blocks that occupancy allows)
            = the largest carve-out              (the kernel prefers shared memory)
    L1      = unified_l1_bytes - shared

Validated on the H200 (validation/carveout_probe.py, validation/data/h200/carveout_probe.jsonl):
with the carve-out forced to p% of 228 KB, cuOccupancyMaxActiveBlocksPerMultiprocessor reports
the blocks that fit in p% rounded up to the next size (64x32x64_w4, ~29 KB a block: 7 blocks at
86-100%, 6 at 72%, 5 at 58%, 4 at 44%, 3 at 30%, 2 at 15%, 1 at 0%); with no preference the
kernels under 48 KB timed as at the smallest carve-out that holds their blocks, and those over
48 KB (Triton asks them to prefer shared memory: perfmodel.kernels.lowering.prefers_shared) as at
100%. AMD/Hygon LDS is not a cache: no carve-out, None.
"""

from __future__ import annotations

import numpy as np

from perfmodel.arch.occupancy import shared_per_block
from perfmodel.hardware.schema import HardwareSpec


def l1_bytes(spec: HardwareSpec, smem_per_block, blocks, prefer_shared) -> np.ndarray | None:
    """Bytes of L1 per SM beside `blocks` resident blocks of `smem_per_block` shared bytes each
    (arrays; module doc), or None where the device gives no carve-out."""
    sm = spec.shared_memory
    sizes = np.asarray(sm.carveouts_bytes(), dtype=float)
    if sm.unified_l1_bytes is None or not len(sizes):
        return None
    need = np.maximum(np.asarray(blocks, dtype=float), 1) * shared_per_block(spec, smem_per_block)
    fitting = np.searchsorted(sizes, need, side="left")  # the smallest size >= need
    shared = np.where(np.asarray(prefer_shared), sizes[-1], sizes[np.minimum(fitting, len(sizes) - 1)])
    return float(sm.unified_l1_bytes.value) - shared
