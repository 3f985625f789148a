"""How a ranker is scored on a recorded dataset.

For each shape, the candidates are the correct runs of the scored kernels (by default the
grouped and split-K kernels; a row may name others). For a ranker:

  top-1 efficiency  = best measured time / measured time of the ranker's first choice
  top-5 efficiency  = best measured time / best measured time among its first five
  Spearman          = rank correlation of predicted and measured time over all candidates
  median rel. error = median over candidates of |predicted - measured| / measured

Overall: geometric mean and minimum over shapes of top-1, geometric mean of top-5, medians of
Spearman and relative error. A row ("view") is a ranker on a candidate set:

  perfmodel        the model on the grouped and split-K runs (the main comparison)
  perfmodel:tma    the model on the TMA kernel's runs alone (which TMA config)
  perfmodel:persistent   the model on the persistent kernels' runs (flattened and warp-specialized)
  perfmodel:all    the model on every kernel's runs together (which kernel and which config)
  default, tutorial, nvmh-top1, nvmh-top8, nvmh-model    the peers on the grouped and split-K runs
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from perfmodel.scoring.datasets import SCORED_KERNELS, Dataset, Shape
from perfmodel.scoring.rankers import RANKERS


@dataclass(frozen=True)
class View:
    name: str
    ranker: str
    kernels: tuple[str, ...]


VIEWS: dict[str, View] = {v.name: v for v in (
    View("perfmodel", "perfmodel", SCORED_KERNELS),
    View("perfmodel:tma", "perfmodel", ("tma",)),
    View("perfmodel:persistent", "perfmodel", ("persistent", "persistent_ws")),
    View("perfmodel:all", "perfmodel", (*SCORED_KERNELS, "tma", "persistent", "persistent_ws")),
    *(View(name, name, SCORED_KERNELS) for name in RANKERS if name != "perfmodel"),
)}


def spearman(a: np.ndarray, b: np.ndarray) -> float:
    from scipy.stats import spearmanr

    ok = np.isfinite(a) & np.isfinite(b)
    if ok.sum() < 3 or np.ptp(a[ok]) == 0 or np.ptp(b[ok]) == 0:  # constant: no rank order to compare
        return float("nan")
    return float(spearmanr(a[ok], b[ok]).statistic)


@dataclass
class ShapeScore:
    shape: Shape
    top1: float
    top5: float
    spearman: float
    median_rel_err: float
    pick: str
    measured_ms: np.ndarray | None = None  # per candidate
    predicted_ms: np.ndarray | None = None  # per candidate, where the ranker predicts times


NAN = float("nan")


def score_shape(shape: Shape, view: View, hw="h200", **ranker_options) -> ShapeScore:
    runs = shape.candidates(view.kernels)
    if not runs:
        return ShapeScore(shape, NAN, NAN, NAN, NAN, "-")
    options = ranker_options if view.ranker == "perfmodel" else {}
    order, pred = RANKERS[view.ranker](shape, runs, hw, **options)
    t = np.array([r["time_ms"] for r in runs])
    if not order:
        return ShapeScore(shape, NAN, NAN, NAN, NAN, "-")
    best = t.min()
    rho = rel = NAN
    if pred is not None:
        rho = spearman(pred, t)
        ok = np.isfinite(pred)  # none where the ranker prices no config of the view (e.g. TMA for fp32)
        rel = float(np.median(np.abs(pred[ok] - t[ok]) / t[ok])) if ok.any() else NAN
    pick = runs[order[0]]
    name = pick["config"] if pick["kernel"] in SCORED_KERNELS else f"{pick['kernel']}:{pick['config']}"
    return ShapeScore(shape, float(best / t[order[0]]), float(best / t[order[:5]].min()), rho, rel, name, t, pred)


def gmean(x) -> float:
    x = np.array([v for v in x if np.isfinite(v) and v > 0])
    return float(np.exp(np.log(x).mean())) if len(x) else NAN


def median(x) -> float:
    x = np.array([v for v in x if np.isfinite(v)])
    return float(np.median(x)) if len(x) else NAN


@dataclass
class RankerSummary:
    ranker: str
    scores: list[ShapeScore]

    @property
    def top1_geomean(self):
        return gmean(s.top1 for s in self.scores)

    @property
    def top1_min(self):
        v = [s.top1 for s in self.scores if np.isfinite(s.top1)]
        return min(v) if v else NAN

    @property
    def top5_geomean(self):
        return gmean(s.top5 for s in self.scores)

    @property
    def spearman_median(self):
        return median(s.spearman for s in self.scores)

    @property
    def rel_err_median(self):
        return median(s.median_rel_err for s in self.scores)

    @property
    def shapes_scored(self):
        return sum(np.isfinite(s.top1) for s in self.scores)

    @property
    def worst(self) -> ShapeScore | None:
        scored = [s for s in self.scores if np.isfinite(s.top1)]
        return min(scored, key=lambda s: s.top1) if scored else None


def evaluate(data: Dataset, views: list[str], hw="h200", progress=None, **ranker_options) -> dict[str, RankerSummary]:
    """Score each view (VIEWS) on every shape of the dataset."""
    out = {}
    for name in views:
        view = VIEWS[name]
        scores = []
        for i, s in enumerate(data.shapes):
            scores.append(score_shape(s, view, hw, **ranker_options))
            if progress:
                progress(name, i + 1, len(data.shapes))
        out[name] = RankerSummary(name, scores)
    return out


def cublas_efficiency(data: Dataset) -> list[float]:
    """Vendor BLAS time relative to the best grouped/split-K run (the ceiling row)."""
    return [s.cublas_ms / s.best_ms if s.cublas_ms else NAN for s in data.shapes]
