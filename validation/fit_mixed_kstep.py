#!/usr/bin/env python3
"""The element-wise load term of the mixed-alignment class "k" (calibration mixed_k_load_factor,
perfmodel.kernels.pipeline), from its microbenchmark; class "n" is measured and reported, not
adopted.

The rows: one-wave long-K GEMMs (K = 8192, one tile per SM) whose K only (class "k": A in
vectors, B element by element) or N only (class "n": B in vectors, A element by element) is
16-divisible, at shapes outside every suite (python3 validation/microbench.py kstep_mixed,
validation/data/h200/microbench_memory.json). The model times them with the unaligned class's
element-wise rates (scalar_load_*); per class, the factor on that term that makes the median of
measured over predicted 1 over the rows without spills (spilled rows are the spill term's), found
by iteration (the term is most but not all of those k-steps).

Class "n" gives 0.74 (A element by element faster than the unaligned rate), but adopting it moved
the full GEMMs the other way: the predicted gain of zero-padding 8192x4096x1000 fell from 1.62 to
1.25 against 1.82 measured (h200/mixed vs h200/padded), so the model keeps the unaligned rates for
"n" and this script prints its factor for the record only.

    python validation/fit_mixed_kstep.py
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
from perfmodel.kernels.tile_factors import without_factors  # noqa: E402
from perfmodel.kernels import registry  # noqa: E402
from perfmodel.kernels.base import ConfigArrays  # noqa: E402
from perfmodel.kernels.evaluate import context, evaluate  # noqa: E402
from perfmodel.problem import GemmProblem  # noqa: E402
from validation.fitting import median_one_factor  # noqa: E402

NAMES = {"k": "mixed_k_load_factor", "n": "mixed_n_load_factor (not adopted)"}


def ratios(spec, rows, cls: str, factor: float) -> list[float]:
    """Measured over predicted time of the class's rows without spills, with `factor`."""
    out = []
    for r in rows:
        p = GemmProblem(M=r["M"], N=r["N"], K=r["K"], dtype="fp16")
        if r["alignment"] != cls or r["n_spills"] or p.alignment != cls:
            continue
        ctx = context(spec, p)
        p_ = ctx.params
        if cls == "k":
            p_ = dataclasses.replace(p_, mixed_k_load_factor=factor)
        else:  # what a factor on the "n" rows' load term would be (scales its three constants)
            p_ = dataclasses.replace(p_, scalar_load_fixed_s=p_.scalar_load_fixed_s * factor,
                                     scalar_load_s_per_elem=p_.scalar_load_s_per_elem * factor,
                                     scalar_load_elems_per_s_per_sm=p_.scalar_load_elems_per_s_per_sm / factor)
        pred_ms = evaluate(registry.get("grouped"), dataclasses.replace(ctx, params=p_),
                           ConfigArrays.of([{**r, "GROUP_M": 8}]))["time_s"][0] * 1e3
        out.append(r["time_ms"] / pred_ms)
    return out


def main(argv=None) -> int:
    spec = without_factors(load_hardware("h200"))  # the constants come before the tile factors
    rows = json.loads((HERE / "data" / "h200" / "microbench_memory.json").read_text())["kstep_mixed"]
    for cls in ("k", "n"):
        factor = median_one_factor(lambda f: ratios(spec, rows, cls, f), iterations=8)
        before, after = ratios(spec, rows, cls, 1.0), ratios(spec, rows, cls, factor)
        q = np.percentile(after, [25, 75])
        print(f"class {cls}: {len(after)} rows without spills; measured over predicted, median {statistics.median(before):.3f}"
              f" -> {statistics.median(after):.3f} (quartiles {q[0]:.3f}-{q[1]:.3f})")
        print(f"{NAMES[cls]} = {factor:.3g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
