#!/usr/bin/env python3
"""How the model's error on decode shapes runs with the launch's program count (session 30's lead).

    python validation/decode_program_counts.py

Over the graph-timed 16-bit decode shapes that are read (aligned, M <= 64: holdout67, holdout68,
the fit sets' short shapes timed again, holdout50 and holdout53 timed again), the median of
measured / predicted of the grouped and split-K runs by BLOCK_M (16, 32, or 64 and up) and the
program count's power-of-two bin; then whether a factor per (BLOCK_M, bin), taken from the other
sets, would pick better: top-1 geomean before and after, each set left out of its own factors; and
a few tiles' error by SPLIT_K.
Reads recorded runs only (a few seconds on one core).
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.metrics import VIEWS, gmean  # noqa: E402
from perfmodel.scoring.rankers import rank_perfmodel  # noqa: E402

SETS = ("h200/holdout67", "h200/holdout68", *(str(HERE / "data" / "h200" / f"{n}.jsonl.gz")
                                               for n in ("fit_short_graph", "holdout53_graph", "holdout50_graph")))


#: tiles whose error by SPLIT_K is printed
TILES = ((64, 128, 64, 4, 3), (64, 64, 64, 4, 3), (16, 64, 128, 4, 4), (32, 64, 128, 4, 3))


def key(shape, run) -> tuple[int, int]:
    """(BLOCK_M class, power-of-two bin of the programs launched)."""
    progs = -(-shape.M // run["BLOCK_M"]) * -(-shape.N // run["BLOCK_N"]) * run["SPLIT_K"]
    return (64 if run["BLOCK_M"] >= 64 else run["BLOCK_M"]), int(np.log2(progs))


def decode_shapes(sets=SETS) -> list[tuple[str, np.ndarray, np.ndarray, list]]:
    """(set, measured times, predicted times, keys, runs) of every aligned 16-bit decode shape."""
    out = []
    for name in sets:
        for s in load_runs(name).shapes:
            if s.M > 64 or s.dtype not in ("fp16", "bf16") or s.K % 16 or s.N % 16:
                continue
            runs = s.candidates(VIEWS["perfmodel"].kernels)
            _, pred = rank_perfmodel(s, runs)
            out.append((name, np.array([r["time_ms"] for r in runs]), np.asarray(pred), [key(s, r) for r in runs], runs))
    return out


def main() -> int:
    items = decode_shapes()
    per_set = collections.defaultdict(lambda: collections.defaultdict(list))  # set -> key -> ln(measured / predicted)
    by_split = collections.defaultdict(list)
    for name, t, p, keys, runs in items:
        for x, k, r in zip(np.log(t / p), keys, runs):
            per_set[name][k].append(x)
            by_split[(r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"], r["num_stages"], r["SPLIT_K"])].append(x)
    logs = pooled(per_set.values())
    print(f"{len(items)} shapes; measured / predicted by (BLOCK_M, programs):")
    for (bm, b), v in sorted(logs.items()):
        print(f"  BLOCK_M {bm:3d}  programs {2 ** b:5d}-{2 ** (b + 1) - 1:<5d} runs {len(v):5d}  median {np.exp(np.median(v)):.3f}")
    print("measured / predicted of one tile by SPLIT_K (1: the grouped kernel):")
    for tile in TILES:
        cells = [f"k{k} {np.exp(np.median(by_split[(*tile, k)])):.2f}" for k in (1, 2, 4, 8, 16) if by_split.get((*tile, k))]
        print(f"  {tile[0]}x{tile[1]}x{tile[2]}_w{tile[3]}_s{tile[4]}: " + ", ".join(cells))
    # each set's shapes corrected by the factors of the other sets (computed once per set)
    factors = {name: {k: np.exp(np.median(v)) for k, v in pooled(o for n, o in per_set.items() if n != name).items()
                      if len(v) >= 30} for name in per_set}
    before, after = [], []
    for name, t, p, keys, _ in items:
        f = np.array([factors[name].get(k, 1.0) for k in keys])
        before.append(t.min() / t[int(np.argmin(p))])
        after.append(t.min() / t[int(np.argmin(p * f))])
    print(f"top-1 as the model stands {gmean(before):.3f}; with a factor per (BLOCK_M, programs), each set left out "
          f"of its own: {gmean(after):.3f}")
    return 0


def pooled(tables) -> dict:
    """The key -> values tables merged into one."""
    out = collections.defaultdict(list)
    for table in tables:
        for k, v in table.items():
            out[k] += v
    return out

if __name__ == "__main__":
    sys.exit(main())
