#!/usr/bin/env python3
"""Compile a bundled GEMM kernel offline (CPU only, Triton 3.6.0: the `compile` extra) for every
compile target of the bundled device files (sm_80, sm_90, gfx908, gfx90a, gfx942:
`toolchain.compile_target`) over the validation grid, and record every resource figure the
compilers report.

    python validation/compile_sweep.py [--kernel grouped] [--jobs 2] [--targets sm_90,gfx942] [--limit N]

Writes validation/data/compile/compile_sweep.jsonl: one header row (Triton version, date,
command), then one row per (kernel, target, dtype, alignment, config) with
  NVIDIA: metadata.shared, and from `cuobjdump --dump-resource-usage` on the cubin: REG,
          STACK, LOCAL (spills show up as LOCAL/STACK bytes); whether the dot became wgmma
          or mma.sync;
  AMD:    metadata.shared (Triton's dynamic LDS), and LLVM's own report from the amdgcn text:
          NumVgprs, NumAgprs, TotalNumVgprs, TotalNumSgprs, ScratchSize, `; Occupancy:`,
          .vgpr_spill_count, static LDS; whether the dot became MFMA.
gfx906 is left out: Triton 3.6.0 does not compile for it (its device file names no compile target).

Alignment classes (row "alignment"; "aligned" is true only for "all"): "all" means M, N, K and
the row strides are multiples of 16 elements (Triton then specializes them as divisible by 16
and can vectorize); "none" means none of them is; "k" means only K (and A's row stride K) is,
so A is loaded in 16-byte vectors and B element by element; "n" means only N (B's and C's row
stride) is. M's divisibility changes nothing measurable and follows K/N's.

    python validation/compile_sweep.py --alignments k,n --out validation/data/compile/compile_sweep_mixed.jsonl

The TMA kernel (tensor descriptors; only targets whose device has a Tensor Memory Accelerator,
i.e. sm_90) loads any 16-byte aligned stride in bulk, so it is compiled in class "all" only:

    python validation/compile_sweep.py --kernel tma --out validation/data/compile/compile_sweep_tma.jsonl
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
from perfmodel.dtypes import DTYPES  # noqa: E402
from perfmodel.hardware import known_devices  # noqa: E402
from perfmodel.names import config_name  # noqa: E402
from perfmodel.problem import ALIGNMENTS  # noqa: E402
from validation import suite  # noqa: E402

OUT = HERE / "data" / "compile" / "compile_sweep.jsonl"
KERNELS = ("grouped", "tma")


def compile_targets(feature: str | None = None) -> dict[str, tuple]:
    """{target: (Triton backend, GPUTarget arch, warp size)} for every bundled device that names a
    compile target (and has `feature`, e.g. "tensor_memory_accelerator", when given)."""
    out = {}
    for spec in known_devices():
        t = spec.compile_target
        if t and t not in out and (feature is None or spec.has(feature)):
            out[t] = (spec.backend, int(t.removeprefix("sm_")) if spec.backend == "cuda" else t, spec.warp_size)
    return out


TARGETS = compile_targets()

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


#: the grouped kernel's row strides, and the size each equals (row-major A, B, C)
_STRIDE_OF = {"stride_am": "K", "stride_bk": "N", "stride_cm": "N"}


def divisible_args(alignment: str) -> list[str]:
    """The integer arguments a launch in this class has 16-divisible: its sizes and the strides equal to them."""
    sizes = ALIGNMENTS[alignment].divisible
    return list(sizes) + [s for s, size in _STRIDE_OF.items() if size in sizes]


def alignment_name(aligned) -> str:
    """True/False (the original two classes) or one of ALIGNMENTS -> the class name."""
    if isinstance(aligned, bool):
        return "all" if aligned else "none"
    if aligned not in ALIGNMENTS:
        raise ValueError(f"alignment {aligned!r}; allowed: {', '.join(ALIGNMENTS)}")
    return aligned


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
    ty = "*" + DTYPES[dtype].triton
    # ints: M N K stride_am stride_ak stride_bk stride_bn stride_cm stride_cn
    sig = {"a_ptr": ty, "b_ptr": ty, "c_ptr": ty, "M": "i32", "N": "i32", "K": "i32",
           "stride_am": "i32", "stride_ak": "constexpr", "stride_bk": "i32", "stride_bn": "constexpr",
           "stride_cm": "i32", "stride_cn": "constexpr",
           "BLOCK_M": "constexpr", "BLOCK_N": "constexpr", "BLOCK_K": "constexpr", "GROUP_M": "constexpr"}
    constexprs = {"stride_ak": 1, "stride_bn": 1, "stride_cn": 1, "BLOCK_M": c["BLOCK_M"],
                  "BLOCK_N": c["BLOCK_N"], "BLOCK_K": c["BLOCK_K"], "GROUP_M": c["GROUP_M"]}
    div16 = ["a_ptr", "b_ptr", "c_ptr"] + divisible_args(alignment_name(aligned))
    attrs = {(names.index(n),): [["tt.divisibility", 16]] for n in div16}
    src = ASTSource(fn=fn, signature=sig, constexprs={(names.index(k),): v for k, v in constexprs.items()}, attrs=attrs)
    return triton.compile(src, target=GPUTarget(backend, arch, warp),
                          options={"num_warps": c["num_warps"], "num_stages": c["num_stages"]})


def compile_tma(target_name: str, dtype: str, c: dict):
    """Compile matmul_tma_kernel for one config as the JIT specializes it on a launch with host
    tensor descriptors (boxes BM x BK, BK x BN, BM x BN) and 16-divisible M, N, K."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    from validation.kernels import matmul as mk

    backend, arch, warp = TARGETS[target_name]
    fn = mk.matmul_tma_kernel
    names = fn.arg_names
    bm, bn, bk, t = c["BLOCK_M"], c["BLOCK_N"], c["BLOCK_K"], DTYPES[dtype].triton
    sig = {"a_desc": f"tensordesc<{t}[{bm}, {bk}]>", "b_desc": f"tensordesc<{t}[{bk}, {bn}]>",
           "c_desc": f"tensordesc<{t}[{bm}, {bn}]>", "M": "i32", "N": "i32", "K": "i32",
           "BLOCK_M": "constexpr", "BLOCK_N": "constexpr", "BLOCK_K": "constexpr", "GROUP_M": "constexpr"}
    constexprs = {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_M": c["GROUP_M"]}
    attrs = {(names.index(n),): [["tt.divisibility", 16]] for n in ("M", "N", "K")}
    src = ASTSource(fn=fn, signature=sig, constexprs={(names.index(k),): v for k, v in constexprs.items()}, attrs=attrs)
    return triton.compile(src, target=GPUTarget(backend, arch, warp),
                          options={"num_warps": c["num_warps"], "num_stages": c["num_stages"]})


def compile_kernel(kernel: str, target_name: str, dtype: str, alignment, c: dict):
    """Compile one bundled kernel for one config (alignment: the grouped kernel's class)."""
    if kernel == "tma":
        return compile_tma(target_name, dtype, c)
    return compile_grouped(target_name, dtype, alignment, c)


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
    """Compile one (kernel, target, dtype, alignment, config) and record what the compiler reports."""
    kernel, target_name, dtype, aligned, c = job
    al = alignment_name(aligned)
    row = {"kind": "compile", "kernel": kernel, "target": target_name, "dtype": dtype, "aligned": al == "all",
           "alignment": al, "config": config_name(c), **c}
    t0 = time.time()
    try:
        k = compile_kernel(kernel, target_name, dtype, aligned, c)
        row["smem_bytes"] = int(k.metadata.shared)
        row.update(nvidia_resources(k) if TARGETS[target_name][0] == "cuda" else amd_resources(k))
        row["status"] = "ok"
    except Exception as e:  # noqa: BLE001 - record what does not compile
        msg = f"{type(e).__name__}: {' '.join(str(e).split())[:300]}"
        row["status"] = "out_of_resources" if "OutOfResources" in msg or "out of resource" in msg else "error"
        row["error"] = msg
    row["compile_s"] = round(time.time() - t0, 2)
    return row


def grid_smem_limit(device: str = "h200") -> int:
    """The shared-memory limit the validation grid was drawn with: the device it was timed on."""
    from perfmodel.hardware import load_hardware

    return int(load_hardware(device).shared_memory.max_per_block_bytes.value)


def jobs_for(targets, alignments=("all", "none"), kernel="grouped") -> list:
    """The grid for every target and class in fp16, and in bf16 too for class "all" on the
    targets with warpgroup MMA (sm_90: where bf16 could allocate differently)."""
    configs = suite.grid_configs(grid_smem_limit())
    wgmma_targets = {spec.compile_target for spec in known_devices() if spec.has("warpgroup_mma")}
    jobs = []
    for t in targets:
        for al in alignments:
            for c in configs:
                jobs.append((kernel, t, "fp16", al, c))
        if t in wgmma_targets and "all" in alignments:
            for c in configs:
                jobs.append((kernel, t, "bf16", "all", c))
    return jobs


def kernel_targets(kernel: str) -> dict[str, tuple]:
    """The compile targets a kernel runs on (the TMA kernel: devices with a TMA only)."""
    return compile_targets("tensor_memory_accelerator" if kernel == "tma" else None)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernel", choices=KERNELS, default="grouped")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--targets", default=None, help=f"comma-separated (default: every target the kernel runs on: "
                                                    f"{', '.join(TARGETS)})")
    ap.add_argument("--alignments", default=None, help=f"comma-separated classes of {', '.join(ALIGNMENTS)} "
                                                       "(default all,none; tma: all)")
    ap.add_argument("--limit", type=int, default=0, help="compile only the first N jobs (a quick check)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    import triton

    allowed = kernel_targets(args.kernel)
    targets = [t.strip() for t in (args.targets or ",".join(allowed)).split(",") if t.strip()]
    for t in targets:
        if t not in allowed:
            print(f"compile_sweep: target '{t}' not compilable for {args.kernel}; allowed: {', '.join(allowed)}",
                  file=sys.stderr)
            return 2
    alignments = [a.strip() for a in (args.alignments or ("all" if args.kernel == "tma" else "all,none")).split(",")
                  if a.strip()]
    bad = [a for a in alignments if a not in ALIGNMENTS]
    if bad:
        print(f"compile_sweep: unknown alignment(s) {', '.join(bad)}; allowed: {', '.join(ALIGNMENTS)}", file=sys.stderr)
        return 2
    jobs = jobs_for(targets, alignments, args.kernel)
    if args.limit:
        jobs = jobs[: args.limit]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    header = {"kind": "header", "triton": triton.__version__, "kernel": args.kernel,
              "source": "perfmodel/gpu/kernels.py:" + ("matmul_tma_kernel" if args.kernel == "tma" else "matmul_kernel"),
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
    rows.sort(key=lambda r: (r["target"], r["dtype"], list(ALIGNMENTS).index(r["alignment"]), r["config"]))
    with open(args.out, "w") as f:
        f.write(json.dumps(header) + "\n")
        for r in rows:
            f.write(json.dumps(r) + "\n")
    ok = sum(r["status"] == "ok" for r in rows)
    print(f"wrote {args.out}: {ok}/{len(rows)} compiled", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
