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

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import numpy as np  # noqa: E402

from perfmodel.calibration import store_rate  # noqa: E402
from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels.params import timing_params  # noqa: E402
from perfmodel.kernels.tile_factors import without_factors  # noqa: E402
from perfmodel.names import parse_config_name  # noqa: E402

DATA = HERE / "data" / "h200" / "cstore_probe.jsonl"


def probe_rows(path: Path = DATA) -> list[dict]:
    """The probe's correct runs, with their configs spelled out as `perfmodel calibrate`'s rows are."""
    rows = [r for r in map(json.loads, path.read_text().splitlines()) if r.get("kind") == "run" and r.get("time_ms")]
    return [{**parse_config_name(r["config"]), **r} for r in rows if r.get("rel_err", 1.0) < 1e-2]


def main(argv=None) -> int:
    spec = without_factors(load_hardware("h200"))
    rate, pairs = store_rate(spec, timing_params(spec, "fp16"), probe_rows())
    for r, pair_rate in pairs:
        print(f"  {r['M']}x{r['N']}x{r['K']} {r['config']:26s} {pair_rate / 1e9:7.1f} G elements/s/SM")
    finite = [x for _, x in pairs if np.isfinite(x)]
    q = np.percentile(finite, [25, 75])
    print(f"{len(pairs)} pairs ({len(pairs) - len(finite)} with nothing left to explain); quartiles "
          f"{q[0] / 1e9:.1f}-{q[1] / 1e9:.1f} G")
    print(f"elementwise_store_elems_per_s_per_sm = {rate:.4g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
