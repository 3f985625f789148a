#!/usr/bin/env python3
"""The shortest time an eager launch of a tensor-descriptor kernel takes (calibration
descriptor_launch_s), from timed runs.

Triton 3.6.0 passes host TensorDescriptor arguments by encoding a CUtensorMap per descriptor on
the host at every launch; do_bench's L2 flush hides ordinary launches, not this. On the H200's
host the TMA and persistent kernels never ran much faster than ~20-35 us on shapes where the
grouped (pointer) kernel took 8-20 us, whatever the config (0.0108 ms once, for one config).
The estimate: over the shapes whose best grouped run is under `--below-ms` (GPU work well under
the floor), the minimum time of every descriptor kernel's runs, then the median over shapes.

    python validation/fit_descriptor_launch.py h200/hopper [--below-ms 0.02]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.scoring.datasets import load_runs  # noqa: E402

DESCRIPTOR_KERNELS = ("tma", "persistent", "persistent_ws")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--below-ms", type=float, default=0.02)
    args = ap.parse_args(argv)
    floors = []
    for name in args.data:
        for shape in load_runs(name).shapes:
            grouped = [r["time_ms"] for r in shape.all_runs if r["kernel"] == "grouped"]
            desc = [r["time_ms"] for r in shape.all_runs if r["kernel"] in DESCRIPTOR_KERNELS]
            if grouped and desc and min(grouped) < args.below_ms:
                floors.append(min(desc))
                print(f"{shape.label():28s} grouped best {min(grouped):.4f} ms, descriptor kernels' best {min(desc):.4f} ms")
    if not floors:
        print("no shape qualifies", file=sys.stderr)
        return 1
    print(f"descriptor_launch_s = {statistics.median(floors) * 1e-3:.3g} s (median of {len(floors)} shapes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
