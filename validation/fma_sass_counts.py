#!/usr/bin/env python3
"""What the FMA dot (IEEE fp32) issues per thread, from the sm_90 SASS of offline compiles: the
check behind perfmodel.kernels.operands.fma_thread_tile and fma_smem_bytes.

Compiles the bundled grouped kernel (validation/compile_sweep.compile_grouped, Triton 3.6.0, CPU
only) over a grid of tiles in every layout, disassembles each cubin with the nvdisasm Triton ships,
and counts the instructions of the whole kernel: FFMA, LDS.128, LDS.64 and LDS (32-bit). The dot's
k-steps are all of the FFMA and all of the LDS.128 / LDS.64 but the C tile's own pass through
shared memory on the way out (rows x cols / 4 LDS.128 or LDS.64).

    python validation/fma_sass_counts.py [--jobs 4]

Writes validation/data/compile/fma_sass_counts.jsonl: a header row (Triton version, date, command),
then one row per (layout, BLOCK_M, BLOCK_N, BLOCK_K, num_warps) with the counts.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import itertools
import json
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

OUT = HERE / "data" / "compile" / "fma_sass_counts.jsonl"
TILES = [(bm, bn, w) for bm, bn in itertools.product((16, 32, 64, 128, 256), repeat=2)
         for w in (2, 4, 8) if 8 <= bm * bn // (32 * w) <= 64]
#: (layout, BLOCK_K): every BLOCK_K the sweeps time in `nn` and `nt`; `tn` and `tt` at 32
LAYOUT_BLOCK_K = [(lay, bk) for lay in ("nn", "nt") for bk in (16, 32, 64)] + [("tn", 32), ("tt", 32)]
OPCODE = re.compile(r"\s(FFMA|LDS(?:\.\w+)*)\s")


def sass_counts(cubin: bytes) -> dict[str, int]:
    """{opcode: count} of FFMA and LDS* in a cubin, through Triton's bundled nvdisasm."""
    from validation.compile_sweep import cubin_tool

    text = cubin_tool(cubin, "nvdisasm", "-c", check=True)
    counts = collections.Counter(m.group(1) for line in text.splitlines() if "@!PT" not in line
                                 for m in [OPCODE.search(line)] if m)
    return dict(counts)


def one(job: tuple) -> dict:
    from validation.compile_sweep import compile_grouped

    layout, bm, bn, bk, w = job
    row = {"layout": layout, "BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "num_warps": w, "num_stages": 3}
    try:
        kernel = compile_grouped("sm_90", "fp32", True, dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8,
                                                            num_warps=w, num_stages=3), layout=layout)
    except Exception as e:  # noqa: BLE001 - recorded, not hidden
        return {**row, "error": str(e).splitlines()[0][:200]}
    return {**row, **sass_counts(kernel.asm["cubin"])}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    import triton

    jobs = [(lay, bm, bn, bk, w) for lay, bk in LAYOUT_BLOCK_K for (bm, bn, w) in TILES]
    header = {"kind": "header", "triton": triton.__version__, "target": "sm_90", "dtype": "fp32 (ieee)",
              "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
              "command": "python validation/fma_sass_counts.py " + " ".join(argv or sys.argv[1:])}
    with open(args.out, "w") as f, ProcessPoolExecutor(args.jobs) as ex:
        f.write(json.dumps(header) + "\n")
        for i, row in enumerate(ex.map(one, jobs), 1):
            f.write(json.dumps(row) + "\n")
            if i % 50 == 0:
                print(f"[fma_sass_counts] {i}/{len(jobs)} compiled", file=sys.stderr, flush=True)
    print(f"{len(jobs)} compiles -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
