"""Figures. Each takes results (or specs and the kernel to mark) and returns a matplotlib
Figure; the caller saves it. None calls the timing model: the roofline plot places a
ranking's own arrays, the validation plots a scoring's. Occupancy curves are the residency
rules evaluated over a range (perfmodel.arch.occupancy's array path), as the CUDA Occupancy
Calculator draws them."""

from __future__ import annotations

import numpy as np

from perfmodel.arch.occupancy import blocks_per_sm_arrays, occupancy


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _max_warps(spec) -> int:
    r = spec.residency
    if spec.is_amd_like:
        return int(r.max_waves_per_simd.value * spec.compute.simds_per_sm.value)
    return int(r.max_warps_per_sm.value)


def _curve(spec, threads, regs, smem):
    blocks, _ = blocks_per_sm_arrays(spec, threads, regs, smem)
    warps = blocks * (-(-np.asarray(threads) // spec.warp_size))
    return warps / _max_warps(spec)


def occupancy_curves(specs, kernels):
    """Residency (fraction of the maximum warps/waves) against registers per thread, shared/LDS
    bytes per block and threads per block, one column per device, the given kernel marked."""
    plt = _plt()
    fig, axes = plt.subplots(3, len(specs), figsize=(max(4.2 * len(specs), 5.2), 9.4), squeeze=False)
    for col, (spec, (threads, regs, smem)) in enumerate(zip(specs, kernels)):
        r = spec.residency
        max_regs = int(r.max_vgprs_per_wave.value if spec.is_amd_like else r.max_regs_per_thread.value)
        max_smem = int(spec.shared_memory.max_per_block_bytes.value)
        max_thr = int(spec.compute.max_threads_per_block.value)
        here = occupancy(spec, threads, min(regs, max_regs), min(smem, max_smem))
        unit = "waves per CU" if spec.is_amd_like else "warps per SM"
        xs = np.arange(1, max_regs + 1)
        ax = axes[0][col]
        ax.step(xs, _curve(spec, np.full_like(xs, threads), xs, np.full_like(xs, smem)), where="post")
        ax.plot([regs], [here.occupancy], "ro", label=f"kernel: {regs} regs")
        ax.set_xlabel("registers per thread" + (" (VGPRs)" if spec.is_amd_like else ""))
        ax.set_title(f"{spec.name}\n{threads} threads, {smem} B shared", fontsize=9)
        xs2 = np.linspace(0, max_smem, 400).astype(np.int64)
        ax2 = axes[1][col]
        ax2.step(xs2 / 1024, _curve(spec, np.full_like(xs2, threads), np.full_like(xs2, min(regs, max_regs)), xs2),
                 where="post")
        ax2.plot([smem / 1024], [here.occupancy], "ro", label=f"kernel: {smem / 1024:.1f} KiB")
        ax2.set_xlabel("shared memory / LDS per block (KiB)")
        xs3 = np.arange(spec.warp_size, max_thr + 1, spec.warp_size)
        ax3 = axes[2][col]
        ax3.step(xs3, _curve(spec, xs3, np.full_like(xs3, min(regs, max_regs)), np.full_like(xs3, smem)), where="post")
        ax3.plot([threads], [here.occupancy], "ro", label=f"kernel: {threads} threads")
        ax3.set_xlabel("threads per block (workgroup size)")
        for a in (ax, ax2, ax3):
            a.set_ylim(0, 1.05)
            a.set_ylabel(f"occupancy ({unit} / max)")
            a.grid(alpha=0.3)
            a.legend(fontsize=7, loc="upper right")
        ax.text(0.02, 0.04, f"limited by {here.limiter}", transform=ax.transAxes, fontsize=7)
    title = "Residency against registers, shared memory and block size"
    fig.suptitle(title if len(specs) > 1 else title.replace(", shared", ",\nshared"), fontsize=11)
    fig.tight_layout()
    return fig


def roofline_plot(spec, problem, rl, ranking, top: int = 400):
    """The device roofline (attainable TFLOP/s against arithmetic intensity over DRAM bytes)
    with the ranking's best `top` configs at their predicted time and modelled DRAM traffic."""
    plt = _plt()
    from matplotlib.colors import LogNorm
    from matplotlib.ticker import LogLocator, NullFormatter, ScalarFormatter

    items = ranking.top(top)
    time_s, dram = ranking.column("time_s", top), ranking.column("dram_bytes", top)
    intensity = problem.flops / dram
    tflops = problem.flops / time_s / 1e12
    ops = "TOP/s" if problem.dtype == "int8" else "TFLOP/s"
    fig, ax = plt.subplots(figsize=(7.5, 5.6))
    x = np.logspace(np.log10(max(0.5, intensity.min() / 4)), np.log10(intensity.max() * 8), 200)
    roof = np.minimum(rl.peak_ops_per_s, x * rl.dram_bw_bytes_per_s) / 1e12
    ax.loglog(x, roof, "k-", lw=1.5, label=f"roofline: {rl.peak_ops_per_s / 1e12:.0f} {ops} {rl.compute_path}, "
                                           f"{rl.dram_bw_bytes_per_s / 1e12:.2f} TB/s DRAM")
    sc = ax.scatter(intensity, tflops, c=time_s * 1e3, norm=LogNorm(), s=10, cmap="viridis_r", alpha=0.7,
                    label=f"the {len(items)} best configs (predicted)")
    ax.scatter(intensity[:1], tflops[:1], s=120, facecolors="none", edgecolors="r", linewidths=2,
               label=f"pick: {items[0].config.name} ({items[0].predicted_ms:.4f} ms)")
    cbar = fig.colorbar(sc, ax=ax, label="predicted time (ms)")
    lo, hi = ax.get_ylim()
    for axis in (ax.xaxis, ax.yaxis, cbar.ax.yaxis):  # within one decade, label every step
        narrow = axis is ax.yaxis and hi / lo < 10
        axis.set_major_locator(LogLocator(subs=tuple(range(1, 10)) if narrow else (1.0, 2.0, 5.0)))
        axis.set_major_formatter(ScalarFormatter())
        axis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("arithmetic intensity (FLOP per DRAM byte, modelled traffic)")
    ax.set_ylabel(f"{ops} (predicted)")
    ax.set_title(f"{spec.name}: {problem}\n{len(items)} best configs of {ranking.n_considered}", fontsize=10)
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=1, frameon=False)
    fig.tight_layout()
    return fig


def predicted_vs_measured(results, data, ranker: str = "perfmodel"):
    """Log-log predicted vs measured time per shape family (returns a matplotlib Figure)."""
    plt = _plt()
    from matplotlib.ticker import NullFormatter
    fams = sorted({s.family for s in data.shapes})
    ncol = min(3, len(fams))
    nrow = -(-len(fams) // ncol)
    fig, axes = plt.subplots(nrow, ncol, figsize=(4.6 * ncol, 4.2 * nrow), squeeze=False)
    for ax in axes.flat[len(fams):]:
        ax.set_visible(False)
    for ax, fam in zip(axes.flat, fams):
        for s, sc in zip(data.shapes, results[ranker].scores):
            if s.family != fam:
                continue
            if sc.predicted_ms is None:
                continue
            ax.loglog(sc.measured_ms, sc.predicted_ms, ".", ms=3, alpha=0.6, label=s.label())
        lo, hi = ax.get_xlim()
        ax.plot([lo, hi], [lo, hi], "k--", lw=0.8)
        ax.set_title(fam)
        ax.xaxis.set_minor_formatter(NullFormatter())  # minor labels collide on short log ranges
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_xlabel("measured time (ms)")
        ax.set_ylabel(f"{ranker} predicted time (ms)")
        ax.legend(fontsize=5, loc="upper left")
    fig.suptitle(f"{ranker}: predicted vs measured, H200 (one point per config)")
    fig.tight_layout()
    return fig


def efficiency_per_shape(results, data):
    """Top-1 efficiency per shape for every ranker (returns a matplotlib Figure)."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(max(8, len(data.shapes) * 0.35), 4.5))
    x = np.arange(len(data.shapes))
    width = 0.8 / max(1, len(results))
    for j, (name, r) in enumerate(results.items()):
        ax.bar(x + j * width, [s.top1 if np.isfinite(s.top1) else 0 for s in r.scores], width, label=name)
    ax.set_xticks(x + 0.4 - width / 2)
    ax.set_xticklabels([s.label() for s in data.shapes], rotation=90, fontsize=6)
    ax.set_ylabel("top-1 efficiency (best measured / measured of pick)")
    ax.set_ylim(0, 1.05)
    ax.axhline(0.9, color="k", lw=0.5, ls=":")
    ax.set_title("Top-1 efficiency per shape, H200", pad=28)
    ax.legend(fontsize=7, ncol=len(results), loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False)
    fig.tight_layout()
    return fig


#: the tile-factor panels in one row of the figure (more wrap to the next)
PANELS_PER_ROW = 9


def tile_factors_plot(spec):
    """The device's measured tile factors (perfmodel.kernels.tile_factors), one panel per main loop
    and dtype class: tiles (BMxBN, warps) down, BLOCK_K across, colour = factor on a log scale
    (red: the k-step runs slower than the formulas, blue: faster; blank: no factor, 1)."""
    plt = _plt()
    from matplotlib.colors import LogNorm

    from perfmodel.kernels.tile_factors import tile_of

    panels = [(loop, cls, table) for loop, lf in spec.calibration.tile_factors.loops.items()
              for cls, table in lf.factors.items()]
    ncols = min(len(panels), PANELS_PER_ROW)
    nrows = -(-len(panels) // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(2.6 * ncols + 1.5, 9 * nrows), squeeze=False,
                             constrained_layout=True)
    for ax in axes.flat[len(panels):]:
        ax.set_visible(False)
    norm = LogNorm(vmin=0.5, vmax=2.0)
    for ax, (loop, cls, table) in zip(axes.flat, panels):
        keys = [tile_of(k) for k in table]
        rows = sorted({(bm, bn, w, st) for bm, bn, _, w, st in keys})
        cols = sorted({bk for _, _, bk, _, _ in keys})
        grid = np.full((len(rows), len(cols)), np.nan)
        for (bm, bn, bk, w, st), f in zip(keys, table.values()):
            grid[rows.index((bm, bn, w, st)), cols.index(bk)] = f
        im = ax.imshow(grid, cmap="coolwarm", norm=norm, aspect="auto")
        ax.set_xticks(range(len(cols)), [f"BK {c}" for c in cols], fontsize=7)
        ax.set_yticks(range(len(rows)), [(f"{bm}x{bn} w{w}" + (f" s{st}" if st else "")) if bm else f"other w{w}"
                                         for bm, bn, w, st in rows], fontsize=6)
        ax.set_title(f"{loop}: {cls}\n{len(table)} factors", fontsize=8)
    bar = fig.colorbar(im, ax=axes.ravel().tolist(), shrink=0.5, label="measured / predicted k-step")
    ticks = [0.5, 0.67, 0.8, 1.0, 1.25, 1.5, 2.0]
    bar.set_ticks(ticks, labels=[f"{t:g}" for t in ticks])
    bar.minorticks_off()
    fig.suptitle(f"{spec.name}: measured tile factors", fontsize=10)
    return fig
