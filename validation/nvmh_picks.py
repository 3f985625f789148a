#!/usr/bin/env python3
"""Ask NVIDIA's nvMatmulHeuristics (the `peers` extra) for its own top configs for every
validation shape, so the device sweep can time them. CPU only.

    python validation/nvmh_picks.py            # writes validation/data/nvmh_picks.json

The setup and the mapping of its configurations onto the bundled kernels are
perfmodel.scoring.peers' (the `nvmh-model` ranker of `perfmodel validate` asks the same way).
"""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from perfmodel.names import shape_key  # noqa: E402
from perfmodel.scoring import peers  # noqa: E402
from validation import suite  # noqa: E402

COUNT = 8


def main() -> int:
    import importlib.metadata as md

    nv, h = peers.interface("h200")
    picks = {}
    shapes = (suite.SHAPES + suite.HOLDOUT_SHAPES + suite.MIXED_SHAPES + suite.HOLDOUT2_SHAPES
              + suite.RESERVE_SHAPES + suite.HOLDOUT3_SHAPES)
    for (_, M, N, K, dtype) in shapes:
        picks[shape_key(M, N, K, dtype)] = peers.picks(nv, h, M, N, K, dtype, COUNT)
    out = {
        "generated_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "tool": f"nvidia-matmul-heuristics {md.version('nvidia-matmul-heuristics')}",
        "setup": "TRITON target, PERF_MODEL_BASED_AUTO_TUNING, H200_SXM, NN_ROW_MAJOR, HSH/BSB",
        "command": "python validation/nvmh_picks.py",
        "picks": picks,
    }
    path = HERE / "data" / "nvmh_picks.json"
    path.write_text(json.dumps(out, indent=1))
    print(f"wrote {path}: {sum(len(v) for v in picks.values())} picks for {len(picks)} shapes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

