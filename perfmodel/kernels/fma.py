"""The dot on the vector path (FMAs: IEEE fp32 on NVIDIA), the parts of its k-step term that are
its own (perfmodel.kernels.pipeline.kstep_time uses them): the share of the SM's FMA rate its
resident warps reach, and how its shared-memory reads add to its FMAs where B is K-major."""

from __future__ import annotations

import numpy as np

from perfmodel.kernels.params import TimingParams


def vector_issue_share(p: TimingParams, warps, kmajor_b: bool = False) -> np.ndarray:
    """The share of the SM's vector rate `warps` resident warps reach, m = warps / simds_per_sm:
    share = min(1, m) x [kmajor_b] min(1, max(m, 1) / h) ** q (a warp issues on one scheduler; where
    the FMA dot reads a K-major B, whose reads share banks, a scheduler needs h = fma_hide_warps
    warps to hide them; q = fma_hide_exponent; validation/fit_fma_latency.py on the read fp32 `nt`
    runs). Applied in `nn` too (candidate 31) it moved holdout64's `nn` picks onto tiles whose other
    costs the model misses (0.942 -> 0.858, `nt` 0.909 -> 0.996; validation/NOTES.md, session 27)."""
    m = np.asarray(warps, dtype=float) / p.simds_per_sm
    share = np.minimum(1.0, m)
    if not kmajor_b:
        return share
    return share * np.minimum(1.0, np.maximum(m, 1.0) / p.fma_hide_warps) ** p.fma_hide_exponent


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
    session 34)."""
    if p.matrix_ops_per_s_per_sm is None and step.fma_b_reads is not None:
        return np.maximum(t_mma, t_smem) + p.fma_smem_leak * np.minimum(t_mma, t_smem)
    return np.maximum(t_mma, t_smem)  # operands pass through shared memory
