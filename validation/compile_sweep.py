#!/usr/bin/env python3
"""Compile the bundled grouped GEMM offline (CPU only, Triton 3.6.0: the `compile` extra) for
sm_80, sm_90, gfx908, gfx90a and gfx942 over the validation grid, and record every resource
figure the compilers report.

    python validation/compile_sweep.py [--jobs 2] [--targets sm_90,gfx942] [--limit N]

Writes validation/data/compile/compile_sweep.jsonl: one header row (Triton version, date,
command), then one row per (target, dtype, alignment, config) with
  NVIDIA: metadata.shared, and from `cuobjdump --dump-resource-usage` on the cubin: REG,
          STACK, LOCAL (spills show up as LOCAL/STACK bytes); whether the dot became wgmma
          or mma.sync;
  AMD:    metadata.shared (Triton's dynamic LDS), and LLVM's own report from the amdgcn text:
          NumVgprs, NumAgprs, TotalNumVgprs, TotalNumSgprs, ScratchSize, `; Occupancy:`,
          .vgpr_spill_count, static LDS; whether the dot became MFMA.
gfx906 is left out: Triton 3.6.0 does not compile for it.

Alignment classes (row "alignment"; "aligned" is true only for "all"): "all" means M, N, K and
the row strides are multiples of 16 elements (Triton then specializes them as divisible by 16
and can vectorize); "none" means none of them is; "k" means only K (and A's row stride K) is,
so A is loaded in 16-byte vectors and B element by element; "n" means only N (B's and C's row
stride) is. M's divisibility changes nothing measurable and follows K/N's.

    python validation/compile_sweep.py --alignments k,n --out validation/data/compile/compile_sweep_mixed.jsonl
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from validation import suite  # noqa: E402

TARGETS = {
    "sm_80": ("cuda", 80, 32),
    "sm_90": ("cuda", 90, 32),
    "gfx908": ("hip", "gfx908", 64),
    "gfx90a": ("hip", "gfx90a", 64),
    "gfx942": ("hip", "gfx942", 64),
}
OUT = HERE / "data" / "compile" / "compile_sweep.jsonl"

_AMD_FIELDS = {
    "NumVgprs": r"; NumVgprs: (\d+)",
    "NumAgprs": r"; NumAgprs: (\d+)",
    "TotalNumVgprs": r"; TotalNumVgprs: (\d+)",
    "TotalNumSgprs": r"; TotalNumSgprs: (\d+)",
    "ScratchSize": r"; ScratchSize: (\d+)",
    "llvm_occupancy": r"; Occupancy: (\d+)",
    "lds_static_bytes": r"; LDSByteSize: (\d+)",
    "vgpr_spill_count": r"\.vgpr_spill_count:\s+(\d+)",
    "sgpr_spill_count": r"\.sgpr_spill_count:\s+(\d+)",
    "sgpr_count": r"\.sgpr_count:\s+(\d+)",
    "vgpr_count": r"\.vgpr_count:\s+(\d+)",
    "agpr_count": r"\.agpr_count:\s+(\d+)",
    "max_flat_workgroup_size": r"\.max_flat_workgroup_size:\s+(\d+)",
}


ALIGNMENTS = ("all", "none", "k", "n")
_DIVISIBLE = {"all": ["M", "N", "K", "stride_am", "stride_bk", "stride_cm"], "none": [],
              "k": ["M", "K", "stride_am"], "n": ["M", "N", "stride_bk", "stride_cm"]}


def alignment_name(aligned) -> str:
    """True/False (the original two classes) or one of ALIGNMENTS -> the class name."""
    if isinstance(aligned, bool):
        return "all" if aligned else "none"
    if aligned not in ALIGNMENTS:
        raise ValueError(f"alignment {aligned!r}; allowed: {', '.join(ALIGNMENTS)}")
    return aligned


def alignment_of(row: dict) -> str:
    """A recorded row's alignment class (rows before the mixed classes carry only "aligned")."""
    return row.get("alignment") or ("all" if row["aligned"] else "none")


def compile_grouped(target_name: str, dtype: str, aligned, c: dict):
    """Compile matmul_kernel for one config exactly as the JIT specializes it on a launch with
    16-byte aligned pointers, unit inner strides and the alignment class's 16-divisible
    sizes/strides (aligned: True = "all", False = "none", or "k" / "n")."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    from validation.kernels import matmul as mk

    backend, arch, warp = TARGETS[target_name]
    fn = mk.matmul_kernel
    names = fn.arg_names
    ty = {"fp16": "*fp16", "bf16": "*bf16"}[dtype]
    # ints: M N K stride_am stride_ak stride_bk stride_bn stride_cm stride_cn
    sig = {"a_ptr": ty, "b_ptr": ty, "c_ptr": ty, "M": "i32", "N": "i32", "K": "i32",
           "stride_am": "i32", "stride_ak": "constexpr", "stride_bk": "i32", "stride_bn": "constexpr",
           "stride_cm": "i32", "stride_cn": "constexpr",
           "BLOCK_M": "constexpr", "BLOCK_N": "constexpr", "BLOCK_K": "constexpr", "GROUP_M": "constexpr"}
    constexprs = {"stride_ak": 1, "stride_bn": 1, "stride_cn": 1, "BLOCK_M": c["BLOCK_M"],
                  "BLOCK_N": c["BLOCK_N"], "BLOCK_K": c["BLOCK_K"], "GROUP_M": c["GROUP_M"]}
    div16 = ["a_ptr", "b_ptr", "c_ptr"] + _DIVISIBLE[alignment_name(aligned)]
    attrs = {(names.index(n),): [["tt.divisibility", 16]] for n in div16}
    src = ASTSource(fn=fn, signature=sig, constexprs={(names.index(k),): v for k, v in constexprs.items()}, attrs=attrs)
    return triton.compile(src, target=GPUTarget(backend, arch, warp),
                          options={"num_warps": c["num_warps"], "num_stages": c["num_stages"]})


def _cuobjdump() -> str:
    import triton

    return str(Path(triton.__file__).parent / "backends" / "nvidia" / "bin" / "cuobjdump")


def nvidia_resources(kernel) -> dict:
    with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
        f.write(kernel.asm["cubin"])
        path = f.name
    try:
        out = subprocess.run([_cuobjdump(), "--dump-resource-usage", path], capture_output=True, text=True, timeout=60).stdout
    finally:
        os.unlink(path)
    m = re.search(r"REG:(\d+)\s+STACK:(\d+)\s+SHARED:(\d+)\s+LOCAL:(\d+)", out)
    ptx = kernel.asm.get("ptx", "")
    return {
        "n_regs": int(m.group(1)), "stack_bytes": int(m.group(2)), "static_shared_bytes": int(m.group(3)),
        "local_bytes": int(m.group(4)),
        "mma": "wgmma" if "wgmma.mma_async" in ptx else ("mma" if "mma.sync" in ptx else "fma"),
        "async_copy": "cp.async.bulk" if "cp.async.bulk" in ptx else ("cp.async" if "cp.async" in ptx else "none"),
    }


def amd_resources(kernel) -> dict:
    text = kernel.asm["amdgcn"]
    row = {}
    for key, pat in _AMD_FIELDS.items():
        m = re.search(pat, text)
        row[key] = int(m.group(1)) if m else None
    row["mma"] = "mfma" if "v_mfma" in text else "fma"
    return row


def one(job) -> dict:
    target_name, dtype, aligned, c = job
    al = alignment_name(aligned)
    row = {"kind": "compile", "target": target_name, "dtype": dtype, "aligned": al == "all", "alignment": al,
           "config": suite.cfg_name(c), **c}
    t0 = time.time()
    try:
        k = compile_grouped(target_name, dtype, aligned, c)
        row["smem_bytes"] = int(k.metadata.shared)
        row.update(nvidia_resources(k) if TARGETS[target_name][0] == "cuda" else amd_resources(k))
        row["status"] = "ok"
    except Exception as e:  # noqa: BLE001 - record what does not compile
        msg = f"{type(e).__name__}: {' '.join(str(e).split())[:300]}"
        row["status"] = "out_of_resources" if "OutOfResources" in msg or "out of resource" in msg else "error"
        row["error"] = msg
    row["compile_s"] = round(time.time() - t0, 2)
    return row


def jobs_for(targets, alignments=("all", "none")) -> list:
    configs = suite.grid_configs()
    jobs = []
    for t in targets:
        for al in alignments:
            for c in configs:
                jobs.append((t, "fp16", al, c))
        if t == "sm_90" and "all" in alignments:
            for c in configs:
                jobs.append((t, "bf16", "all", c))
    return jobs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--alignments", default="all,none", help=f"comma-separated classes of {', '.join(ALIGNMENTS)}")
    ap.add_argument("--limit", type=int, default=0, help="compile only the first N jobs (a quick check)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    import triton

    targets = [t.strip() for t in args.targets.split(",") if t.strip()]
    for t in targets:
        if t not in TARGETS:
            print(f"compile_sweep: unknown target '{t}'; allowed: {', '.join(TARGETS)}", file=sys.stderr)
            return 2
    alignments = [a.strip() for a in args.alignments.split(",") if a.strip()]
    bad = [a for a in alignments if a not in ALIGNMENTS]
    if bad:
        print(f"compile_sweep: unknown alignment(s) {', '.join(bad)}; allowed: {', '.join(ALIGNMENTS)}", file=sys.stderr)
        return 2
    jobs = jobs_for(targets, alignments)
    if args.limit:
        jobs = jobs[: args.limit]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    header = {"kind": "header", "triton": triton.__version__, "kernel": "validation/kernels/matmul.py:matmul_kernel",
              "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
              "command": "python validation/compile_sweep.py " + " ".join(argv or sys.argv[1:]),
              "targets": targets}
    rows = []
    t0 = time.time()
    tty = sys.stderr.isatty()
    import multiprocessing as mp

    with ProcessPoolExecutor(max_workers=args.jobs, mp_context=mp.get_context("spawn")) as ex:
        futs = [ex.submit(one, j) for j in jobs]
        for i, f in enumerate(as_completed(futs), 1):
            rows.append(f.result())
            if tty or i % 100 == 0 or i == len(jobs):
                end = "\r" if tty and i < len(jobs) else "\n"
                print(f"[compile_sweep] {i}/{len(jobs)} compiled, {time.time() - t0:.0f}s", end=end, file=sys.stderr, flush=True)
    rows.sort(key=lambda r: (r["target"], r["dtype"], ALIGNMENTS.index(r["alignment"]), r["config"]))
    with open(args.out, "w") as f:
        f.write(json.dumps(header) + "\n")
        for r in rows:
            f.write(json.dumps(r) + "\n")
    ok = sum(r["status"] == "ok" for r in rows)
    print(f"wrote {args.out}: {ok}/{len(rows)} compiled", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
