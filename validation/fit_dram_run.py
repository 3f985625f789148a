#!/usr/bin/env python3
"""What a contiguous run of bytes costs DRAM (calibration dram_run_overhead_bytes).

    python validation/fit_dram_run.py

The calibration's `stream` rows (validation/data/h200/microbench_stream2.json: M = 16 grouped GEMMs
streaming B, K = 8192) at their most programs (four per SM, where every tile keeps DRAM busy): the
best rate of each contiguous run of B per row (BLOCK_N x 2 bytes in `nn`). Fitted as
rate(run) = R / (1 + c / run) by least squares in log space over whole bytes of c (0-64): c is what
each run costs beyond its bytes (row activation and command overhead, as if every run read c more
bytes). The model charges B's DRAM bytes (1 + c / run) / (1 + c / run_ref), run_ref the run of the
calibration's fastest stream (dram_read_over_copy was read at it), where a run is shorter than it
(perfmodel.kernels.tiled, step 4). Reads recorded rows only (instant).
"""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "h200" / "microbench_stream2.json"
GRID = np.arange(0.0, 65.0, 1.0)  # whole bytes, as the device file holds them


def best_rates(path: Path = DATA) -> tuple[dict[int, float], int]:
    """({run bytes: best bytes/s}, programs) over the rows with the most programs, at most four per SM
    (the file's sm_count)."""
    data = json.loads(path.read_text())
    rows = [r for r in data["stream"] if "time_ms" in r]
    most = max(r["blocks"] for r in rows if r["blocks"] <= 4 * data["sm_count"])
    best = collections.defaultdict(float)
    for r in rows:
        if r["blocks"] == most:
            best[r["BLOCK_N"] * 2] = max(best[r["BLOCK_N"] * 2], r["bytes_per_s"])
    return dict(sorted(best.items())), most


def fit(rates: dict[int, float]) -> tuple[float, float, int]:
    """(c, R, run_ref): the grid c with the least squared log error (R its best scale), and the run
    of the fastest row."""
    runs = np.array(list(rates), dtype=float)
    y = np.log(np.array(list(rates.values())))
    errs = []
    for c in GRID:
        x = -np.log1p(c / runs)
        ln_r = float(np.mean(y - x))
        errs.append((float(np.sum((y - x - ln_r) ** 2)), float(c), float(np.exp(ln_r))))
    _, c, r = min(errs)
    return c, r, int(max(rates, key=rates.get))


def main() -> int:
    rates, programs = best_rates()
    c, r, ref = fit(rates)
    for run, rate in rates.items():
        print(f"run {run:4d} B: best {rate / 1e12:.3f} TB/s, fitted {r / (1 + c / run) / 1e12:.3f}")
    print(f"{programs} programs; dram_run_overhead_bytes: {c:g} (R {r / 1e12:.3f} TB/s); dram_run_reference_bytes: {ref}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
