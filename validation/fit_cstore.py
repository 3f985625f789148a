#!/usr/bin/env python3
"""The element-wise C store's rate (calibration elementwise_store_elems_per_s_per_sm,
perfmodel.kernels.operands.elementwise_store_elems), from the C-store probe.

The probe (OUT=out python3 validation/cstore_probe.py -> validation/data/h200/cstore_probe.jsonl)
timed six 16-bit `nt` tiles on four shapes with N 16-divisible and with N - 1: the loads stay
class "all", only C's store changes (16-byte vectors, or element by element). Per pair, what the
model without the store term does not explain,

    residual = (t(N - 1) - t(N)) measured - (t(N - 1) - t(N)) predicted

(the predicted difference is the registers and spills of the element-wise store's compiles:
perfmodel.kernels.grouped.model.store_class), is put down to the stores: rate = the C elements
each SM stores (tiles x BM x BN / SMs) / residual. The constant is the median over the pairs;
the spread is printed. Run without tile factors (the constants come before them).

    python validation/fit_cstore.py
"""

from __future__ import annotations

import dataclasses
import json
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import numpy as np  # noqa: E402

from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels import registry  # noqa: E402
from perfmodel.kernels.base import ConfigArrays  # noqa: E402
from perfmodel.kernels.evaluate import context, evaluate  # noqa: E402
from perfmodel.kernels.tile_factors import without_factors  # noqa: E402
from perfmodel.names import parse_config_name  # noqa: E402
from perfmodel.problem import GemmProblem  # noqa: E402

DATA = HERE / "data" / "h200" / "cstore_probe.jsonl"


def predicted_ms(spec, row: dict) -> float:
    """The model's time of a probe row with the store term off (an infinite store rate)."""
    ctx = context(spec, GemmProblem(M=row["M"], N=row["N"], K=row["K"], dtype=row["dtype"], layout=row["layout"]))
    ctx = dataclasses.replace(ctx, params=dataclasses.replace(ctx.params, store_elems_per_s_per_sm=float("inf")))
    return float(evaluate(registry.get("grouped"), ctx, ConfigArrays.of([parse_config_name(row["config"])]))["time_s"][0] * 1e3)


def pair_rates(spec, rows: list[dict]) -> list[tuple[str, float]]:
    """(label, elements per second per SM) of each (N, N - 1) pair (module doc)."""
    by = {(r["M"], r["N"], r["K"], r["config"]): r for r in rows}
    out = []
    for (M, N, K, cfg), r in sorted(by.items()):
        other = by.get((M, N - 1, K, cfg))
        if N % 16 or other is None:
            continue
        c = parse_config_name(cfg)
        elems = -(-M // c["BLOCK_M"]) * c["BLOCK_M"] * -(-(N - 1) // c["BLOCK_N"]) * c["BLOCK_N"] / spec.sm_count
        residual_s = ((other["time_ms"] - r["time_ms"]) - (predicted_ms(spec, other) - predicted_ms(spec, r))) * 1e-3
        out.append((f"{M}x{N}x{K} {cfg}", elems / residual_s if residual_s > 0 else float("inf")))
    return out


def main(argv=None) -> int:
    spec = without_factors(load_hardware("h200"))
    rows = [r for r in map(json.loads, DATA.read_text().splitlines()) if r.get("kind") == "run" and r.get("time_ms")]
    rates = pair_rates(spec, rows)
    for label, rate in rates:
        print(f"  {label:40s} {rate / 1e9:7.1f} G elements/s/SM")
    finite = [r for _, r in rates if np.isfinite(r)]
    q = np.percentile(finite, [25, 75])
    print(f"{len(rates)} pairs ({len(rates) - len(finite)} with nothing left to explain); quartiles "
          f"{q[0] / 1e9:.1f}-{q[1] / 1e9:.1f} G")
    print(f"elementwise_store_elems_per_s_per_sm = {statistics.median(r for _, r in rates):.4g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
