#!/usr/bin/env python3
"""Which spilled registers the main loop touches: count the local-memory instructions (SASS LDL,
STL) inside the k-loop of every sm_90 compile of the grouped kernel's register table that spills,
and build the table perfmodel.kernels.registers.LoopSpillTable reads (Triton 3.6.0, no GPU).

    python validation/loop_spills.py compile [--jobs 2] [--keys sm_90/tf32,sm_90/tf32/nt]
    python validation/loop_spills.py build   # -> perfmodel/kernels/grouped/loop_spills.json

Why: the model charged every spilled register once per k-step (calibration spill_s_per_reg), but
ptxas spills what the loop does not need where it can. The TF32 class-k 256x128x32 tile at 8
warps spills 132 registers, all of them stored and loaded outside its k-loop (72 STL and 72 LDL,
none between the loop's label and its backward branch), and on the H200 it ran at a third of the
time the per-k-step charge gave it (validation/NOTES.md, session 14).

How: each compile is redone exactly as validation/register_table.py did it (Triton's cache makes
that quick where those compiles ran here), its cubin disassembled with the nvdisasm Triton ships,
and the main loop taken as the backward branch's region holding the most matrix (HGMMA, HMMA) or
FMA instructions. Per compile: the 4-byte words per thread the LDL and STL instructions in that
region move each k-step (an LDL.64 two, an LDL.128 four) and those of the whole kernel.

Raw rows: validation/data/compile/loop_spills_raw.jsonl.gz (one JSON line per compile, appended as
they finish; an interrupted run resumes). How long it takes is in validation/data/README.md.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

RAW = HERE / "data" / "compile" / "loop_spills_raw.jsonl.gz"
TABLE = HERE.parent / "perfmodel" / "kernels" / "grouped" / "register_table.json"
OUT = HERE.parent / "perfmodel" / "kernels" / "grouped" / "loop_spills.json"
#: the register table's keys whose spilling compiles are disassembled (sm_90: nvdisasm reads its cubins)
KEYS = ("sm_90", "sm_90/nt", "sm_90/tf32", "sm_90/tf32/nt", "sm_90/fp8", "sm_90/fp8/nt")
#: instructions that mark the main loop: the dot's (wgmma, mma.sync) or the FMAs of IEEE fp32
LOOP_MARKS = ("HGMMA", "HMMA", "FFMA")
COLUMNS = ["target", "alignment", "BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "loop_local",
           "kernel_local"]


def loop_counts(sass: str) -> dict:
    """4-byte words per thread that LDL/STL move inside the main loop (module doc) and in the whole
    kernel."""
    lines = sass.splitlines()
    labels = {m.group(1): i for i, line in enumerate(lines) if (m := re.match(r"\s*(\.L_x_\d+):", line))}
    best = None
    for i, line in enumerate(lines):
        m = re.search(r"BRA\b.*?(\.L_x_\d+)", line)
        if m and labels.get(m.group(1), i) < i:
            start = labels[m.group(1)]
            marks = sum(any(x in s for x in LOOP_MARKS) for s in lines[start:i + 1])
            if best is None or marks > best[0]:
                best = (marks, start, i)
    out = {"kernel_ldl": _words(lines, "LDL"), "kernel_stl": _words(lines, "STL")}
    if best is not None:
        seg = lines[best[1]:best[2] + 1]
        out.update(loop_ldl=_words(seg, "LDL"), loop_stl=_words(seg, "STL"), loop_lines=len(seg), loop_marks=best[0])
    return out


#: 4-byte words one local-memory instruction moves per thread, by its width suffix (none: 32 bits)
WIDTHS = {"": 1, "64": 2, "128": 4}


def _words(lines: list[str], op: str) -> int:
    """4-byte words per thread the `op` (LDL or STL) instructions of `lines` move: an LDL.64 reloads
    two spilled registers, an LDL.128 four."""
    total = 0
    for line in lines:
        m = re.search(rf"\b{op}((?:\.[A-Z0-9]+)*)\s", line)
        if m:
            width = next((w for w in m.group(1).split(".") if w in ("64", "128")), "")
            total += WIDTHS[width]
    return total


def _nvdisasm() -> str:
    import triton
    return str(Path(triton.__file__).parent / "backends" / "nvidia" / "bin" / "nvdisasm")


def one(row: list) -> dict:
    """Compile one table row's config (its key names dtype and layout) and count its spills' accesses."""
    from validation.compile_sweep import compile_grouped
    key, cls, bm, bn, bk, w, stages = row[:7]
    parts = key.split("/")
    dtype = next((p for p in parts[1:] if p in ("tf32", "fp8", "fp32")), "fp16")
    layout = next((p for p in parts[1:] if p in ("nt", "tn", "tt")), "nn")
    base = {"key": key, "class": cls, "BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "num_warps": w, "num_stages": stages,
            "regs": row[7], "spilled_regs": row[8]}
    cfg = {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "num_warps": w, "num_stages": stages, "GROUP_M": 8, "SPLIT_K": 1}
    try:
        kernel = compile_grouped(parts[0], dtype, cls, cfg, layout=layout)
        with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
            f.write(kernel.asm["cubin"])
        sass = subprocess.run([_nvdisasm(), "-c", "-gi", f.name], capture_output=True, text=True, check=True).stdout
        os.unlink(f.name)
        return {**base, "status": "ok", **loop_counts(sass)}
    except Exception as e:  # noqa: BLE001  (recorded, left out of the table)
        return {**base, "status": "error", "error": f"{type(e).__name__}: {str(e)[:200]}"}


def _done() -> set:
    if not RAW.exists():
        return set()
    with gzip.open(RAW, "rt") as f:
        return {tuple(r[k] for k in ("key", "class", "BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages"))
                for r in map(json.loads, f) if r.get("kind") != "header"}


def compile_main(args) -> int:
    import multiprocessing as mp

    import triton
    keys = [k.strip() for k in args.keys.split(",")]
    rows = [r for r in json.loads(TABLE.read_text())["rows"] if r[0] in keys and r[8] > 0]
    done = _done()
    todo = [r for r in rows if tuple(r[:7]) not in done]
    print(f"[loop_spills] {len(todo)} compiles to disassemble ({len(done)} already recorded)", file=sys.stderr, flush=True)
    RAW.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    with gzip.open(RAW, "at") as f:
        if not done:
            f.write(json.dumps({"kind": "header", "triton": triton.__version__,
                                "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                                "command": "python validation/loop_spills.py " + " ".join(sys.argv[1:])}) + "\n")
        with ProcessPoolExecutor(max_workers=args.jobs, mp_context=mp.get_context("spawn")) as ex:
            for i, res in enumerate(ex.map(one, todo, chunksize=4), 1):
                f.write(json.dumps(res) + "\n")
                f.flush()
                if i % 100 == 0 or i == len(todo):
                    rate = i / max(time.time() - t0, 1e-9)
                    print(f"[loop_spills] {i}/{len(todo)}, {time.time() - t0:.0f}s, ~{(len(todo) - i) / rate / 60:.0f} min left",
                          file=sys.stderr, flush=True)
    return 0


def table_of(raw: list[dict], register_table: dict) -> dict:
    """The table's JSON (header, grid, columns, rows) from the raw rows: per compile, the loop's
    LDL + STL and the kernel's; failed compiles are left out."""
    header, rows = raw[0], [r for r in raw[1:] if r.get("status") == "ok" and "loop_ldl" in r]
    entries = {}
    for r in rows:
        key = tuple(r[k] for k in ("key", "class", "BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages"))
        entries[key] = [*key, r["loop_ldl"] + r["loop_stl"], r["kernel_ldl"] + r["kernel_stl"]]
    return {"triton": header["triton"], "kernel": "grouped", "source": register_table["source"],
            "date_utc": header["date_utc"],
            "produced_by": "python validation/loop_spills.py compile && python validation/loop_spills.py build",
            "grid": register_table["grid"], "columns": COLUMNS, "rows": [entries[k] for k in sorted(entries)]}


def read_raw() -> list[dict]:
    with gzip.open(RAW, "rt") as f:
        return [json.loads(x) for x in f]


def build_main(args) -> int:
    from validation.register_table import write_table
    raw = read_raw()
    out = table_of(raw, json.loads(TABLE.read_text()))
    write_table(OUT, out)
    print(f"wrote {OUT}: {len(out['rows'])} entries ({len(raw) - 1 - len(out['rows'])} compiles left out)", file=sys.stderr)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("compile", help="disassemble the spilling compiles (appends to the raw file)")
    c.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    c.add_argument("--keys", default=",".join(KEYS), help="the register table's keys (default: every sm_90 one)")
    sub.add_parser("build", help="turn the raw rows into perfmodel/kernels/grouped/loop_spills.json")
    args = ap.parse_args(argv)
    return compile_main(args) if args.cmd == "compile" else build_main(args)


if __name__ == "__main__":
    sys.exit(main())
