"""The dot on the vector path (FMAs: IEEE fp32 on NVIDIA), the parts of its k-step term that are
its own (perfmodel.kernels.pipeline.kstep_time uses them): its term (fma_dot_time), the share of the
SM's FMA rate its resident warps reach, and how its shared-memory reads add to its FMAs where B is
K-major."""

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


def fma_dot_time(p: TimingParams, step, blocks) -> np.ndarray:
    """The vector path's dot term of one k-step while `blocks` blocks share the SM (before its
    shared-memory bound, shared_memory_bound): b F / (R_vec s) + b r t_r, s = vector_issue_share at
    b x warps (the busiest scheduler's warps where B is read N-major, the mean's where K-major), r the
    K-major B reads of a block's k-step (operands.fma_kmajor_b_reads, None where B is N-major) and
    t_r = fma_kmajor_b_read_s: the reads measured beside the FMAs, not under them
    (perfmodel.kernels.pipeline's module doc)."""
    b = np.asarray(blocks, dtype=float)
    k_major = step.fma_b_reads is not None
    share = vector_issue_share(p, b * step.warps, hides_reads(k_major, step.load), busiest=not k_major)
    t = b * step.flops / (p.vector_ops_per_s_per_sm * share)
    return t + b * step.fma_b_reads * p.fma_kmajor_b_read_s if k_major else t


def vector_issue_share(p: TimingParams, warps, hides: bool = False, busiest: bool = True) -> np.ndarray:
    """The share of the SM's vector rate `warps` resident warps reach, m = warps / simds_per_sm:
    share = m / c x [hides] min(1, c / h) ** q, c = max(1, ceil(m)) the busiest scheduler's warps
    (a warp issues on one scheduler, so 6 warps on 4 schedulers finish when the two schedulers that
    hold two warps do: `nt` 64x128x32 at 2 warps ran its k-step as long at three blocks as at four,
    h200/microbench_kstep_fp32_2.json, session 37; m / c = min(1, m) where m is a whole number or
    under 1, so only odd counts of 2-warp blocks and the like change; candidate 49, session 38; with
    `busiest` false, c = max(1, m), the share before it: where the dot reads B K-major the other
    schedulers' warps spend the busiest one's extra time on those reads; candidate 50, adopted in
    session 39: its 63 moved picks on fresh shapes ran 1.031x, 6 slower by more than 10%, and candidate
    49's `nt` picks had run 0.939x. The microbenchmark's `nt` tile above is so priced at the mean
    again: one wave of it and whole GEMMs disagree, and the share follows the GEMMs). Where
    the FMA dot's warps must hide their shared reads (hides_reads), a scheduler needs
    h = fma_hide_warps warps to do it; q = fma_hide_exponent; validation/fit_fma_latency.py on the
    read fp32 runs). Applied in every `nn` class (candidate 31, session 27, before the reads were
    counted in bank passes) it moved holdout64's `nn` picks onto tiles whose other costs the model
    missed (0.942 -> 0.858); in the aligned class alone, with the model as of session 35, the read
    sets' aligned `nn` runs ran at one warp per scheduler 1.7-2.0x the prediction and at two or more
    1.15-1.3x (compute-heavy shapes, grouped runs without spills)."""
    m = np.asarray(warps, dtype=float) / p.simds_per_sm
    c = np.where(busiest, busiest_scheduler_warps(p, warps), np.maximum(m, 1.0))
    return m / c * np.where(hides, hide_factor(p, c), 1.0)


def busiest_scheduler_warps(p: TimingParams, warps) -> np.ndarray:
    """max(1, ceil(warps / simds_per_sm)): the warps on the busiest of the SM's schedulers, a warp
    issuing on one of them (tests/test_fma_dot.py deals them round-robin). vector_issue_share's c,
    and the per-warp issue term of mma.sync (perfmodel.kernels.pipeline.kstep_time)."""
    return np.maximum(np.ceil(np.asarray(warps, dtype=float) / p.simds_per_sm), 1.0)


def hide_factor(p: TimingParams, per_scheduler) -> np.ndarray:
    """min(1, max(m, 1) / h) ** q at m warps a scheduler (vector_issue_share's second factor)."""
    return np.minimum(1.0, np.maximum(per_scheduler, 1.0) / p.fma_hide_warps) ** p.fma_hide_exponent


def shared_memory_bound(p: TimingParams, step, t_mma, t_smem) -> np.ndarray:
    """The dot's term with its operands' shared-memory traffic: max(t_mma, t_smem) where the
    operands pass through shared memory to a matrix instruction. Where the dot is FMAs the same
    warps issue the FMAs and the shared reads, and part of the shorter shows:
    - B K-major (IEEE fp32 `nt`, `tt`): max + l x min, l = fma_smem_leak. Mirrored tiles, which the
      FMA and read-per-thread terms price alike, differ in their bank passes (operands.fma_smem_bytes:
      64x128 at 4 warps makes 1.5x the passes of 128x64); over the read sets' 91 such `nt` pairs near
      the best, timed equal by the model without it, the one with fewer passes ran faster in 86%
      (median 0.992). l = 0.04 sets the pairs' predicted median ratio on their measured one
      (validation/fit_fma_smem_leak.py; session 34).
    - B N-major, aligned load class: (max^n + min^n)^(1/n), n = fma_smem_norm_nn (0: the max), which
      adds only where the two are near equal: up to 2^(1/n) where they are equal, as in 4x4 thread
      tiles (2 + 2 bank passes a warp and k against 16 FMAs over four schedulers), which ran up to
      1.5x the model where 8x4 tiles ran 1.2x (750x1024x4096 `nn`: 32x64x64_w4 206 us, 64x64x64_w4
      split in two 162, predicted 136 and 137); n is the least-spread grid value over the aligned `nn`
      runs (validation/fit_fma_smem_leak.py; candidate 43, session 35). A leak in proportion to the
      shorter term (max + 0.10 x min; candidate 42) rose in-sample but its moved fresh picks ran
      0.994x; before one warp per scheduler was priced in `nn` (hides_reads) it moved picks onto
      16-row thread tiles that ran up to 2x slower (session 34)."""
    if p.matrix_ops_per_s_per_sm is not None:
        return np.maximum(t_mma, t_smem)
    hi, lo = np.maximum(t_mma, t_smem), np.minimum(t_mma, t_smem)
    if step.fma_b_reads is not None:
        return hi + p.fma_smem_leak * lo
    if step.load == "all" and p.fma_smem_norm_nn > 0:
        n = p.fma_smem_norm_nn
        return hi * (1.0 + (lo / np.maximum(hi, 1e-30)) ** n) ** (1.0 / n)
    return hi
