#!/usr/bin/env python3
"""Compile every tile geometry of perfmodel's built-in config space offline and record the
registers the compilers allocate: the table perfmodel/resources.py reads (Triton 3.6.0).

    python validation/register_table.py compile [--jobs 2] [--targets sm_90,gfx942]   # ~60 min on 2 cores
    python validation/register_table.py build      # raw compiles -> perfmodel/register_table.json

Why a table: the compile sweep (validation/data/compile/compile_sweep.jsonl) shows that the
register count of the bundled grouped GEMM is decided by the tile geometry (BLOCK_M, BLOCK_N,
BLOCK_K, num_warps), the alignment class and whether num_stages is 1, 2 or more; GROUP_M and
num_stages >= 3 leave it within 10% (leave-one-out inside each geometry: 99% of pairs).
Across geometries, the choice is ptxas's / LLVM's register allocator and no closed formula
found so far is within 10% for more than ~70% of kernels (validation/fit_registers.py keeps
the best linear one, the fallback for geometries and dtypes outside the table).

Compiled per target (sm_80, sm_90, gfx908, gfx90a, gfx942), fp16 operands (16-bit: the sm_90
compile sweep shows bf16 allocates within 10% of fp16 for 162/162 configs), GROUP_M = 8, for
each alignment class of validation/compile_sweep.py ("all", "k", "n", "none"):
  "all", "k", "n": num_stages = 1, 2 and 3 (3 stands for ">= 3") for every geometry;
  "none":          num_stages = 3 (without 16-divisibility the pipeliner does not
                   multi-buffer; the sweep shows registers independent of num_stages there).
Geometries: BLOCK_M, BLOCK_N in {16..256}, BLOCK_K in {16..128}, num_warps in {2, 4, 8} with
BLOCK_M x BLOCK_N >= 128 x num_warps (perfmodel.rank's built-in space: 284 of them), less those
whose fp32 accumulator alone exceeds 256 registers per thread: 268 on NVIDIA (32-thread warps),
280 on AMD (64-lane waves).

Raw rows go to validation/data/compile/register_table_raw.jsonl (one JSON line per compile,
appended as they finish, so an interrupted run resumes where it stopped). The held-out check
of the table is the independent compile sweep and the H200 runs (tests/test_resources.py).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
from perfmodel.rank import BLOCK_K, BLOCK_MN, WARPS  # noqa: E402  (the built-in space)
from validation.compile_sweep import TARGETS, alignment_of, one

RAW = HERE / "data" / "compile" / "register_table_raw.jsonl"
TABLE = ROOT / "perfmodel" / "register_table.json"

GROUP_M = 8


def geometries(warp_size: int) -> list[tuple[int, int, int, int]]:
    """The built-in space's tile geometries whose fp32 accumulator fits in 256 registers per
    thread (BLOCK_M x BLOCK_N / threads <= 256). Larger ones spill massively (ptxas takes
    minutes on them) and are left to the fit's spill estimate."""
    return [(m, n, k, w) for m in BLOCK_MN for n in BLOCK_MN for k in BLOCK_K for w in WARPS
            if m * n >= w * 128 and m * n <= 256 * w * warp_size]


#: (alignment class, num_stages) compiled for every geometry, in this order: one compile per
#: stage class of perfmodel.register_table.stage_class
CLASSES = (("all", 3), ("all", 2), ("none", 3), ("all", 1),
           ("k", 3), ("n", 3), ("k", 2), ("n", 2), ("k", 1), ("n", 1))


def jobs_for(targets) -> list[tuple]:
    jobs = []
    for alignment, stages in CLASSES:
        for t in targets:
            for m, n, k, w in geometries(TARGETS[t][2]):
                c = {"BLOCK_M": m, "BLOCK_N": n, "BLOCK_K": k, "num_warps": w, "num_stages": stages,
                     "GROUP_M": GROUP_M, "SPLIT_K": 1}
                jobs.append((t, "fp16", alignment, c))
    return jobs


def _key(row) -> tuple:
    return (row["target"], alignment_of(row), row["BLOCK_M"], row["BLOCK_N"], row["BLOCK_K"], row["num_warps"],
            row["num_stages"])


def compile_main(args) -> int:
    import multiprocessing as mp

    import triton

    targets = [t.strip() for t in args.targets.split(",") if t.strip()]
    bad = [t for t in targets if t not in TARGETS]
    if bad:
        print(f"register_table: unknown target(s) {', '.join(bad)}; allowed: {', '.join(TARGETS)}", file=sys.stderr)
        return 2
    done = set()
    if RAW.exists():
        for line in RAW.read_text().splitlines():
            r = json.loads(line)
            if r.get("kind") == "compile":
                done.add(_key(r))
    jobs = [j for j in jobs_for(targets) if (j[0], j[2], j[3]["BLOCK_M"], j[3]["BLOCK_N"], j[3]["BLOCK_K"],
                                              j[3]["num_warps"], j[3]["num_stages"]) not in done]
    print(f"[register_table] {len(jobs)} compiles to do ({len(done)} already recorded)", file=sys.stderr, flush=True)
    RAW.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    with open(RAW, "a") as f:
        if not done:
            f.write(json.dumps({"kind": "header", "triton": triton.__version__,
                                "kernel": "validation/kernels/matmul.py:matmul_kernel",
                                "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                                "command": "python validation/register_table.py compile " + " ".join(sys.argv[2:])}) + "\n")
        with ProcessPoolExecutor(max_workers=args.jobs, mp_context=mp.get_context("spawn")) as ex:
            futs = [ex.submit(one, j) for j in jobs]
            for i, fut in enumerate(as_completed(futs), 1):
                f.write(json.dumps(fut.result()) + "\n")
                f.flush()
                if i % 50 == 0 or i == len(jobs):
                    rate = i / max(time.time() - t0, 1e-9)
                    print(f"[register_table] {i}/{len(jobs)} compiled, {time.time() - t0:.0f}s, "
                          f"~{(len(jobs) - i) / rate / 60:.0f} min left", file=sys.stderr, flush=True)
    return 0


def registers_of(row) -> tuple[int, int]:
    """(registers per thread, spilled 4-byte registers per thread) as the compiler reports them.
    NVIDIA: cuobjdump REG and STACK / 4; AMD: LLVM's TotalNumVgprs (what occupancy uses) and
    ScratchSize / 4 (as perfmodel.resources.from_compile reads them)."""
    if "n_regs" in row:
        return int(row["n_regs"]), int(row["stack_bytes"]) // 4
    return int(row["TotalNumVgprs"]), int(row.get("ScratchSize") or 0) // 4


def build_main(args) -> int:
    lines = RAW.read_text().splitlines()
    header = json.loads(lines[0])
    rows = [json.loads(x) for x in lines[1:]]
    entries = {}
    failed = 0
    for r in rows:
        if (r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"]) not in geometries(TARGETS[r["target"]][2]):
            continue
        if r["status"] != "ok":
            failed += 1
            continue
        regs, spilled = registers_of(r)
        entries[_key(r)] = [r["target"], alignment_of(r), r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"],
                            r["num_stages"], regs, spilled]
    out = {"triton": header["triton"], "kernel": header["kernel"], "date_utc": header["date_utc"],
           "produced_by": "python validation/register_table.py compile && python validation/register_table.py build",
           "columns": ["target", "alignment", "BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "regs",
                       "spilled_regs"],
           "rows": [entries[k] for k in sorted(entries)]}
    with open(TABLE, "w") as f:
        f.write("{\n")
        f.writelines(f"  {json.dumps(key)}: {json.dumps(out[key])},\n" for key in ("triton", "kernel", "date_utc", "produced_by", "columns"))
        f.write('  "rows": [\n')
        f.write(",\n".join("    " + json.dumps(e) for e in out["rows"]))
        f.write("\n  ]\n}\n")
    print(f"wrote {TABLE}: {len(out['rows'])} entries ({failed} compiles failed and are left out)", file=sys.stderr)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("compile", help="compile the geometries (appends to the raw file)")
    c.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    c.add_argument("--targets", default=",".join(TARGETS))
    sub.add_parser("build", help="turn the raw compiles into perfmodel/register_table.json")
    args = ap.parse_args(argv)
    return compile_main(args) if args.cmd == "compile" else build_main(args)


if __name__ == "__main__":
    sys.exit(main())
