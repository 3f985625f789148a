#!/usr/bin/env python3
"""The L1 term of the element-wise loads (calibration l1_thrash_ratio r0 and l1_thrash_exponent
h, perfmodel.kernels.pipeline.l1_thrash) from the forced carve-outs of
validation/data/h200/carveout_probe.jsonl (validation/carveout_probe.py: a class-"k" decode
stream, M = 16, K = 1024, 8 tiles per SM, eight tiles at nine carve-outs each).

Within one tile at one residency (the same blocks per SM), only the L1 beside shared memory
changes between carve-outs; the row's lines over L1, r = b x reused bytes / L1, come from the
model's own functions (perfmodel.kernels.operands.reused_line_bytes, perfmodel.arch.carveout).
For each such group the fastest row is the reference, and (r0, h) minimise the RMS of

    log(t / t_ref) - log(f(r) / f(r_ref)),     f(r) = max(1, r / r0) ** h

over a grid (r0 0.4-2.5, h 0-3, steps 0.05). The aligned rows (B in vectors through cp.async.cg,
which skips L1) are printed beside them, not fitted: their rate follows the blocks per SM only.

    python validation/fit_l1_thrash.py [--plot validation/figures/l1_carveout_h200.png]
                                                 (a second on one core)
"""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from perfmodel.arch.carveout import l1_bytes  # noqa: E402
from perfmodel.arch.occupancy import shared_per_block  # noqa: E402
from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels.lowering import prefers_shared  # noqa: E402
from perfmodel.kernels.operands import reused_line_bytes  # noqa: E402
from perfmodel.problem import GemmProblem  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "h200" / "carveout_probe.jsonl"


def l1_of(spec, r: dict) -> float:
    """L1 beside the row's blocks: under no preference as the model has it; forced to p%, the
    driver rounds p% of the largest carve-out up to the next size that holds the blocks."""
    smem, blocks = r["smem_bytes"], r["blocks_per_sm"]
    if r["carveout_pct"] < 0:
        return float(l1_bytes(spec, smem, blocks, prefers_shared(spec, smem)))
    sizes = np.asarray(spec.shared_memory.carveouts_bytes(), dtype=float)
    want = max(r["carveout_pct"] / 100 * sizes[-1], blocks * float(shared_per_block(spec, smem)))
    return float(spec.shared_memory.unified_l1_bytes.value) - sizes[np.searchsorted(sizes, want - 1e-9)]


def lines_over_l1(spec, r: dict) -> float:
    p = GemmProblem(M=r["M"], N=r["N"], K=r["K"], dtype="fp16")
    reused = float(reused_line_bytes(p, p.alignment, r["BLOCK_N"], r["BLOCK_K"],
                                     int(spec.memory.l2_line_bytes.value)))
    return r["blocks_per_sm"] * reused / l1_of(spec, r)


def pairs(spec, rows: list[dict]) -> list[tuple]:
    """(r, r_ref, t / t_ref, tile, carve-out) within each (tile, blocks per SM) group."""
    groups = collections.defaultdict(list)
    for r in rows:
        r = dict(r, over=lines_over_l1(spec, r))
        groups[(r["BLOCK_M"], r["BLOCK_N"], r["num_warps"], r["blocks_per_sm"], r["alignment"])].append(r)
    out = []
    for key, g in groups.items():
        ref = min(g, key=lambda r: r["time_ms"])
        out += [(r["over"], ref["over"], r["time_ms"] / ref["time_ms"], key, r["carveout_pct"]) for r in g]
    return out


def fit(ps: list[tuple]) -> tuple[float, float, float, float]:
    """(rms, r0, h, worst |log error|) of the best grid point."""
    best = None
    for r0 in np.arange(0.4, 2.501, 0.05):
        for h in np.arange(0.0, 3.001, 0.05):
            f = lambda x: np.maximum(1.0, x / r0) ** h  # noqa: E731
            err = np.array([np.log(t) - np.log(f(a) / f(b)) for a, b, t, _, _ in ps])
            rms = float(np.sqrt(np.mean(err ** 2)))
            if best is None or rms < best[0]:
                best = (rms, float(r0), float(h), float(np.abs(err).max()))
    return best


def plot(ps: list[tuple], r0: float, h: float, path: str) -> None:
    """Measured time over the group's fastest against the term's ratio f(r) / f(r_ref), one colour
    per tile (groups of one row left out), and y = x."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    f = lambda x: max(1.0, x / r0) ** h  # noqa: E731
    sizes = collections.Counter(k for _, _, _, k, _ in ps)
    fig, ax = plt.subplots(figsize=(6.5, 4.5))
    for tile in sorted({k[:3] for k in sizes}):
        pts = [(f(a) / f(b), t) for a, b, t, k, _ in ps if k[:3] == tile and sizes[k] > 1]
        if pts:
            ax.plot(*zip(*pts), "o", alpha=0.75, label=f"{tile[0]}x{tile[1]}x64, {tile[2]} warps")
    ax.plot([1, 3.1], [1, 3.1], "k-", lw=1, label="y = x")
    ax.set_xlabel(f"model: max(1, r/{r0:.2f})^{h:.2f} over the same at the group's fastest row")
    ax.set_ylabel("measured: time over the fastest at the same blocks/SM")
    ax.set_title("H200: the same tile and residency, less L1 (forced carve-outs)", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"wrote {path}")


def main() -> int:
    spec = load_hardware("h200")
    rows = [json.loads(line) for line in DATA.open()][1:]
    ps = pairs(spec, rows)
    mixed = [p for p in ps if p[3][4] == "k"]
    rms, r0, h, worst = fit(mixed)
    print("class k (N odd): lines over L1, time over the group's fastest, tile (BM, BN, warps, blocks/SM), carve-out %")
    for a, b, t, k, c in sorted(mixed):
        print(f"  r {a:5.2f} (ref {b:4.2f})  t/t_ref {t:6.3f}  model {max(1, a / r0) ** h / max(1, b / r0) ** h:6.3f}"
              f"  {k[:4]}  {c}%")
    print("aligned rows (64x32x64_w4, B through cp.async.cg, which skips L1), B elements/s/SM by carve-out:")
    for r in rows:
        if r["alignment"] == "all":
            print(f"  {r['carveout_pct']:4d}%  {r['blocks_per_sm']} blocks/SM  L1 {l1_of(spec, r) / 1024:5.0f} KiB  "
                  f"{r['b_elems_per_s_per_sm'] / 1e9:.2f}e9")
    flat = np.sqrt(np.mean([np.log(t) ** 2 for _, _, t, _, _ in mixed]))
    if "--plot" in sys.argv:
        plot(mixed, r0, h, sys.argv[sys.argv.index("--plot") + 1])
    print(f"fit: l1_thrash_ratio r0 = {r0:.2f}, l1_thrash_exponent h = {h:.2f}: RMS log error {rms:.3f} "
          f"(worst {worst:.3f}); without the term {flat:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
