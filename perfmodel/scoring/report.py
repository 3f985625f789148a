"""The rows of the tables `perfmodel validate` prints (perfmodel.cli renders them as text or
markdown): the summary per ranker, and top-1 efficiency per shape."""

from __future__ import annotations

import numpy as np

from perfmodel.scoring.datasets import Dataset
from perfmodel.scoring.metrics import RankerSummary, cublas_efficiency, gmean


def _f(v) -> str:
    if v is None or not np.isfinite(v):
        return "-"
    return f"{v:.3f}"


def summary_table(results: dict[str, RankerSummary], data: Dataset) -> list[tuple]:
    rows = [("ranker", "shapes", "top-1 geomean", "top-1 worst", "top-5 geomean", "Spearman median", "median rel. err")]
    for name, r in results.items():
        rows.append((name, str(r.shapes_scored), _f(r.top1_geomean), _f(r.top1_min), _f(r.top5_geomean),
                     _f(r.spearman_median), _f(r.rel_err_median)))
    ce = cublas_efficiency(data)
    rows.append(("cublas (ceiling)", str(len(ce)), _f(gmean(ce)), _f(min(ce)), "-", "-", "-"))
    return rows


def per_shape_table(results: dict[str, RankerSummary], data: Dataset) -> list[tuple]:
    names = list(results)
    rows = [("#", "family", "shape", "best ms", "cuBLAS ms", "drift", *[f"{n} top-1" for n in names])]
    for i, s in enumerate(data.shapes):
        rows.append((str(s.index), s.family, s.label(), f"{s.best_ms:.4f}", f"{s.cublas_ms:.4f}" if s.cublas_ms else "-",
                     _drift(s), *[_f(results[n].scores[i].top1) for n in names]))
    return rows


def _drift(shape) -> str:
    """The shape's drift while it was timed (perfmodel.gpu.drift), starred over WARN_DRIFT; "-" in
    files recorded without the check."""
    if shape.drift is None:
        return "-"
    return f"{shape.drift:.2f}" + (" *" if shape.drifted else "")
