#!/usr/bin/env python3
"""Two tiles of the grouped kernel, paired shape by shape, binned by K: measured t(A) / t(B) against
the model's, and their ratio (the residual). Where the residual trends with K the model misprices one
tile's fixed cost against its k-steps (validation/NOTES.md, session 16: the one-block 256x128x64_w8_s4
against the two-block 128x128x64_w4_s3, 1.08 at K <= 512 to 0.94-0.97 at K > 4096).

    python validation/pair_tiles.py 256x128x64_w8_s4 128x128x64_w4_s3 --layout nt [--dtypes fp16,bf16]

Every read H200 set (validation/score_sets.py: SETS less UNREAD), aligned shapes with M, N >= 256,
GROUP_M 8 for both tiles. A lab tool, not a model.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.rankers import rank_perfmodel  # noqa: E402
from validation.score_sets import SETS, UNREAD  # noqa: E402

BINS = ((512, "K <= 512"), (1536, "K <= 1536"), (4096, "K <= 4096"), (math.inf, "K > 4096"))


def tile(text: str) -> tuple[int, ...]:
    m = re.fullmatch(r"(\d+)x(\d+)x(\d+)_w(\d+)_s(\d+)", text)
    if not m:
        raise SystemExit(f"{text}: not a tile (BMxBNxBK_wW_sS, e.g. 128x128x64_w4_s3)")
    return tuple(int(x) for x in m.groups())


def pairs(a: tuple, b: tuple, layout: str, dtypes: tuple[str, ...]) -> list[tuple[int, float, float]]:
    """(K, measured t(a) / t(b), predicted t(a) / t(b)) per shape that timed both."""
    key = lambda r: (r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"], r["num_stages"])  # noqa: E731
    out = []
    for name in (s for s in SETS if s not in UNREAD):
        for s in load_runs(f"h200/{name}").shapes:
            if s.dtype not in dtypes or s.layout != layout or s.N % 16 or s.K % 16 or min(s.M, s.N) < 256:
                continue
            runs = [r for r in s.candidates(("grouped",)) if r.get("GROUP_M", 1) == 8]
            ia = [i for i, r in enumerate(runs) if key(r) == a]
            ib = [i for i, r in enumerate(runs) if key(r) == b]
            if ia and ib:
                _, pred = rank_perfmodel(s, runs, "h200")
                i, j = ia[0], ib[0]
                out.append((s.K, runs[i]["time_ms"] / runs[j]["time_ms"], pred[i] / pred[j]))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--layout", default="nn")
    ap.add_argument("--dtypes", default="fp16,bf16")
    args = ap.parse_args(argv)
    rows = pairs(tile(args.a), tile(args.b), args.layout, tuple(args.dtypes.split(",")))
    print(f"{args.a} / {args.b}, {args.layout}: shapes, geomean measured, predicted, measured / predicted")
    lo = 0
    for hi, label in BINS:
        xs = [r for r in rows if lo < r[0] <= hi]
        lo = hi
        if xs:
            g = [math.exp(sum(math.log(r[i]) for r in xs) / len(xs)) for i in (1, 2)]
            print(f"  {label:10s} {len(xs):4d}  {g[0]:.3f}  {g[1]:.3f}  {g[0] / g[1]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
