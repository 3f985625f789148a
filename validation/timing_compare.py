#!/usr/bin/env python3
"""The same recorded sets timed twice: as recorded (the grouped kernel launched eagerly) and again
with the grouped kernel as a CUDA-graph replay (perfmodel.gpu.measure.GRAPHED, session 29), scored
with the model as it stands, shape for shape (only the shapes both timings hold).

    python validation/timing_compare.py            # one line per set and group, then the weakest shapes
    python validation/timing_compare.py --table    # the README's table (a test checks it is what this prints)

The second timings are validation/data/h200/<set>_graph.jsonl.gz (`SUITE=<set> bash
validation/one_pass_sweep.sh` on one H200, session 29; holdout50's ran out of its time budget after
29 of its 40 shapes). Every set had been read before it was timed again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.scoring.datasets import WARN_DRIFT, load_runs  # noqa: E402
from perfmodel.scoring.metrics import VIEWS, gmean, score_shape  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "h200"
SETS = ("holdout53", "holdout50", "holdout66")


def per_shape(data: str) -> dict[tuple, dict]:
    """(M, N, K, dtype, layout) -> the model's top-1 in the perfmodel view (metrics.score_shape), the
    shape's best time and its drift."""
    out = {}
    for s in load_runs(data).shapes:
        score = score_shape(s, VIEWS["perfmodel"])
        out[(s.M, s.N, s.K, s.dtype, s.layout)] = {"top1": score.top1, "best_ms": float(score.measured_ms.min()),
                                                   "drift": s.drift or 1.0}
    return out


def compare(name: str) -> tuple[dict, dict, list[tuple]]:
    """(eager, graph, the shapes both hold) for one set."""
    eager, graph = per_shape(f"h200/{name}"), per_shape(str(DATA / f"{name}_graph.jsonl.gz"))
    return eager, graph, [k for k in graph if k in eager]


def table() -> str:
    """The README's table: per set, top-1 (worst) and drifted shapes under each timing."""
    lines = ["| set | shapes | top-1, eager grouped runs (worst) | top-1, graph replays (worst) | shapes drifted over "
             f"{WARN_DRIFT:.2f}x: eager / graph |", "|---|---|---|---|---|"]
    for name in SETS:
        eager, graph, keys = compare(name)
        e, g = [eager[k]["top1"] for k in keys], [graph[k]["top1"] for k in keys]
        de = sum(eager[k]["drift"] > WARN_DRIFT for k in keys)
        dg = sum(graph[k]["drift"] > WARN_DRIFT for k in keys)
        lines.append(f"| {name} | {len(keys)} | {gmean(e):.3f} ({min(e):.3f}) | {gmean(g):.3f} ({min(g):.3f}) | "
                     f"{de} / {dg} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", action="store_true", help="print the README's table only")
    a = ap.parse_args(argv)
    if a.table:
        print(table())
        return 0
    for name in SETS:
        eager, graph, keys = compare(name)
        for group in sorted({k[3:] for k in keys}):
            ks = [k for k in keys if k[3:] == group]
            e, g = [eager[k]["top1"] for k in ks], [graph[k]["top1"] for k in ks]
            print(f"{name} {group[0]} {group[1]}: {len(ks)} shapes, eager {gmean(e):.3f} (worst {min(e):.3f}), "
                  f"graph {gmean(g):.3f} (worst {min(g):.3f})")
        for k in sorted(keys, key=lambda k: eager[k]["top1"])[:6]:
            print(f"    {k[0]}x{k[1]}x{k[2]} {k[3]} {k[4]}: eager {eager[k]['top1']:.3f} (best {eager[k]['best_ms'] * 1e3:.1f} us, "
                  f"drift {eager[k]['drift']:.2f}), graph {graph[k]['top1']:.3f} (best {graph[k]['best_ms'] * 1e3:.1f} us, "
                  f"drift {graph[k]['drift']:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
