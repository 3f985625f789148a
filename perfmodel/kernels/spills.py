"""What spilled registers cost a tiled GEMM: per k-step where its main loop touches them, once per
tile where it does not (all arrays; b blocks share the SM, t_spill = calibration spill_s_per_reg,
measured on 16-bit unaligned rows by validation/calibrate.py):

    per k-step:  b x threads x spilled x t_spill  [x s where the FMA dot reads B K-major and the
                 kernel's spills were measured so]   (kstep_spill_time)
    per tile:    b x threads x tile_spilled x t_spill                    (tile_spill_time)

Spills outside the loop (4-byte pipelined dtypes: TF32, FP32): ptxas spills what the k-loop does
not need where it can; the register table says how many registers a compile spills, and the
disassembly of the spilling sm_90 compiles (validation/loop_spills.py) how many 4-byte words its
main loop's LDL/STL move. A k-step pays min(spilled, those words) (all of them where the
disassembly was not read), the tile the rest once, like the element-wise store's. The TF32
class-k 256x128x32 tile at 8 warps spills 132 registers and its loop touches none: it ran a third
of the per-k-step charge; TF32 class-k spilling tiles went from 0.36-0.79x to 0.97-1.05x measured
over predicted (session 14). In 16-bit the per-k-step charge stays: there the spilled count stands
for register pressure in a loop whose loads pass through registers (re-deriving the spill
constant under the rule cost 0.21 of read-set top-1: validation/NOTES.md, session 14).

The FMA dot reading B K-major (IEEE fp32 `nt`): a spilled register costs it s = calibration
fma_kmajor_spill_factor times as much, measured on one-wave grouped GEMMs of aligned `nt` tiles
(validation/fit_fma_spills.py: their spilling rows ran 1.069x the model at s = 1 where the others ran
0.954x; 0.956x at s = 1.95). It applies where it was measured alone: the grouped kernel
(KernelModel.fma_kmajor_spills_measured) in load class "all". Everywhere B is read K-major (session
39's candidate 51) the 190 fresh picks it moved ran 0.998x, most of them off split-K picks; on the
grouped kernel's aligned tiles (session 40's candidate 52) the 36 it moved ran 1.020x, and the read
IEEE fp32 `nt` shapes' worst rose from 0.711 to 0.813 (validation/NOTES.md).
"""

from __future__ import annotations

import numpy as np

from perfmodel.kernels.params import TimingParams


def spill_time(p: TimingParams, b, threads, spilled):
    """Seconds spent on spilled registers: b x threads x spilled x t_spill."""
    return b * threads * spilled * p.spill_s_per_reg


def kstep_spill_time(p: TimingParams, step, blocks) -> np.ndarray:
    """The spilled registers a k-step's main loop touches (module doc; `step` a
    perfmodel.kernels.pipeline.KStep): b x threads x spilled x
    t_spill, x fma_kmajor_spill_factor where the FMA dot reads B K-major in a kernel and class
    where that was measured (step.kmajor_spills_measured)."""
    t = spill_time(p, np.asarray(blocks, dtype=float), step.threads, step.spilled)
    if step.fma_b_reads is not None and step.kmajor_spills_measured:
        return t * p.fma_kmajor_spill_factor
    return t


def tile_spill_time(p: TimingParams, step, blocks) -> np.ndarray:
    """The spilled registers outside the main loop, stored and reloaded once per tile rather than
    per k-step (module doc): b x threads x tile_spilled x t_spill."""
    b = np.asarray(blocks, dtype=float)
    if step.tile_spilled is None or not np.any(step.tile_spilled):
        return np.zeros(np.broadcast(b, step.warps).shape)
    return spill_time(p, b, step.threads, step.tile_spilled)
