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
from perfmodel.layouts import LAYOUTS  # noqa: E402
from perfmodel.hardware import known_devices  # noqa: E402
from perfmodel.names import config_name  # noqa: E402
from perfmodel.problem import ALIGNMENTS, GemmProblem  # noqa: E402
from validation import suite  # noqa: E402

OUT = HERE / "data" / "compile" / "compile_sweep.jsonl"
KERNELS = ("grouped", "splitk", "tma", "persistent", "persistent_ws")
#: the kernels that load through pointers: every target, every load class
POINTER_KERNELS = ("grouped", "splitk")


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
#: NUM_SMS the persistent kernels are compiled with per target: the SMs of the device the grid was
#: timed on where it has the target (only a loop stride: resources do not depend on it)
SM_COUNT = {t: 132 for t in TARGETS}
SOURCES = {"grouped": "perfmodel/gpu/kernels.py:matmul_kernel", "splitk": "perfmodel/gpu/kernels.py:matmul_splitk_kernel",
           "tma": "perfmodel/gpu/kernels.py:matmul_tma_kernel",
           "persistent": "perfmodel/gpu/persistent.py:matmul_persistent_kernel (WARP_SPECIALIZE False, FLATTEN True)",
           "persistent_ws": "perfmodel/gpu/persistent.py:matmul_persistent_kernel (WARP_SPECIALIZE True, FLATTEN False)"}

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


def stride_sizes(layout: str = "nn") -> dict[str, str | int]:
    """The grouped kernel's strides in a layout: the size each equals ("K", ...) or 1."""
    lay = LAYOUTS[layout]
    a = {"stride_am": "K", "stride_ak": 1} if lay.a_k_major else {"stride_am": 1, "stride_ak": "M"}
    b = {"stride_bk": 1, "stride_bn": "K"} if lay.b_k_major else {"stride_bk": "N", "stride_bn": 1}
    return {**a, **b, "stride_cm": "N", "stride_cn": 1}


def divisible_args(alignment: str, layout: str = "nn") -> list[str]:
    """The integer arguments a launch with these 16-divisible sizes has 16-divisible: the sizes
    and the strides equal to them (`alignment`: the sizes' class, ALIGNMENTS)."""
    sizes = ALIGNMENTS[alignment].divisible
    return list(sizes) + [s for s, size in stride_sizes(layout).items() if size in sizes]


def alignment_name(aligned) -> str:
    """True/False (the original two classes) or one of ALIGNMENTS -> the class name."""
    if isinstance(aligned, bool):
        return "all" if aligned else "none"
    if aligned not in ALIGNMENTS:
        raise ValueError(f"alignment {aligned!r}; allowed: {', '.join(ALIGNMENTS)}")
    return aligned


def compile_grouped(target_name: str, dtype: str, aligned, c: dict, layout: str = "nn", splitk: bool = False):
    """Compile matmul_kernel (or, `splitk`, matmul_splitk_kernel: fp32 partials, its row stride N
    in the code, SPLIT_K as the config says) for one config exactly as the JIT
    specializes it on a launch in `layout` with 16-byte aligned pointers, unit strides where the
    layout has them and the class's 16-divisible sizes/strides (aligned: True = "all", False =
    "none", or "k" / "n": which of the sizes are 16-divisible)."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    from validation.kernels import matmul as mk

    backend, arch, warp = TARGETS[target_name]
    fn = mk.matmul_splitk_kernel if splitk else mk.matmul_kernel
    names = fn.arg_names
    ty = "*" + DTYPES[dtype].triton
    strides = {k: v for k, v in stride_sizes(layout).items() if not (splitk and k.startswith("stride_c"))}
    out = {"w_ptr": "*fp32"} if splitk else {"c_ptr": "*" + DTYPES[dtype].c_triton}
    split = {"SPLIT_K": c["SPLIT_K"]} if splitk else {}
    sig = {"a_ptr": ty, "b_ptr": ty, **out, "M": "i32", "N": "i32", "K": "i32",
           **{k: "constexpr" if v == 1 else "i32" for k, v in strides.items()},
           "BLOCK_M": "constexpr", "BLOCK_N": "constexpr", "BLOCK_K": "constexpr", "GROUP_M": "constexpr",
           **{k: "constexpr" for k in split}, "PRECISION": "constexpr"}
    constexprs = {**{k: 1 for k, v in strides.items() if v == 1}, "BLOCK_M": c["BLOCK_M"],
                  "BLOCK_N": c["BLOCK_N"], "BLOCK_K": c["BLOCK_K"], "GROUP_M": c["GROUP_M"], **split,
                  "PRECISION": DTYPES[dtype].precision}
    div16 = ["a_ptr", "b_ptr", *out] + [a for a in divisible_args(alignment_name(aligned), layout) if a in names]
    attrs = {(names.index(n),): [["tt.divisibility", 16]] for n in div16}
    src = ASTSource(fn=fn, signature=sig, constexprs={(names.index(k),): v for k, v in constexprs.items()}, attrs=attrs)
    return triton.compile(src, target=GPUTarget(backend, arch, warp),
                          options={"num_warps": c["num_warps"], "num_stages": c["num_stages"]})


def compile_tma(target_name: str, dtype: str, c: dict, layout: str = "nn"):
    """Compile matmul_tma_kernel for one config as the JIT specializes it on a launch with host
    tensor descriptors over the stored tensors (boxes BM x BK or BK x BM, BK x BN or BN x BK,
    BM x BN) and 16-divisible M, N, K."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    from validation.kernels import matmul as mk

    backend, arch, warp = TARGETS[target_name]
    fn = mk.matmul_tma_kernel
    names = fn.arg_names
    bm, bn, bk, t = c["BLOCK_M"], c["BLOCK_N"], c["BLOCK_K"], DTYPES[dtype].triton
    lay = LAYOUTS[layout]
    a_box = f"[{bm}, {bk}]" if lay.a_k_major else f"[{bk}, {bm}]"
    b_box = f"[{bn}, {bk}]" if lay.b_k_major else f"[{bk}, {bn}]"
    sig = {"a_desc": f"tensordesc<{t}{a_box}>", "b_desc": f"tensordesc<{t}{b_box}>",
           "c_desc": f"tensordesc<{DTYPES[dtype].c_triton}[{bm}, {bn}]>", "M": "i32", "N": "i32", "K": "i32",
           "BLOCK_M": "constexpr", "BLOCK_N": "constexpr", "BLOCK_K": "constexpr", "GROUP_M": "constexpr",
           "PRECISION": "constexpr", "A_T": "constexpr", "B_T": "constexpr"}
    constexprs = {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_M": c["GROUP_M"],
                  "PRECISION": DTYPES[dtype].precision, "A_T": not lay.a_k_major, "B_T": lay.b_k_major}
    attrs = {(names.index(n),): [["tt.divisibility", 16]] for n in ("M", "N", "K")}
    src = ASTSource(fn=fn, signature=sig, constexprs={(names.index(k),): v for k, v in constexprs.items()}, attrs=attrs)
    return triton.compile(src, target=GPUTarget(backend, arch, warp),
                          options={"num_warps": c["num_warps"], "num_stages": c["num_stages"]})


def compile_persistent(target_name: str, dtype: str, c: dict, layout: str = "nn", kernel: str = "persistent"):
    """Compile matmul_persistent_kernel (perfmodel/gpu/persistent.py) in the variant `kernel`
    names, as the launcher specializes it: the TMA kernel's boxes, C in BM x BN/2 boxes of the
    output dtype, NUM_SMS of the target's bundled device (132 for sm_90)."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    from perfmodel.gpu import persistent as pk

    backend, arch, warp = TARGETS[target_name]
    fn = pk.matmul_persistent_kernel
    names = fn.arg_names
    bm, bn, bk, t = c["BLOCK_M"], c["BLOCK_N"], c["BLOCK_K"], DTYPES[dtype].triton
    out = DTYPES[dtype].c_triton
    lay = LAYOUTS[layout]
    a_box = f"[{bm}, {bk}]" if lay.a_k_major else f"[{bk}, {bm}]"
    b_box = f"[{bn}, {bk}]" if lay.b_k_major else f"[{bk}, {bn}]"
    sig = {"a_desc": f"tensordesc<{t}{a_box}>", "b_desc": f"tensordesc<{t}{b_box}>",
           "c_desc": f"tensordesc<{out}[{bm}, {bn // 2}]>", "M": "i32", "N": "i32", "K": "i32"}
    sig.update({n: "constexpr" for n in names[6:]})
    constexprs = {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_M": c["GROUP_M"], "NUM_SMS": SM_COUNT[target_name],
                  "PRECISION": DTYPES[dtype].precision, "A_T": not lay.a_k_major, "B_T": lay.b_k_major,
                  **pk.VARIANTS[kernel]}
    attrs = {(names.index(n),): [["tt.divisibility", 16]] for n in ("M", "N", "K")}
    src = ASTSource(fn=fn, signature=sig, constexprs={(names.index(k),): v for k, v in constexprs.items()}, attrs=attrs)
    return triton.compile(src, target=GPUTarget(backend, arch, warp),
                          options={"num_warps": c["num_warps"], "num_stages": c["num_stages"]})


def compile_kernel(kernel: str, target_name: str, dtype: str, alignment, c: dict, layout: str = "nn"):
    """Compile one bundled kernel for one config (alignment: the grouped kernel's class)."""
    if kernel == "tma":
        return compile_tma(target_name, dtype, c, layout)
    if kernel.startswith("persistent"):
        return compile_persistent(target_name, dtype, c, layout, kernel)
    return compile_grouped(target_name, dtype, alignment, c, layout, splitk=kernel == "splitk")


def cubin_tool(cubin: bytes, tool: str, *args: str, check: bool = False) -> str:
    """stdout of one of the NVIDIA tools Triton ships (cuobjdump, nvdisasm) run on a cubin."""
    import triton

    exe = Path(triton.__file__).parent / "backends" / "nvidia" / "bin" / tool
    with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
        f.write(cubin)
        path = f.name
    try:
        return subprocess.run([str(exe), *args, path], capture_output=True, text=True, timeout=60, check=check).stdout
    finally:
        os.unlink(path)


def nvidia_resources(kernel) -> dict:
    out = cubin_tool(kernel.asm["cubin"], "cuobjdump", "--dump-resource-usage")
    m = re.search(r"REG:(\d+)\s+STACK:(\d+)\s+SHARED:(\d+)\s+LOCAL:(\d+)", out)
    ptx = kernel.asm.get("ptx", "")
    return {
        "n_regs": int(m.group(1)), "stack_bytes": int(m.group(2)), "static_shared_bytes": int(m.group(3)),
        "local_bytes": int(m.group(4)),
        "mma": "wgmma" if "wgmma.mma_async" in ptx else ("mma" if "mma.sync" in ptx else "fma"),
        "async_copy": "cp.async.bulk" if "cp.async.bulk" in ptx else ("cp.async" if "cp.async" in ptx else "none"),
        # warp specialization: partitions in the TTGIR, the warps the kernel launches with, register moves
        "warp_specialized": "ttg.warp_specialize" in kernel.asm.get("ttgir", ""),
        "launch_warps": int(kernel.metadata.num_warps), "setmaxnreg": ptx.count("setmaxnreg"),
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
    """Compile one (kernel, target, dtype, alignment, config[, layout]) and record what the
    compiler reports. `alignment` names the 16-divisible sizes; the row's "alignment" is the
    load class those sizes give in the layout (GemmProblem.alignment), "sizes" the sizes' class."""
    kernel, target_name, dtype, aligned, c, *rest = job
    layout = rest[0] if rest else "nn"
    al = alignment_name(aligned)
    M, N, K = ALIGNMENTS[al].representative()
    load = GemmProblem(M=M, N=N, K=K, dtype=dtype, layout=layout).alignment
    row = {"kind": "compile", "kernel": kernel, "target": target_name, "dtype": dtype, "aligned": load == "all",
           "alignment": load, "config": config_name(c), **c}
    if layout != "nn":
        row.update(layout=layout, sizes=al)
    t0 = time.time()
    try:
        k = compile_kernel(kernel, target_name, dtype, aligned, c, layout)
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


def jobs_for(targets, alignments=("all", "none"), kernel="grouped", layouts=("nn",), dtypes=None) -> list:
    """The grid for every target, class and layout in fp16, and in bf16 too for class "all" on
    the targets with warpgroup MMA (sm_90: where bf16 could allocate differently); with
    `dtypes`, in exactly those (the grid drawn for their element size)."""
    wgmma_targets = {spec.compile_target for spec in known_devices() if spec.has("warpgroup_mma")}
    jobs = []
    for layout in layouts:
        for t in targets:
            for dtype in dtypes or ("fp16",):
                configs = suite.grid_configs(grid_smem_limit(), DTYPES[dtype].in_bytes)
                jobs += [(kernel, t, dtype, al, c, layout) for al in alignments for c in configs]
            if dtypes is None and t in wgmma_targets and "all" in alignments:
                jobs += [(kernel, t, "bf16", "all", c, layout) for c in suite.grid_configs(grid_smem_limit())]
    return jobs


def kernel_targets(kernel: str) -> dict[str, tuple]:
    """The compile targets a kernel runs on (the TMA kernel: devices with a TMA only)."""
    return compile_targets(None if kernel in POINTER_KERNELS else "tensor_memory_accelerator")


def _arguments(argv):
    """The command line (module doc)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernel", choices=KERNELS, default="grouped")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--targets", default=None, help=f"comma-separated (default: every target the kernel runs on: "
                                                    f"{', '.join(TARGETS)})")
    ap.add_argument("--alignments", default=None, help=f"comma-separated classes of {', '.join(ALIGNMENTS)} "
                                                       "(default all,none; tma: all)")
    ap.add_argument("--layouts", default="nn", help="comma-separated layouts of perfmodel.layouts (default nn)")
    ap.add_argument("--dtypes", default=None, help="comma-separated dtypes (default fp16, plus bf16 on wgmma targets)")
    ap.add_argument("--limit", type=int, default=0, help="compile only the first N jobs (a quick check)")
    ap.add_argument("--out", type=Path, default=OUT)
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = _arguments(argv)
    import triton

    allowed = kernel_targets(args.kernel)
    targets = [t.strip() for t in (args.targets or ",".join(allowed)).split(",") if t.strip()]
    for t in targets:
        if t not in allowed:
            print(f"compile_sweep: target '{t}' not compilable for {args.kernel}; allowed: {', '.join(allowed)}",
                  file=sys.stderr)
            return 2
    alignments = [a.strip() for a in (args.alignments or ("all,none" if args.kernel == "grouped" else "all")).split(",")
                  if a.strip()]
    bad = [a for a in alignments if a not in ALIGNMENTS]
    if bad:
        print(f"compile_sweep: unknown alignment(s) {', '.join(bad)}; allowed: {', '.join(ALIGNMENTS)}", file=sys.stderr)
        return 2
    layouts = [x.strip() for x in args.layouts.split(",") if x.strip()]
    dtypes = [x.strip() for x in args.dtypes.split(",")] if args.dtypes else None
    bad = [x for x in layouts if x not in LAYOUTS] + [x for x in dtypes or () if x not in DTYPES]
    if bad:
        print(f"compile_sweep: unknown layout or dtype {', '.join(bad)}", file=sys.stderr)
        return 2
    jobs = jobs_for(targets, alignments, args.kernel, layouts, dtypes)
    if args.limit:
        jobs = jobs[: args.limit]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    header = {"kind": "header", "triton": triton.__version__, "kernel": args.kernel,
              "source": SOURCES[args.kernel],
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
    rows.sort(key=lambda r: (r.get("layout", "nn"), r["target"], r["dtype"], list(ALIGNMENTS).index(r["alignment"]),
                             r["config"]))
    with open(args.out, "w") as f:
        f.write(json.dumps(header) + "\n")
        for r in rows:
            f.write(json.dumps(r) + "\n")
    ok = sum(r["status"] == "ok" for r in rows)
    print(f"wrote {args.out}: {ok}/{len(rows)} compiled", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
