#!/usr/bin/env python3
"""Time the bundled Triton GEMM kernels over the validation suite on an NVIDIA GPU.

Run on the GPU machine (needs torch + triton 3.6.0; no perfmodel, no pydantic):

    python3 validation/device_sweep.py --out OUTDIR [--shapes 0:12] [--calibrate] [--jobs 16]

What it does, per shape (validation/suite.py):
  1. precompiles every (kernel, config, dtype, specialization) in parallel worker processes
     (Triton's on-disk cache is shared, so the timing process only loads the binaries);
  2. for every config: poisons C with NaN, launches, checks every element was written and the
     relative error ||C - A@B|| / ||A@B|| against an fp32 reference (fresh random inputs);
  3. times it with triton.testing.do_bench (median; do_bench flushes L2 before each call),
     choosing warm-up and repetition time from a first measurement so that each config gets
     about 25 timed runs;
  4. records the compiled resources (n_regs, n_spills, metadata.shared) and the CUDA driver's
     cuOccupancyMaxActiveBlocksPerMultiprocessor for the kernel;
  5. times torch.matmul (cuBLAS) on the same inputs.
Rows are JSON lines appended to OUTDIR/runs.jsonl as they are measured; a shape is marked
done with a `shape_done` row, and a rerun skips shapes already done (resumable by shape index,
so the 10-minute command limit never loses finished work).

--calibrate first runs the microbenchmarks perfmodel's H200 calibration needs (DRAM copy
bandwidth, L2 bandwidth and capacity curve, launch overhead, cuBLAS fp16/bf16/tf32 throughput,
SM clock under load) into OUTDIR/calibration.json, and a synthetic occupancy sweep of the
driver (OUTDIR/occupancy_driver.jsonl).
"""

from __future__ import annotations

import argparse
import ctypes
import datetime
import json
import platform
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from perfmodel.dtypes import DTYPES  # noqa: E402  (plain table: no pydantic needed here)
from validation import suite  # noqa: E402


def device_limits() -> tuple[int, int]:
    """(SM count, shared-memory bytes per block with opt-in) of GPU 0, from torch."""
    import torch

    p = torch.cuda.get_device_properties(0)
    return p.multi_processor_count, int(p.shared_memory_per_block_optin)


def torch_dtype(dtype: str):
    import torch

    return getattr(torch, DTYPES[dtype].torch)

# ---------------------------------------------------------------------------------------
# environment
# ---------------------------------------------------------------------------------------


def _smi(query: str) -> str:
    """nvidia-smi's answer for the GPU this process uses (the first of CUDA_VISIBLE_DEVICES)."""
    import os

    gpu = (os.environ.get("CUDA_VISIBLE_DEVICES") or "0").split(",")[0]
    try:
        out = subprocess.run(["nvidia-smi", "-i", gpu, f"--query-gpu={query}", "--format=csv,noheader,nounits"],
                             capture_output=True, text=True, timeout=20)
        return out.stdout.strip()
    except Exception as e:  # noqa: BLE001
        return f"unavailable: {e}"


def environment(argv) -> dict:
    import torch
    import triton

    p = torch.cuda.get_device_properties(0)
    return {
        "kind": "header",
        "gpu_name": p.name,
        "sm_count": p.multi_processor_count,
        "l2_bytes": getattr(p, "L2_cache_size", None),
        "total_memory_bytes": p.total_memory,
        "compute_capability": f"{p.major}.{p.minor}",
        "driver": _smi("driver_version"),
        "clocks_mhz_sm_mem_maxsm_maxmem": _smi("clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem"),
        "power_limit_w": _smi("power.limit"),
        "torch": torch.__version__,
        "cuda_runtime": torch.version.cuda,
        "triton": triton.__version__,
        "python": platform.python_version(),
        "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": " ".join(argv),
        "timing": "triton.testing.do_bench median (L2 flushed before each call), ~25 repetitions",
    }


# ---------------------------------------------------------------------------------------
# what to run for a shape
# ---------------------------------------------------------------------------------------


def load_nvmh_picks() -> dict:
    p = HERE / "data" / "nvmh_picks.json"
    if not p.exists():
        return {}
    return json.loads(p.read_text()).get("picks", {})


def entries_for_shape(M, N, K, dtype, nvmh, limits) -> list[dict]:
    """(kernel, config, tags) to time for one shape, deduplicated; `limits` = device_limits()."""
    sm_count, smem_limit = limits
    out: dict[tuple, dict] = {}

    def add(kernel, c, tag):
        c = {k: int(c.get(k, 1)) for k in suite.CONFIG_KEYS}
        key = (kernel, suite.cfg_name(c))
        if key not in out:
            out[key] = {"kernel": kernel, "config": c, "tags": []}
        if tag not in out[key]["tags"]:
            out[key]["tags"].append(tag)

    tut = {suite.cfg_name(c) for c in suite.TUTORIAL_CONFIGS}
    for c in suite.grid_configs(smem_limit):
        add("grouped", c, "grid")
        if suite.cfg_name(c) in tut:
            add("grouped", c, "tutorial")
        if suite.cfg_name(c) == suite.cfg_name(suite.DEFAULT_CONFIG):
            add("grouped", c, "default")
    if suite.wants_splitk(M, N, sm_count):
        for c in suite.splitk_configs():
            add("splitk", c, "grid")
    for c in nvmh.get(suite.shape_key(M, N, K, dtype), []):
        add("splitk" if c.get("SPLIT_K", 1) > 1 else "grouped", c, "nvmh")
    if suite.tma_ok(M, N, K):
        for c in suite.TMA_CONFIGS:
            add("tma", c, "tma")
    return list(out.values())


# ---------------------------------------------------------------------------------------
# parallel precompile
# ---------------------------------------------------------------------------------------


def _int_args(M, N, K, kernel):
    if kernel == "grouped":
        return [M, N, K, K, 1, N, 1, N, 1]
    return [M, N, K, K, 1, N, 1]


def _spec_pattern(ints) -> tuple:
    return tuple((x % 16 == 0, x == 1) for x in ints)


def _precompile(job) -> tuple[str, str]:
    kernel, dtype, M, N, K, c = job
    try:
        import torch

        from validation.kernels import matmul as mk

        dt = torch_dtype(dtype)
        meta = dict(BLOCK_M=c["BLOCK_M"], BLOCK_N=c["BLOCK_N"], BLOCK_K=c["BLOCK_K"], GROUP_M=c["GROUP_M"],
                    num_warps=c["num_warps"], num_stages=c["num_stages"], grid=(1,))
        if kernel == "grouped":
            mk.matmul_kernel.warmup(dt, dt, dt, *_int_args(M, N, K, kernel), **meta)
        elif kernel == "splitk":
            mk.matmul_splitk_kernel.warmup(dt, dt, torch.float32, *_int_args(M, N, K, kernel),
                                           SPLIT_K=c["SPLIT_K"], **meta)
        return suite.cfg_name(c), "ok"
    except Exception as e:  # noqa: BLE001 - a config that does not compile is recorded, not fatal
        return suite.cfg_name(c), f"{type(e).__name__}: {str(e)[:200]}"


def precompile(shapes, nvmh, jobs: int) -> None:
    todo, seen = [], set()
    limits = device_limits()
    for (_, M, N, K, dtype) in shapes:
        for e in entries_for_shape(M, N, K, dtype, nvmh, limits):
            if e["kernel"] == "tma":
                continue
            key = (e["kernel"], dtype, _spec_pattern(_int_args(M, N, K, e["kernel"])), suite.cfg_name(e["config"]))
            if key not in seen:
                seen.add(key)
                todo.append((e["kernel"], dtype, M, N, K, e["config"]))
    t0 = time.time()
    import multiprocessing as mp

    failed = 0
    with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn")) as ex:
        futs = [ex.submit(_precompile, j) for j in todo]
        for i, f in enumerate(as_completed(futs), 1):
            name, status = f.result()
            if status != "ok":
                failed += 1
            if i % 100 == 0 or i == len(todo):
                print(f"[precompile] {i}/{len(todo)} done, {failed} failed, {time.time() - t0:.0f}s", flush=True)


# ---------------------------------------------------------------------------------------
# measurement
# ---------------------------------------------------------------------------------------

_libcuda = None


def driver_occupancy(function_handle: int, threads: int, dyn_smem: int) -> int | None:
    """cuOccupancyMaxActiveBlocksPerMultiprocessor through the driver API (libcuda)."""
    global _libcuda
    if _libcuda is None:
        _libcuda = ctypes.CDLL("libcuda.so.1")
    n = ctypes.c_int(-1)
    rc = _libcuda.cuOccupancyMaxActiveBlocksPerMultiprocessor(
        ctypes.byref(n), ctypes.c_void_p(function_handle), ctypes.c_int(threads), ctypes.c_size_t(dyn_smem))
    return n.value if rc == 0 else None


def func_attribute(function_handle: int, attr: int) -> int | None:
    global _libcuda
    if _libcuda is None:
        _libcuda = ctypes.CDLL("libcuda.so.1")
    v = ctypes.c_int(-1)
    rc = _libcuda.cuFuncGetAttribute(ctypes.byref(v), ctypes.c_int(attr), ctypes.c_void_p(function_handle))
    return v.value if rc == 0 else None


CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8


def bench(fn, est_ms: float) -> float:
    import triton.testing

    per_call = est_ms + 0.1  # do_bench's estimate includes the 256 MB L2 flush (~0.1 ms)
    rep = min(max(25 * per_call, 1.0), 400.0)
    warmup = min(max(3 * per_call, 0.5), 60.0)
    return float(triton.testing.do_bench(fn, warmup=warmup, rep=rep, return_mode="median"))


def quick_time_ms(fn, n=3) -> float:
    import torch

    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    fn()
    s.record()
    for _ in range(n):
        fn()
    e.record()
    torch.cuda.synchronize()
    return s.elapsed_time(e) / n


def kernel_resources(k, threads: int) -> dict:
    shared = int(k.metadata.shared)
    return {
        "n_regs": int(k.n_regs),
        "n_spills": int(k.n_spills),
        "smem_bytes": shared,
        "threads": threads,
        "driver_blocks_per_sm": driver_occupancy(k.function, threads, shared),
        "max_dyn_smem_attr": func_attribute(k.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES),
    }


def run_shape(si, shape, nvmh, out, occ_samples):
    import torch

    from validation.kernels import matmul as mk

    fam, M, N, K, dtype = shape
    dt = torch_dtype(dtype)
    torch.manual_seed(1000 + si)
    a = torch.randn((M, K), device="cuda", dtype=dt)
    b = torch.randn((K, N), device="cuda", dtype=dt)
    ref = torch.matmul(a.float(), b.float())
    ref_norm = ref.norm().item()
    c = torch.empty((M, N), device="cuda", dtype=dt)
    base = {"shape_index": si, "family": fam, "M": M, "N": N, "K": K, "dtype": dtype}

    # cuBLAS on the same inputs
    f = lambda: torch.matmul(a, b)  # noqa: E731
    t = bench(f, quick_time_ms(f))
    cub = torch.matmul(a, b)
    out.write(json.dumps({**base, "kind": "cublas", "time_ms": t,
                          "rel_err": (cub.float() - ref).norm().item() / ref_norm}) + "\n")
    out.flush()

    entries = entries_for_shape(M, N, K, dtype, nvmh, device_limits())
    max_split = max([e["config"]["SPLIT_K"] for e in entries if e["kernel"] == "splitk"] or [1])
    workspace = torch.empty(max_split * M * N, device="cuda", dtype=torch.float32) if max_split > 1 else None
    n_ok = n_bad = 0
    t_shape = time.time()
    for e in entries:
        cf, kernel = e["config"], e["kernel"]
        row = {**base, "kind": "run", "kernel": kernel, "config": suite.cfg_name(cf), **cf, "tags": e["tags"]}
        try:
            if kernel == "grouped":
                launch = lambda: mk.launch_matmul(a, b, c, cf)  # noqa: E731
            elif kernel == "splitk":
                launch = lambda: mk.launch_splitk(a, b, c, cf, workspace)  # noqa: E731
            else:
                descs = mk.make_tma_descriptors(a, b, c, cf)
                launch = lambda: mk.launch_tma(a, b, c, cf, descs)  # noqa: E731
            c.fill_(float("nan"))
            ks = launch()
            torch.cuda.synchronize()
            finite = bool(torch.isfinite(c).all().item())
            err = (c.float() - ref).norm().item() / ref_norm
            row["rel_err"] = err
            row["all_written"] = finite
            tol = 1e-2 if dtype == "fp16" else 2e-2
            row["correct"] = bool(finite and err < tol)
            res = kernel_resources(ks[0], cf["num_warps"] * 32)
            row.update(res)
            if len(ks) > 1:
                row["reduce_n_regs"] = int(ks[1].n_regs)
            if res["driver_blocks_per_sm"] is not None and len(occ_samples) < 4000:
                occ_samples.append((ks[0], cf["num_warps"]))
            row["time_ms"] = bench(launch, quick_time_ms(launch))
            row["status"] = "ok" if row["correct"] else "incorrect"
            n_ok += row["correct"]
            n_bad += not row["correct"]
        except Exception as ex:  # noqa: BLE001
            msg = f"{type(ex).__name__}: {str(ex)[:300]}"
            row["status"] = "out_of_resources" if "OutOfResources" in msg or "out of resource" in msg.lower() else "error"
            row["error"] = msg
            n_bad += 1
        out.write(json.dumps(row) + "\n")
        out.flush()
    out.write(json.dumps({**base, "kind": "shape_done", "n_ok": n_ok, "n_bad": n_bad,
                          "seconds": round(time.time() - t_shape, 1)}) + "\n")
    out.flush()
    print(f"[shape {si}] {fam} {M}x{N}x{K} {dtype}: {n_ok} ok, {n_bad} not, {time.time() - t_shape:.0f}s", flush=True)
    del a, b, ref, c, workspace
    torch.cuda.empty_cache()


# ---------------------------------------------------------------------------------------
# calibration microbenchmarks
# ---------------------------------------------------------------------------------------


def calibrate(outdir: Path) -> None:
    import torch
    import triton
    import triton.language as tl
    import triton.testing

    res: dict = {"kind": "calibration", "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}
    # DRAM: a large device-to-device copy (bytes read + bytes written)
    n = 1 << 30  # 1 GiB each way
    x = torch.empty(n, dtype=torch.uint8, device="cuda").random_(0, 255)
    y = torch.empty_like(x)
    t = triton.testing.do_bench(lambda: y.copy_(x), warmup=50, rep=300, return_mode="median")
    res["dram_copy"] = {"bytes": 2 * n, "time_ms": t, "bw_bytes_per_s": 2 * n / (t * 1e-3)}
    del x, y
    # L2: every program re-reads its slice of a buffer R times through L2 (.cg bypasses L1);
    # bytes/time over the footprint gives L2 bandwidth while it fits and the knee gives the
    # effective capacity for reuse.
    @triton.jit
    def _l2_read(x_ptr, out_ptr, chunk, R, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        base = pid * chunk
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for r in range(R):
            for off in range(0, chunk, BLOCK):
                acc += tl.load(x_ptr + base + off + tl.arange(0, BLOCK), cache_modifier=".cg")
        tl.store(out_ptr + pid * BLOCK + tl.arange(0, BLOCK), acc)

    progs, block = device_limits()[0] * 8, 1024
    curve = []
    for mib in (4, 8, 16, 24, 28, 32, 36, 40, 44, 48, 56, 64, 80, 96, 128, 256):
        chunk = max(block, (mib * (1 << 20) // 4 // progs) // block * block)
        footprint = chunk * progs * 4
        reps = max(1, int(4e9 // footprint))
        x = torch.randn(chunk * progs, device="cuda", dtype=torch.float32)
        o = torch.empty(progs * block, device="cuda", dtype=torch.float32)
        ms = triton.testing.do_bench(lambda: _l2_read[(progs,)](x, o, chunk, reps, BLOCK=block, num_warps=4),
                                     warmup=5, rep=50, return_mode="median")
        curve.append({"footprint_bytes": footprint, "passes": reps, "time_ms": ms,
                      "bw_bytes_per_s": footprint * reps / (ms * 1e-3)})
        del x, o
    res["l2_read_curve"] = curve

    # launch overhead: an empty Triton kernel timed the way the sweep times GEMMs
    @triton.jit
    def _empty(x_ptr):
        pass

    xx = torch.empty(16, device="cuda")
    res["empty_kernel_do_bench_ms"] = triton.testing.do_bench(lambda: _empty[(1,)](xx), warmup=20, rep=200, return_mode="median")
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record()
    for _ in range(2000):
        _empty[(1,)](xx)
    e.record()
    torch.cuda.synchronize()
    res["empty_kernel_back_to_back_ms"] = s.elapsed_time(e) / 2000

    # cuBLAS throughput, random data, 8192^3
    mm = {}
    for name, dt, tf32 in (("fp16", torch.float16, False), ("bf16", torch.bfloat16, False), ("tf32", torch.float32, True)):
        torch.backends.cuda.matmul.allow_tf32 = tf32
        a = torch.randn(8192, 8192, device="cuda", dtype=dt)
        b = torch.randn(8192, 8192, device="cuda", dtype=dt)
        t = triton.testing.do_bench(lambda: torch.matmul(a, b), warmup=100, rep=500, return_mode="median")
        mm[name] = {"M": 8192, "N": 8192, "K": 8192, "time_ms": t, "ops_per_s": 2 * 8192**3 / (t * 1e-3)}
        del a, b
    torch.backends.cuda.matmul.allow_tf32 = False
    res["cublas_8192"] = mm
    res["clocks_after_gemm_mhz_sm_mem"] = _smi("clocks.sm,clocks.mem")
    (outdir / "calibration.json").write_text(json.dumps(res, indent=2))
    print("[calibrate] l2 read curve (MiB: TB/s): " + ", ".join(
        f"{r['footprint_bytes'] / 2**20:.0f}: {r['bw_bytes_per_s'] / 1e12:.1f}" for r in curve), flush=True)
    print(f"[calibrate] dram {res['dram_copy']['bw_bytes_per_s'] / 1e12:.2f} TB/s, "
          f"cublas fp16 {mm['fp16']['ops_per_s'] / 1e12:.0f} TFLOP/s, empty kernel {res['empty_kernel_do_bench_ms'] * 1e3:.1f} us", flush=True)


def occupancy_sweep(samples, outdir: Path) -> None:
    """The driver's answer over a grid of (threads, dynamic shared bytes) for kernels with
    different register counts: more ground truth for the occupancy model than the GEMMs alone."""
    seen, rows = set(), []
    for k, warps in samples:
        key = (int(k.n_regs), warps, int(k.metadata.shared) > 49152)
        if key in seen:
            continue
        seen.add(key)
        max_dyn = func_attribute(k.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
        for threads in range(32, warps * 32 + 1, 32):
            limit = device_limits()[1]
            for smem in list(range(0, 48 * 1024 + 1, 4096)) + list(range(52 * 1024, limit + 1, 12 * 1024)) + [limit]:
                if smem > (max_dyn or 0):
                    continue
                rows.append({"n_regs": int(k.n_regs), "threads": threads, "smem_bytes": smem,
                             "max_dyn_smem_attr": max_dyn,
                             "driver_blocks_per_sm": driver_occupancy(k.function, threads, smem)})
    with open(outdir / "occupancy_driver.jsonl", "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print(f"[occupancy] {len(rows)} driver queries over {len(seen)} kernels", flush=True)


def main(argv=None) -> int:
    argv = sys.argv if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--shapes", default=f"0:{len(suite.SHAPES)}", help="START:END indices into suite.SHAPES")
    ap.add_argument("--jobs", type=int, default=16)
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--occupancy-sweep", action="store_true", help="after the shapes, query the driver over a (threads, smem) grid")
    ap.add_argument("--resume-from", type=Path, default=None, help="an earlier runs.jsonl: skip its finished shapes")
    ap.add_argument("--time-budget-s", type=float, default=1e9, help="stop starting new shapes after this")
    ap.add_argument("--suite", choices=["main", "holdout", "mixed", "padded", "holdout2", "reserve"], default="main",
                    help="holdout: suite.HOLDOUT_SHAPES (indexed from 100); mixed: suite.MIXED_SHAPES (from 200); "
                         "padded: suite.PADDED_SHAPES (from 300); holdout2: suite.HOLDOUT2_SHAPES (from 400); "
                         "reserve: suite.RESERVE_SHAPES (from 500)")
    ap.add_argument("--only", default="", help="comma-separated shape indices to run (e.g. a repeat for noise)")
    args = ap.parse_args(argv[1:])
    t_start = time.time()
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    args.out.mkdir(parents=True, exist_ok=True)
    if args.suite == "holdout":
        shapes = [(suite.HOLDOUT_BASE_INDEX + i, s) for i, s in enumerate(suite.HOLDOUT_SHAPES)]
    elif args.suite == "mixed":
        shapes = [(suite.MIXED_BASE_INDEX + i, s) for i, s in enumerate(suite.MIXED_SHAPES)]
    elif args.suite == "padded":
        shapes = [(suite.PADDED_BASE_INDEX + i, s) for i, s in enumerate(suite.PADDED_SHAPES)]
    elif args.suite == "holdout2":
        shapes = [(suite.HOLDOUT2_BASE_INDEX + i, s) for i, s in enumerate(suite.HOLDOUT2_SHAPES)]
    elif args.suite == "reserve":
        shapes = [(suite.RESERVE_BASE_INDEX + i, s) for i, s in enumerate(suite.RESERVE_SHAPES)]
    else:
        start, end = (int(x) for x in args.shapes.split(":"))
        shapes = list(enumerate(suite.SHAPES))[start:end]
    if args.only:
        want = {int(x) for x in args.only.split(",")}
        shapes = [(i, s) for i, s in shapes if i in want]
    done = set()
    for p in filter(None, [args.resume_from, args.out / "runs.jsonl"]):
        if p.exists():
            for line in p.read_text().splitlines():
                r = json.loads(line)
                if r.get("kind") == "shape_done":
                    done.add(r["shape_index"])
    shapes = [(i, s) for i, s in shapes if i not in done]
    nvmh = load_nvmh_picks()
    with open(args.out / "runs.jsonl", "a") as out:
        out.write(json.dumps(environment(argv)) + "\n")
        out.flush()
        if args.calibrate:
            calibrate(args.out)
        precompile([s for _, s in shapes], nvmh, args.jobs)
        print(f"[sweep] {len(shapes)} shapes to run, {time.time() - t_start:.0f}s elapsed", flush=True)
        occ_samples: list = []
        for i, s in shapes:
            if time.time() - t_start > args.time_budget_s:
                print(f"[sweep] time budget reached before shape {i}; rerun to resume", flush=True)
                break
            run_shape(i, s, nvmh, out, occ_samples)
        if args.occupancy_sweep and occ_samples:
            occupancy_sweep(occ_samples, args.out)
    print(f"[sweep] finished in {time.time() - t_start:.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
