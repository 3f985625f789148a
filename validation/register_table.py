#!/usr/bin/env python3
"""Compile every tile geometry of a kernel's built-in config space offline and record the
registers the compilers allocate: the table perfmodel.kernels.registers reads (Triton 3.6.0).

    python validation/register_table.py compile [--kernel grouped] [--jobs 2] [--targets sm_90,gfx942]
    python validation/register_table.py build [--kernel grouped]   # -> perfmodel/kernels/<kernel>/register_table.json

(How long the compiles take is in validation/data/README.md.)

Why a table: the compile sweep (validation/data/compile/compile_sweep.jsonl) shows that the
register count of the bundled grouped GEMM is decided by the tile geometry (BLOCK_M, BLOCK_N,
BLOCK_K, num_warps), the alignment class and whether num_stages is 1, 2 or more; GROUP_M and
num_stages >= 3 leave it within 10% (leave-one-out inside each geometry: 99% of pairs).
Across geometries, the choice is ptxas's / LLVM's register allocator and no closed formula
found so far is within 10% for more than ~70% of kernels (validation/fit_registers.py keeps
the best linear one, the fallback for geometries and dtypes outside the table).

Compiled per target the kernel runs on (grouped: sm_80, sm_90, gfx908, gfx90a, gfx942; tma:
sm_90), fp16 operands (16-bit: the sm_90 compile sweep shows bf16 allocates within 10% of fp16
for 162/162 configs), GROUP_M = 8, for each load class the kernel compiles to:
  grouped "all", "k", "n": num_stages = 1, 2 and 3 (3 stands for ">= 3") for every geometry;
  grouped "none":          num_stages = 3 (without 16-divisibility the pipeliner does not
                           multi-buffer; the sweep shows registers independent of num_stages there);
  tma "all":               num_stages = 1, 2 and 3.
Geometries: the kernel's built-in grid (perfmodel.kernels.grouped.model: BLOCK_M, BLOCK_N in
{16..256}, BLOCK_K in {16..128}, num_warps in {2, 4, 8} with BLOCK_M x BLOCK_N >= 128 x
num_warps: 284 of them), less those whose fp32 accumulator alone exceeds 256 registers per
thread: 268 on NVIDIA (32-thread warps), 280 on AMD (64-lane waves).

Raw rows go to validation/data/compile/register_table_raw[_<kernel>].jsonl.gz (gzip: one JSON line per
compile, appended as they finish, so an interrupted run resumes where it stopped). The
held-out check of each table is an independent compile sweep and the H200 runs
(tests/test_resources.py).
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
from perfmodel.kernels.grouped.model import BLOCK_K, BLOCK_MN, WARPS, store_class  # noqa: E402  (the built-in grid)
from perfmodel.kernels.registers import STAGE_CLASSES, table_key  # noqa: E402
from perfmodel.scoring.agreement import TABLE_SPLIT_K, kernel_of, load_class_of, problem_of_compile, problem_of_run  # noqa: E402
from validation.compile_sweep import KERNELS, POINTER_KERNELS, SOURCES, TARGETS, kernel_targets, one  # noqa: E402

GROUP_M = 8


def raw_path(kernel: str) -> Path:
    """The kernel's raw compiles: gzip-compressed JSON lines (appending adds a gzip member; a
    reader sees one stream)."""
    return HERE / "data" / "compile" / ("register_table_raw.jsonl.gz" if kernel == "grouped" else
                                        f"register_table_raw_{kernel}.jsonl.gz")


def raw_lines(kernel: str) -> list[str]:
    with gzip.open(raw_path(kernel), "rt") as f:
        return f.read().splitlines()


def table_path(kernel: str) -> Path:
    if kernel == "persistent_ws":  # one folder holds both persistent kernels' models
        return ROOT / "perfmodel" / "kernels" / "persistent" / "register_table_ws.json"
    return ROOT / "perfmodel" / "kernels" / kernel / "register_table.json"


def geometries(warp_size: int) -> list[tuple[int, int, int, int]]:
    """The built-in space's tile geometries whose fp32 accumulator fits in 256 registers per
    thread (BLOCK_M x BLOCK_N / threads <= 256). Larger ones spill massively (ptxas takes
    minutes on them) and are left to the fit's spill estimate."""
    return [(m, n, k, w) for m in BLOCK_MN for n in BLOCK_MN for k in BLOCK_K for w in WARPS
            if m * n >= w * 128 and m * n <= 256 * w * warp_size]


#: (load class, num_stages) compiled for every geometry, per kernel, in this order: one compile
#: per stage class of perfmodel.kernels.registers.stage_class
POINTER_CLASSES = (("all", 3), ("all", 2), ("none", 3), ("all", 1),
                   ("k", 3), ("n", 3), ("k", 2), ("n", 2), ("k", 1), ("n", 1))
CLASSES = {"grouped": POINTER_CLASSES, "splitk": POINTER_CLASSES,
           "tma": (("all", 3), ("all", 2), ("all", 1)),
           "persistent": (("all", 3), ("all", 2), ("all", 1)),
           "persistent_ws": (("all", 3), ("all", 2))}


def in_space(kernel: str, m: int, n: int, w: int) -> bool:
    """Whether a geometry is in the kernel's space: the warp-specialized kernel's is the tiles
    Triton 3.6.0 specializes on sm_90 (64 rows, 4 warps, BLOCK_N <= 128: perfmodel.gpu.configs)."""
    return kernel != "persistent_ws" or (m == 64 and w == 4 and n <= 128)


#: the load classes a layout other than nn compiles to: in nt both operands' row stride is K, so
#: both are vectorized or neither is; "k" there (K 16-divisible, N not) loads like "all" but stores
#: C element by element, which costs registers (h200/cstore_probe.jsonl: up to 255 and spills;
#: session 12)
OTHER_LAYOUT_CLASSES = (("all", 3), ("all", 2), ("none", 3), ("all", 1), ("k", 3), ("k", 2), ("k", 1))


def jobs_for(kernel: str, targets, layout: str = "nn", dtype: str = "fp16", loads=None) -> list[tuple]:
    """The compiles of every geometry in every (load class, num_stages) of the kernel and layout,
    only in the load classes `loads` where given."""
    jobs = []
    classes = CLASSES[kernel] if layout == "nn" or kernel not in POINTER_KERNELS else OTHER_LAYOUT_CLASSES
    classes = [(a, s) for a, s in classes if loads is None or a in loads]
    for alignment, stages in classes:
        for t in targets:
            for m, n, k, w in [g for g in geometries(TARGETS[t][2]) if in_space(kernel, g[0], g[1], g[3])]:
                c = {"BLOCK_M": m, "BLOCK_N": n, "BLOCK_K": k, "num_warps": w, "num_stages": stages,
                     "GROUP_M": GROUP_M, "SPLIT_K": TABLE_SPLIT_K.get(kernel, 1)}
                jobs.append((kernel, t, dtype, alignment, c, layout))
    return jobs


def table_class(row) -> str:
    """The table class a compile row is kept under: its load class, or the class whose C store
    it compiled (perfmodel.kernels.grouped.model.store_class: nt with N not 16-divisible -> "k")."""
    problem = problem_of_run(row) if "M" in row else problem_of_compile(row)
    return store_class(problem, load_class_of(row))


def _key(row) -> tuple:
    return (table_key(row["target"], row["dtype"], row.get("layout", "nn")), table_class(row), row["BLOCK_M"],
            row["BLOCK_N"], row["BLOCK_K"], row["num_warps"], row["num_stages"])


def compile_main(args) -> int:
    import multiprocessing as mp

    import triton

    allowed = kernel_targets(args.kernel)
    targets = [t.strip() for t in (args.targets or ",".join(allowed)).split(",") if t.strip()]
    bad = [t for t in targets if t not in allowed]
    if bad:
        print(f"register_table: target(s) {', '.join(bad)} not compilable for {args.kernel}; allowed: "
              f"{', '.join(allowed)}", file=sys.stderr)
        return 2
    raw = raw_path(args.kernel)
    done = set()
    if raw.exists():
        for line in raw_lines(args.kernel):
            r = json.loads(line)
            if r.get("kind") == "compile":
                done.add(_key(r))
    loads = [x.strip() for x in args.loads.split(",")] if args.loads else None
    jobs = [j for j in jobs_for(args.kernel, targets, args.layout, args.dtype, loads)
            if (table_key(j[1], j[2], j[5]), j[3], j[4]["BLOCK_M"], j[4]["BLOCK_N"], j[4]["BLOCK_K"], j[4]["num_warps"],
                j[4]["num_stages"]) not in done]
    print(f"[register_table] {len(jobs)} compiles to do ({len(done)} already recorded)", file=sys.stderr, flush=True)
    raw.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    with gzip.open(raw, "at") as f:
        if not done:
            f.write(json.dumps({"kind": "header", "triton": triton.__version__, "kernel": args.kernel,
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


def write_table(path: Path, out: dict) -> None:
    """A table's JSON, its header keys one per line and one row per line (diffs stay readable)."""
    with open(path, "w") as f:
        f.write("{\n")
        f.writelines(f"  {json.dumps(key)}: {json.dumps(out[key])},\n"
                     for key in ("triton", "kernel", "source", "date_utc", "produced_by", "grid", "columns"))
        f.write('  "rows": [\n')
        f.write(",\n".join("    " + json.dumps(e) for e in out["rows"]))
        f.write("\n  ]\n}\n")


def build_main(args) -> int:
    lines = raw_lines(args.kernel)
    header = json.loads(lines[0])
    rows = [json.loads(x) for x in lines[1:]]
    entries = {}
    failed = 0
    for r in rows:
        if kernel_of(r) != args.kernel:
            continue
        if (r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"]) not in geometries(TARGETS[r["target"]][2]):
            continue
        if r["status"] != "ok":
            failed += 1
            continue
        regs, spilled = registers_of(r)
        entries[_key(r)] = [_key(r)[0], table_class(r), r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"],
                            r["num_stages"], regs, spilled]
    grid = {"loads": list(dict.fromkeys(a for a, _ in CLASSES[args.kernel])), "BLOCK_MN": list(BLOCK_MN),
            "BLOCK_K": list(BLOCK_K), "num_warps": list(WARPS), "stage_classes": list(STAGE_CLASSES)}
    out = {"triton": header["triton"], "kernel": args.kernel, "source": SOURCES[args.kernel], "date_utc": header["date_utc"],
           "produced_by": f"python validation/register_table.py compile --kernel {args.kernel} && "
                          f"python validation/register_table.py build --kernel {args.kernel}",
           "grid": grid,
           "columns": ["target", "alignment", "BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "regs",
                       "spilled_regs"],
           "rows": [entries[k] for k in sorted(entries)]}
    path = table_path(args.kernel)
    write_table(path, out)
    print(f"wrote {path}: {len(out['rows'])} entries ({failed} compiles failed and are left out)", file=sys.stderr)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("compile", help="compile the geometries (appends to the raw file)")
    c.add_argument("--kernel", choices=KERNELS, default="grouped")
    c.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    c.add_argument("--targets", default=None, help="comma-separated (default: every target the kernel runs on)")
    c.add_argument("--layout", default="nn", help="the operands' layout (perfmodel.layouts; default nn)")
    c.add_argument("--dtype", default="fp16", help="fp16 (stands for 16-bit operands, default), tf32, fp8 or fp32 (IEEE)")
    c.add_argument("--loads", default=None, help="comma-separated load classes to compile (default: all the kernel has)")
    b = sub.add_parser("build", help="turn the raw compiles into perfmodel/kernels/<kernel>/register_table.json")
    b.add_argument("--kernel", choices=KERNELS, default="grouped")
    args = ap.parse_args(argv)
    return compile_main(args) if args.cmd == "compile" else build_main(args)


if __name__ == "__main__":
    sys.exit(main())
