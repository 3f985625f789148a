#!/usr/bin/env python3
"""C stored element by element: the same 16-bit `nt` tiles with N 16-divisible and with N one
less. In `nt` both operands are K-major, so only K decides the load class ("all" here) and N's
divisibility changes the epilogue alone (C's row stride: 16-byte vector stores, or one element at
a time after a layout conversion through shared memory). On the read sets, near the best, 16-bit
aligned `nt` shapes with N not 16-divisible ran 1.08-1.18x their prediction against 0.96-0.99
with N 16-divisible (validation/NOTES.md, session 12); this measures that cost directly. Each row:
the shape, the config, its median time (triton.testing.do_bench, L2 flushed), relative error
against fp32, registers, spills and shared bytes; written as it goes to $OUT/cstore_probe.jsonl,
with a header row (GPU, clocks, driver, versions).

    OUT=out python3 validation/cstore_probe.py     # on the GPU; ~2 min on an H200
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.gpu.streams import CSTORE_SHAPES, CSTORE_TILES  # noqa: E402  (one list: `perfmodel calibrate` times it too)
from validation.probe_runs import run_cases  # noqa: E402


def main() -> int:
    return run_cases("cstore_probe", [(M, N, K, "fp16", "nt", tile)
                                      for M, N16, K in CSTORE_SHAPES for N in (N16, N16 - 1) for tile in CSTORE_TILES])


if __name__ == "__main__":
    sys.exit(main())
