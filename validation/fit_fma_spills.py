#!/usr/bin/env python3
"""fma_kmajor_spill_factor, s (perfmodel.kernels.spills.kstep_spill_time): where the FMA dot reads B
K-major on the grouped kernel's aligned tiles, a k-step's spill time is s x b x threads x spilled x
spill_s_per_reg.

The data: the one-wave IEEE fp32 `nt` microbenchmarks of the grouped kernel, all in load class "all"
(validation/data/h200/microbench_kstep_fp32_2.json: kstep_fp32_spills, tiles that spill beside ones
that do not at 1-4 tiles an SM, and kstep_fp32_nt, stored as kstep_fp32_all_nt, at 1-2 tiles an SM;
shapes outside every suite, K = 4096). spill_s_per_reg was
measured on 16-bit unaligned rows (validation/calibrate.py); with it the `nt` rows that spill ran a
median 1.07x the model where those that do not ran 1.00x. The fit: the grid value of s whose median
measured / predicted over the spilling rows is nearest the non-spilling rows' median.

    python validation/fit_fma_spills.py      # ~10 s
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import perfmodel  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "h200" / "microbench_kstep_fp32_2.json"
#: the values of fma_kmajor_spill_factor tried
GRID = np.round(np.arange(1.0, 3.001, 0.05), 2)


def rows() -> list[dict]:
    """The microbenchmarks' correct `nt` rows (module doc)."""
    d = json.loads(DATA.read_text())
    return [r for key in ("kstep_fp32_spills", "kstep_fp32_all_nt") for r in d[key]
            if r["layout"] == "nt" and r["correct"]]


def ratio(spec, r: dict) -> float:
    """Measured over predicted time of one microbenchmark row."""
    p = perfmodel.GemmProblem(M=r["M"], N=r["N"], K=r["K"], dtype="fp32", layout=r["layout"])
    c = perfmodel.TileConfig(BLOCK_M=r["BLOCK_M"], BLOCK_N=r["BLOCK_N"], BLOCK_K=r["BLOCK_K"],
                             num_warps=r["num_warps"], num_stages=r["num_stages"], GROUP_M=1)
    return r["time_ms"] * 1e-3 / perfmodel.predict(spec, p, c).time_s


def fit(spec) -> tuple[float, dict[float, float], float]:
    """(s, {grid value: the spilling rows' median ratio}, the non-spilling rows' median ratio)."""
    rs = rows()
    base = float(np.median([ratio(spec, r) for r in rs if r["n_spills"] == 0]))
    spilling = [r for r in rs if r["n_spills"] > 0]
    curve = {float(s): float(np.median([ratio(spec.with_calibration(fma_kmajor_spill_factor=s), r) for r in spilling]))
             for s in GRID}
    best = min(curve, key=lambda s: abs(curve[s] - base))
    return best, curve, base


def main(argv=None) -> int:
    spec = perfmodel.load_hardware("h200")
    best, curve, base = fit(spec)
    print(f"nt rows without spills: median measured / predicted {base:.3f}")
    print(f"spilling rows: {curve[1.0]:.3f} at s = 1, {curve[best]:.3f} at s = {best:g}")
    print(f"fma_kmajor_spill_factor = {best:g}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
