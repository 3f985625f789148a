#!/usr/bin/env python3
"""What a spilled register costs, by the k-loop's working set: a spill term with a working-set
exponent, fitted on the spill microbenchmark (tried in session 7 and not adopted: NOTES.md).

    python validation/fit_spills.py            (seconds, 2 cores)

validation/data/h200/microbench_spills.json holds 37 one-wave long-K GEMMs (1 block per SM,
K ~ 8192, alignment classes all, none and k) whose compiles spill 0-3,084 registers per
thread. For each row with >= 20 spilled registers: the measured seconds per k-step (less launch,
prologue and epilogue: calibration.Rows.kstep_observed) minus the model's k-step without spills,
per spilled register and thread (perfmodel.calibration.spill_cost_per_reg, what the calibration
takes the median of). That cost ranges from 9 ps to 2.2 ns and grows with the
operand elements a thread loads per k-step, ops = (BM + BN) BK / threads: where the k-loop's
working set is large the spilled values are the loop's own. Least squares of
log(cost) = a + s log(ops) gives s; the printout has the flat cost's and the fit's mean
|log error| of the per-register cost, and the cost the fit gives at 128 elements (the reference
of spill_s_per_reg, which validation/calibrate.py derives from its own unaligned k-step rows).
The model charges a flat spill_s_per_reg per register, thread and k-step.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from perfmodel.calibration import Rows, spill_cost_per_reg  # noqa: E402
from perfmodel.hardware import load_hardware  # noqa: E402
from perfmodel.kernels.params import timing_params  # noqa: E402

DATA = HERE / "data" / "h200" / "microbench_spills.json"
MIN_SPILLS = 20
SPILL_OPS_REF = 128.0  # operand elements per thread per k-step at which the fit's cost is quoted


def costs() -> tuple[np.ndarray, np.ndarray]:
    """(ops, seconds per spilled register and thread) of the rows with >= MIN_SPILLS spills."""
    spec = load_hardware("h200")
    p = timing_params(spec, "fp16")
    rows = [r for r in json.loads(DATA.read_text())["spills"] if r["rel_err"] < 1e-2 and r["n_spills"] >= MIN_SPILLS]
    ops, cost = [], []
    for cls in sorted({r["alignment"] for r in rows}):
        rs = Rows(spec, p, [r for r in rows if r["alignment"] == cls], cls)
        ops += list(np.array([(r["BLOCK_M"] + r["BLOCK_N"]) * r["BLOCK_K"] for r in rs.rows]) / rs.step.threads)
        cost += list(spill_cost_per_reg(p, rs))  # all positive here (9 ps and up): logs are defined
    return np.array(ops), np.array(cost)


def fit() -> dict[str, float]:
    ops, cost = costs()
    X = np.stack([np.ones_like(ops), np.log(ops)], axis=1)
    (a, s), *_ = np.linalg.lstsq(X, np.log(cost), rcond=None)
    spec = load_hardware("h200")
    flat = spec.calibration.spill_s_per_reg.value
    return {"rows": len(ops), "spill_ops_exponent": float(s), "cost_at_ref_s": float(np.exp(a + s * np.log(SPILL_OPS_REF))),
            "err_flat": float(np.mean(np.abs(np.log(cost / flat)))),
            "err_fit": float(np.mean(np.abs(np.log(cost) - (a + s * np.log(ops))))),
            "cost_min_s": float(cost.min()), "cost_max_s": float(cost.max())}


def main() -> int:
    f = fit()
    print(f"{f['rows']} rows with >= {MIN_SPILLS} spilled registers; cost per register and thread "
          f"{f['cost_min_s'] * 1e12:.0f} ps - {f['cost_max_s'] * 1e9:.2f} ns")
    print(f"mean |log error| of that cost: flat {f['err_flat']:.2f}, (ops / 128) ** s {f['err_fit']:.2f}; "
          f"the fit's cost at 128 elements {f['cost_at_ref_s'] * 1e12:.0f} ps")
    print(f"working-set exponent s = {f['spill_ops_exponent']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
