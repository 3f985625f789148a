#!/usr/bin/env python3
"""num_stages = 1 against 2 and 3, the same tiles, on element-wise and aligned shapes: no recorded
sweep times a config without a pipeline (the sweep's grid starts at 2 stages), yet `perfmodel rank`
offers them. Each row: the shape, the config, its median time (triton.testing.do_bench, L2
flushed), relative error against fp32, and the compiler's registers, spills and shared bytes;
written as it goes to $OUT/stage1_probe.jsonl, with a header row (GPU, driver, versions).

    OUT=out python3 validation/stage1_probe.py     # on the GPU; ~3 min on an H200
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from validation.probe_runs import run_cases  # noqa: E402

#: (M, N, K, dtype, layout): TF32 and fp16 element-wise shapes of the read sets, one aligned of each
SHAPES = [(32768, 512, 40, "tf32", "nt"), (200704, 88, 24, "tf32", "nt"), (100352, 244, 244, "tf32", "nn"),
          (4096, 9605, 2048, "tf32", "nn"), (32768, 512, 40, "fp16", "nt"), (100352, 244, 244, "fp16", "nn"),
          (4096, 4096, 4096, "tf32", "nt"), (4096, 4096, 4096, "fp16", "nn")]
TILES = [(64, 256, 16, 4), (64, 64, 32, 4), (128, 64, 32, 4), (128, 128, 32, 8), (64, 128, 64, 4)]
STAGES = (1, 2, 3)


def main() -> int:
    return run_cases("stage1_probe", [(M, N, K, dtype, layout, (bm, bn, bk, w, s))
                                      for M, N, K, dtype, layout in SHAPES for bm, bn, bk, w in TILES for s in STAGES])


if __name__ == "__main__":
    sys.exit(main())
