#!/usr/bin/env python3
"""How much of a shape's top-1 is the timing's noise? Read-set shapes swept again whole on another
day (validation/noise_retime.sh: the 48 read shapes under 0.85 and 40 drawn at random), compared
with their first recording, config by config (the configs both timings ran):

    model top-1        the model's pick (no time read) against each timing's best
    run 1's best again what the first timing's best config reads in the second: the most a
                       predictor that knew the first timing exactly could score on the second
                       (a noise ceiling), and the other way round
    spread             per config, |ln(second / first)| about the shape's median ratio; the median
                       over configs, then over shapes
    drift              the second timing's drift (perfmodel.gpu.drift: its reference config timed
                       again through the shape; over 1.15 the sweep times the shape again, once)

    python validation/noise_ceiling.py [--view perfmodel] [--per-shape] [--table]

Figures: validation/NOTES.md (session 23) and README ("How noisy is one timing").
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.metrics import VIEWS  # noqa: E402
from perfmodel.scoring.rankers import rank_perfmodel  # noqa: E402
from perfmodel.scoring.datasets import with_retimed  # noqa: E402

GROUPS = ("worst", "random")
DATA = HERE / "data" / "h200"


@functools.lru_cache(maxsize=None)
def _recorded(name: str):
    data = load_runs(f"h200/{name}")
    retimed = DATA / f"{name}_retimed.jsonl.gz"
    if retimed.exists():  # by path: the lab's files are not bundled with an installed perfmodel
        data = with_retimed(data, load_runs(str(retimed)))
    return {s.index: s for s in data.shapes}


def first_timing(name: str, index: int):
    """The shape as the read sets score it: the recorded sweep, a drifted shape as re-timed."""
    return _recorded(name)[index]


def _family(group: str) -> dict:
    lines = (DATA / f"noise_retime_{group}_shapes.csv").read_text().splitlines()[1:]
    out = {}
    for line in lines:
        fam, M, N, K, dtype, layout = line.split(",")
        name, index = fam.split(":")
        out[(int(M), int(N), int(K), dtype, layout)] = (name, int(index))
    return out


@functools.lru_cache(maxsize=None)
def shape_rows(group: str, view: str = "perfmodel") -> list[dict]:
    """One dict per re-timed shape of `group` (module doc)."""
    fam = _family(group)
    rows = []
    for again in load_runs(str(DATA / f"noise_retime_{group}.jsonl.gz")).shapes:
        name, index = fam[(again.M, again.N, again.K, again.dtype, again.layout)]
        first = first_timing(name, index)
        t2 = {(r["kernel"], r["config"]): r["time_ms"] for r in again.candidates(VIEWS[view].kernels)}
        runs = [r for r in first.candidates(VIEWS[view].kernels) if (r["kernel"], r["config"]) in t2]
        t1 = {(r["kernel"], r["config"]): r["time_ms"] for r in runs}
        order, _ = rank_perfmodel(first, runs)
        pick = (runs[order[0]]["kernel"], runs[order[0]]["config"])
        b1, b2 = min(t1, key=t1.get), min(t2, key=lambda k: t2[k] if k in t1 else np.inf)
        ratio = np.array([t2[k] / t1[k] for k in t1])
        rows.append({"set": name, "index": index, "shape": again.label(), "configs": len(t1),
                     "top1_first": t1[b1] / t1[pick], "top1_again": t2[b2] / t2[pick],
                     "best_first_again": t2[b2] / t2[b1], "best_again_first": t1[b1] / t1[b2],
                     "spread": float(np.median(np.abs(np.log(ratio / np.median(ratio))))),
                     "drift": getattr(again, "drift", None)})
    return rows


def geomean(values) -> float:
    return float(np.exp(np.mean(np.log(values))))


def summary(rows: list[dict]) -> dict:
    col = lambda k: np.array([r[k] for r in rows])  # noqa: E731
    return {"shapes": len(rows),
            "top1_first": geomean(col("top1_first")), "worst_first": float(col("top1_first").min()),
            "top1_again": geomean(col("top1_again")), "worst_again": float(col("top1_again").min()),
            "ceiling": geomean(col("best_first_again")), "ceiling_worst": float(col("best_first_again").min()),
            "ceiling_back": geomean(col("best_again_first")), "ceiling_back_worst": float(col("best_again_first").min()),
            "spread": float(np.median(col("spread"))),
            "under_085_first": int((col("top1_first") < 0.85).sum()), "under_085_again": int((col("top1_again") < 0.85).sum()),
            "under_085_both": int(((col("top1_first") < 0.85) & (col("top1_again") < 0.85)).sum()),
            "same_best": int(sum(r["best_first_again"] == 1.0 for r in rows)),
            "drifted": int(sum(_drifted(r) for r in rows)),
            # of the shapes still under 0.85 when timed again: drifted again / steady with the same best config
            "stay_drifted": int(sum(r["top1_again"] < 0.85 and _drifted(r) for r in rows)),
            "stay_steady_same_best": int(sum(r["top1_again"] < 0.85 and not _drifted(r) and r["best_first_again"] == 1.0
                                             for r in rows)),
            # of those under 0.85 the first time that are not the second: with another best config
            "recovered_new_best": int(sum(r["top1_first"] < 0.85 <= r["top1_again"] and r["best_first_again"] < 1.0
                                          for r in rows))}


def _drifted(row: dict) -> bool:
    return (row["drift"] or 1.0) > 1.15


#: the README's labels of the two groups
LABELS = {"random": "40 at random", "worst": "48 under 0.85 when chosen"}
TABLE_HEADER = ("| shapes | model top-1, first timing | again | first timing's best, timed again | under 0.85: first / "
                "again / both | still under: drifted again / same best config |\n|---|---|---|---|---|---|")


def table() -> str:
    """The README's table (`--table`): the model as it stands on both timings, and the noise ceiling."""
    rows = [TABLE_HEADER]
    for group in ("random", "worst"):
        s = summary(shape_rows(group))
        rows.append(f"| {LABELS[group]} | {s['top1_first']:.3f} (worst {s['worst_first']:.3f}) | {s['top1_again']:.3f} "
                    f"(worst {s['worst_again']:.3f}) | {s['ceiling']:.3f} (worst {s['ceiling_worst']:.3f}) | "
                    f"{s['under_085_first']} / {s['under_085_again']} / {s['under_085_both']} | "
                    f"{s['stay_drifted']} / {s['stay_steady_same_best']} |")
    return "\n".join(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--view", default="perfmodel", help="perfmodel (grouped and split-K) or perfmodel:all")
    ap.add_argument("--per-shape", action="store_true")
    ap.add_argument("--table", action="store_true", help="print the README's table (view perfmodel) and stop")
    args = ap.parse_args(argv)
    if args.table:
        print(table())
        return 0
    for group in GROUPS:
        rows = shape_rows(group, args.view)
        s = summary(rows)
        print(f"{group}: {s['shapes']} shapes, view {args.view}; the second timing drifted over 1.15 on {s['drifted']}")
        print(f"  model top-1      first {s['top1_first']:.3f} (worst {s['worst_first']:.3f}), again {s['top1_again']:.3f} "
              f"(worst {s['worst_again']:.3f}); under 0.85: {s['under_085_first']} first, {s['under_085_again']} again, "
              f"{s['under_085_both']} both")
        print(f"  noise ceiling    the first's best again {s['ceiling']:.3f} (worst {s['ceiling_worst']:.3f}); the "
              f"second's best in the first {s['ceiling_back']:.3f} (worst {s['ceiling_back_worst']:.3f}); the same "
              f"best config in {s['same_best']}")
        print(f"  still under 0.85 {s['under_085_again']}: {s['stay_drifted']} drifted again, {s['stay_steady_same_best']} "
              f"steady with the same best config; recovered with another best config: {s['recovered_new_best']}")
        print(f"  spread           median |ln(again / first)| about the shape's median: {s['spread']:.4f}")
        if args.per_shape:
            for r in sorted(rows, key=lambda r: r["top1_again"]):
                print(f"    {r['top1_first']:.3f} -> {r['top1_again']:.3f}  ceiling {r['best_first_again']:.3f} / "
                      f"{r['best_again_first']:.3f}  drift {r['drift'] or 1.0:.2f}  {r['set']}:{r['index']} {r['shape']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
