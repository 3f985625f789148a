"""Score config rankers against recorded GPU runs: `perfmodel validate`.

For each shape of a dataset (validation/data/h200/runs.jsonl) the candidate set is every
correct run of the grouped and split-K kernels (the grid, the tutorial list, the default and
nvMatmulHeuristics' picks; the TMA kernel is reported apart). For a ranker:

  top-1 efficiency  = best measured time / measured time of the ranker's first choice
  top-5 efficiency  = best measured time / best measured time among its first five
  Spearman          = rank correlation of predicted and measured time over all candidates
  median rel. error = median over candidates of |predicted - measured| / measured

Overall: geometric mean and minimum over shapes of top-1, geometric mean of top-5, medians of
Spearman and relative error. Rankers:

  perfmodel       the analytical model (perfmodel.rank on the candidate set)
  default         one fixed config for every shape (128x128x64_w4_s3_g8)
  tutorial        Triton's matmul-tutorial list of 8, autotuned: best measured of its 8
  nvmh-top1       nvMatmulHeuristics' first pick (the first one Triton could compile)
  nvmh-top8       its 8 picks autotuned: best measured of those that ran
  nvmh-model      its runtime estimate (nvMatmulHeuristicsEstimateRuntime) ranking the candidates
  cublas          torch.matmul on the same inputs: the ceiling (efficiency can exceed 1)

nvMatmulHeuristics needs the `peers` extra; without it those rows say so and are skipped.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE / "data" / "h200" / "runs.jsonl"
SCORED_KERNELS = ("grouped", "splitk")
from validation.suite import CONFIG_KEYS  # noqa: E402


class DataError(ValueError):
    pass


@dataclass
class Shape:
    index: int
    family: str
    M: int
    N: int
    K: int
    dtype: str
    cublas_ms: float | None = None
    runs: list[dict] = field(default_factory=list)  # correct grouped/split-K runs
    tma_runs: list[dict] = field(default_factory=list)
    failed: list[dict] = field(default_factory=list)

    @property
    def times(self) -> np.ndarray:
        return np.array([r["time_ms"] for r in self.runs])

    @property
    def best_ms(self) -> float:
        return float(self.times.min())

    def label(self) -> str:
        return f"{self.M}x{self.N}x{self.K} {self.dtype}"


@dataclass
class Dataset:
    path: Path
    headers: list[dict]
    shapes: list[Shape]


def load_runs(path: Path | str | None = None) -> Dataset:
    p = Path(path) if path else DEFAULT_DATA
    if not p.exists():
        raise DataError(f"{p}: no such file (record one with validation/device_sweep.py, or pass --data)")
    if p.is_dir():
        raise DataError(f"{p}: is a directory, expected a runs .jsonl file")
    headers, shapes = [], {}
    try:
        lines = p.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(f"{p}: cannot read ({e})") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
        except json.JSONDecodeError as e:
            raise DataError(f"{p}:{n}: not a JSON line ({e.msg})") from None
        if not isinstance(r, dict) or "kind" not in r:
            raise DataError(f"{p}:{n}: each line must be a JSON object with a 'kind'")
        kind = r["kind"]
        if kind == "header":
            headers.append(r)
            continue
        if kind not in ("run", "cublas", "shape_done"):
            continue
        try:
            si = r["shape_index"]
            s = shapes.setdefault(si, Shape(si, r["family"], r["M"], r["N"], r["K"], r["dtype"]))
        except KeyError as e:
            raise DataError(f"{p}:{n}: missing field {e}") from None
        if kind == "cublas":
            s.cublas_ms = r["time_ms"]
        elif kind == "run":
            if r.get("status") != "ok" or not r.get("correct"):
                s.failed.append(r)
            elif r["kernel"] in SCORED_KERNELS:
                s.runs.append(r)
            elif r["kernel"] == "tma":
                s.tma_runs.append(r)
    out = [s for _, s in sorted(shapes.items()) if s.runs]
    if not out:
        raise DataError(f"{p}: no correct runs of the grouped or split-K kernels")
    return Dataset(p, headers, out)


# ---------------------------------------------------------------------------------------
# rankers: each returns (order of candidate indices best-first, predicted ms or None)
# ---------------------------------------------------------------------------------------


def _cfg(r: dict) -> dict:
    return {k: int(r[k]) for k in CONFIG_KEYS}


def rank_perfmodel(shape: Shape, hw: str = "h200"):
    import perfmodel
    from perfmodel.rank import predict_many

    problem = perfmodel.GemmProblem(M=shape.M, N=shape.N, K=shape.K, dtype=shape.dtype)
    configs = [_cfg(r) for r in shape.runs]
    pred_s = predict_many(hw, problem, configs)
    pred_ms = pred_s * 1e3
    return list(np.argsort(pred_ms, kind="stable")), pred_ms


def _index_of(shape: Shape, tag: str) -> list[int]:
    return [i for i, r in enumerate(shape.runs) if tag in r.get("tags", [])]


def rank_default(shape: Shape):
    idx = _index_of(shape, "default")
    return idx, None


def rank_tutorial(shape: Shape):
    idx = sorted(_index_of(shape, "tutorial"), key=lambda i: shape.runs[i]["time_ms"])
    return idx, None  # autotuned: all 8 benchmarked, best measured first


def _nvmh_picks(shape: Shape) -> list[int]:
    from validation.suite import shape_key

    picks = json.loads((HERE / "data" / "nvmh_picks.json").read_text())["picks"].get(
        shape_key(shape.M, shape.N, shape.K, shape.dtype), [])
    name = {r["config"]: i for i, r in enumerate(shape.runs)}
    from validation.suite import cfg_name

    order = []
    for p in sorted(picks, key=lambda p: p["nvmh_rank"]):
        i = name.get(cfg_name(p))
        if i is not None and i not in order:
            order.append(i)  # picks that failed to compile or run are absent from shape.runs
    return order


def rank_nvmh_top1(shape: Shape):
    return _nvmh_picks(shape), None


def rank_nvmh_top8(shape: Shape):
    return sorted(_nvmh_picks(shape), key=lambda i: shape.runs[i]["time_ms"]), None


_SCORER = None


def rank_nvmh_model(shape: Shape):
    global _SCORER
    if _SCORER is None:
        from validation.nvmh_picks import NvmhScorer

        _SCORER = NvmhScorer()
    est = np.array([_SCORER.estimate_s(shape.M, shape.N, shape.K, shape.dtype, _cfg(r)) or np.nan for r in shape.runs])
    pred_ms = est * 1e3
    order = list(np.argsort(np.where(np.isnan(pred_ms), np.inf, pred_ms), kind="stable"))
    return order, pred_ms


RANKERS = {
    "perfmodel": rank_perfmodel,
    "default": rank_default,
    "tutorial": rank_tutorial,
    "nvmh-top1": rank_nvmh_top1,
    "nvmh-top8": rank_nvmh_top8,
    "nvmh-model": rank_nvmh_model,
}
NEEDS_PEERS = {"nvmh-model"}


def peers_available() -> bool:
    try:
        import nvMatmulHeuristics  # noqa: F401

        return True
    except Exception:  # noqa: BLE001 - any import failure means the peer is unavailable
        return False


def _spearman(a: np.ndarray, b: np.ndarray) -> float:
    from scipy.stats import spearmanr

    ok = np.isfinite(a) & np.isfinite(b)
    if ok.sum() < 3:
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


def score_shape(shape: Shape, ranker: str) -> ShapeScore:
    order, pred = RANKERS[ranker](shape)
    t = shape.times
    best = t.min()
    if not order:
        return ShapeScore(shape, float("nan"), float("nan"), float("nan"), float("nan"), "-")
    top1 = best / t[order[0]]
    top5 = best / t[order[:5]].min()
    if pred is not None:
        rho = _spearman(pred, t)
        ok = np.isfinite(pred)
        rel = float(np.median(np.abs(pred[ok] - t[ok]) / t[ok]))
    else:
        rho = rel = float("nan")
    return ShapeScore(shape, float(top1), float(top5), rho, rel, shape.runs[order[0]]["config"])


def _gmean(x) -> float:
    x = np.array([v for v in x if np.isfinite(v) and v > 0])
    return float(np.exp(np.log(x).mean())) if len(x) else float("nan")


def _median(x) -> float:
    x = np.array([v for v in x if np.isfinite(v)])
    return float(np.median(x)) if len(x) else float("nan")


@dataclass
class RankerSummary:
    ranker: str
    scores: list[ShapeScore]

    @property
    def top1_geomean(self):
        return _gmean(s.top1 for s in self.scores)

    @property
    def top1_min(self):
        v = [s.top1 for s in self.scores if np.isfinite(s.top1)]
        return min(v) if v else float("nan")

    @property
    def top5_geomean(self):
        return _gmean(s.top5 for s in self.scores)

    @property
    def spearman_median(self):
        return _median(s.spearman for s in self.scores)

    @property
    def rel_err_median(self):
        return _median(s.median_rel_err for s in self.scores)

    @property
    def shapes_scored(self):
        return sum(np.isfinite(s.top1) for s in self.scores)


def evaluate(data: Dataset, rankers: list[str], progress=None) -> dict[str, RankerSummary]:
    out = {}
    for name in rankers:
        scores = []
        for i, s in enumerate(data.shapes):
            scores.append(score_shape(s, name))
            if progress:
                progress(name, i + 1, len(data.shapes))
        out[name] = RankerSummary(name, scores)
    return out


def cublas_efficiency(data: Dataset) -> list[float]:
    return [s.cublas_ms / s.best_ms if s.cublas_ms else float("nan") for s in data.shapes]


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
    rows.append(("cublas (ceiling)", str(len(ce)), _f(_gmean(ce)), _f(min(ce)), "-", "-", "-"))
    return rows


def per_shape_table(results: dict[str, RankerSummary], data: Dataset) -> list[tuple]:
    names = list(results)
    rows = [("#", "family", "shape", "best ms", "cuBLAS ms", *[f"{n} top-1" for n in names])]
    for i, s in enumerate(data.shapes):
        rows.append((str(s.index), s.family, s.label(), f"{s.best_ms:.4f}", f"{s.cublas_ms:.4f}" if s.cublas_ms else "-",
                     *[_f(results[n].scores[i].top1) for n in names]))
    return rows


def markdown(rows: list[tuple]) -> str:
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return "\n".join(out)


def text_table(rows: list[tuple]) -> str:
    w = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(str(c).ljust(w[i]) for i, c in enumerate(r)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * x for x in w))
    return "\n".join(lines)


def write_markdown(path: Path, results, data: Dataset) -> None:
    hdr = data.headers[-1] if data.headers else {}
    text = [
        "# perfmodel validation report",
        "",
        f"Data: `{data.path.name}` — {len(data.shapes)} shapes, {sum(len(s.runs) for s in data.shapes)} correct "
        f"grouped/split-K runs; {hdr.get('gpu_name', '?')}, driver {hdr.get('driver', '?')}, "
        f"Triton {hdr.get('triton', '?')}, torch {hdr.get('torch', '?')}, {hdr.get('date_utc', '?')}.",
        "",
        "Efficiency = best measured time over all candidates / measured time of the ranker's pick.",
        "",
        markdown(summary_table(results, data)),
        "",
        "## Per shape (top-1 efficiency)",
        "",
        markdown(per_shape_table(results, data)),
        "",
    ]
    path.write_text("\n".join(text))


def plot_predicted_vs_measured(results, data: Dataset, ranker: str = "perfmodel"):
    """Log-log predicted vs measured time per shape family (returns a matplotlib Figure)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fams = sorted({s.family for s in data.shapes})
    ncol = min(3, len(fams))
    nrow = -(-len(fams) // ncol)
    fig, axes = plt.subplots(nrow, ncol, figsize=(4.6 * ncol, 4.2 * nrow), squeeze=False)
    for ax in axes.flat[len(fams):]:
        ax.set_visible(False)
    for ax, fam in zip(axes.flat, fams):
        for s in data.shapes:
            if s.family != fam:
                continue
            _, pred = RANKERS[ranker](s)
            if pred is None:
                continue
            ax.loglog(s.times, pred, ".", ms=3, alpha=0.6, label=s.label())
        lo, hi = ax.get_xlim()
        ax.plot([lo, hi], [lo, hi], "k--", lw=0.8)
        ax.set_title(fam)
        ax.set_xlabel("measured time (ms)")
        ax.set_ylabel(f"{ranker} predicted time (ms)")
        ax.legend(fontsize=5, loc="upper left")
    fig.suptitle(f"{ranker}: predicted vs measured, H200 (one point per config)")
    fig.tight_layout()
    return fig


def plot_efficiency(results, data: Dataset):
    """Top-1 efficiency per shape for every ranker (returns a matplotlib Figure)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

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


def main(argv=None) -> int:  # `python validation/report.py` is the same as `perfmodel validate`
    from perfmodel.cli import main as cli_main

    return cli_main(["validate", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
