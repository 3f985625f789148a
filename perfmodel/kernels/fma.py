"""The dot on the vector path (FMAs: IEEE fp32 on NVIDIA), the parts of its k-step term that are
its own (perfmodel.kernels.pipeline.kstep_time uses them): the share of the SM's FMA rate its
resident warps reach, and how its shared-memory reads add to its FMAs where B is K-major."""

from __future__ import annotations

import numpy as np

from perfmodel.kernels.params import TimingParams


def hides_reads(b_k_major: bool, load: str) -> bool:
    """Where the FMA dot's warps must hide their shared reads (vector_issue_share's second factor):
    where B is K-major (its reads share banks; `nt`, `tt`, every load class), and in the aligned
    load class ("all") whatever the layout. Fitted on IEEE fp32 `nt` (validation/fit_fma_latency.py,
    session 27); the same (h, q) = (2, 0.8) are the least-spread grid point of the fit sets' 18
    aligned `nn` shapes too (fit_fma_latency.fit_nn, session 35: mean per-shape spread 0.199 -> 0.118). Not
    in `nn`'s element-wise classes, where it moved mixed-alignment picks (512x1000x512) onto 4x4
    thread tiles that ran 4.5x their prediction, a miss of those classes' own (validation/NOTES.md,
    session 35)."""
    return b_k_major or load == "all"


def vector_issue_share(p: TimingParams, warps, hides: bool = False) -> np.ndarray:
    """The share of the SM's vector rate `warps` resident warps reach, m = warps / simds_per_sm:
    share = min(1, m) x [hides] min(1, max(m, 1) / h) ** q (a warp issues on one scheduler; where
    the FMA dot's warps must hide their shared reads (hides_reads), a scheduler needs
    h = fma_hide_warps warps to do it; q = fma_hide_exponent; validation/fit_fma_latency.py on the
    read fp32 runs). Applied in every `nn` class (candidate 31, session 27, before the reads were
    counted in bank passes) it moved holdout64's `nn` picks onto tiles whose other costs the model
    missed (0.942 -> 0.858); in the aligned class alone, with the model as of session 35, the read
    sets' aligned `nn` runs ran at one warp per scheduler 1.7-2.0x the prediction and at two or more
    1.15-1.3x (compute-heavy shapes, grouped runs without spills)."""
    m = np.asarray(warps, dtype=float) / p.simds_per_sm
    return np.minimum(1.0, m) * np.where(hides, hide_factor(p, m), 1.0)


def hide_factor(p: TimingParams, per_scheduler) -> np.ndarray:
    """min(1, max(m, 1) / h) ** q at m warps a scheduler (vector_issue_share's second factor)."""
    return np.minimum(1.0, np.maximum(per_scheduler, 1.0) / p.fma_hide_warps) ** p.fma_hide_exponent


def shared_memory_bound(p: TimingParams, step, t_mma, t_smem) -> np.ndarray:
    """The dot's term with its operands' shared-memory traffic: max(t_mma, t_smem), where the dot
    is FMAs reading a K-major B (IEEE fp32 `nt`, `tt`) max + l x min (l = calibration
    fma_smem_leak): the same warps issue the FMAs and the shared reads, and part of the shorter
    shows. Mirrored tiles, which the FMA and read-per-thread terms price alike, differ in their
    bank passes (operands.fma_smem_bytes: 64x128 at 4 warps makes 1.5x the passes of 128x64); over
    the read sets' 91 such `nt` pairs near the best, timed equal by the model without it, the one
    with fewer passes ran faster in 86% (median 0.992). l = 0.04 sets the pairs' predicted median
    ratio on their measured one (validation/fit_fma_smem_leak.py). Not applied in `nn`, where the
    same term moved picks onto 16-row thread tiles that ran up to 2x slower (validation/NOTES.md,
    session 34); tried again there once one warp per scheduler was priced (candidate 42, session 35,
    l = 0.10 in the aligned class), its moved fresh picks ran 0.994x: not adopted."""
    if p.matrix_ops_per_s_per_sm is None and step.fma_b_reads is not None:
        return np.maximum(t_mma, t_smem) + p.fma_smem_leak * np.minimum(t_mma, t_smem)
    return np.maximum(t_mma, t_smem)  # operands pass through shared memory
