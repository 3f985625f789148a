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

from validation.residuals import rows as predicted_runs  # noqa: E402
from validation.score_sets import SETS, UNREAD  # noqa: E402

BINS = ((512, "K <= 512"), (1536, "K <= 1536"), (4096, "K <= 4096"), (math.inf, "K > 4096"))


def tile(text: str) -> tuple[int, ...]:
    m = re.fullmatch(r"(\d+)x(\d+)x(\d+)_w(\d+)_s(\d+)", text)
    if not m:
        raise SystemExit(f"{text}: not a tile (BMxBNxBK_wW_sS, e.g. 128x128x64_w4_s3)")
    return tuple(int(x) for x in m.groups())


def pairs(a: tuple, b: tuple, layout: str, dtypes: tuple[str, ...]) -> list[tuple[int, float, float]]:
    """(K, measured t(a) / t(b), predicted t(a) / t(b)) per shape that timed both (the runs and their
    predictions as validation/residuals.py reads them)."""
    where = (f"kernel == 'grouped' and GROUP_M == 8 and layout == {layout!r} and dtype in {dtypes!r} "
             "and N % 16 == 0 and K % 16 == 0 and min(M, N) >= 256")
    runs = predicted_runs([f"h200/{n}" for n in SETS if n not in UNREAD], None, where)
    tile = lambda r: (r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"], r["num_stages"])  # noqa: E731
    by_shape = {(r["set"], r["shape"], tile(r)): r for r in runs}
    out = []
    for (name, shape, t), ra in by_shape.items():
        rb = by_shape.get((name, shape, b))
        if t == a and rb is not None:
            out.append((ra["K"], ra["time_ms"] / rb["time_ms"], ra["pred_ms"] / rb["pred_ms"]))
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
