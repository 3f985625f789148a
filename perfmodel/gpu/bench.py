"""Timing on the GPU, the one way every recorded figure is taken.

    bench(fn, est_ms)     triton.testing.do_bench median; it flushes L2 before each call;
                          warm-up and repetitions from a first estimate (~25 timed runs)
    quick_time_ms(fn)     a first estimate from CUDA/HIP events
    graphed(launch)       the launch(es) captured in one CUDA graph: one host call per replay
    replayable(launch)    graphed where the GPU's stack captures graphs, else the eager launch
    precompile(jobs, ...) compile kernels in parallel worker processes first (Triton's disk
                          cache is shared, so the timed launches only load the binaries)
    launcher(kernel, ...) a no-argument launch of a bundled kernel (the sweeps' and time_config's)
    check(c, ref)         the output check of every run: C was poisoned with NaN, so every
                          element must be written, and ||C - ref|| / ||ref|| below the dtype's tolerance

Needs torch and Triton (perfmodel.gpu.env.require).
"""

from __future__ import annotations

import multiprocessing as mp
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from perfmodel.dtypes import DTYPES

#: relative error allowed against an fp32 product of the same inputs (fp8: the e4m3 inputs are
#: exact in fp32; the error is the fp32 accumulation of wgmma and the fp16 rounding of C)
TOLERANCE = {"fp16": 1e-2, "bf16": 2e-2, "tf32": 1e-2, "fp32": 1e-4, "fp8": 1e-2}


def with_precision(cfg: dict, dtype: str) -> dict:
    """A launch config with tl.dot's input precision for the dtype (perfmodel.dtypes): IEEE for
    fp32, TF32 for tf32, the backend's default (None) for the rest. tl.dot's own default for fp32
    tensors is TF32, so an fp32 launch without it times TF32 (session 26's first fp32 judge)."""
    return {**cfg, "PRECISION": DTYPES[dtype].precision}


def bench(fn, est_ms: float) -> float:
    import triton.testing

    per_call = est_ms + 0.1  # do_bench's estimate includes the 256 MB L2 flush (~0.1 ms)
    rep = min(max(25 * per_call, 1.0), 400.0)
    warmup = min(max(3 * per_call, 0.5), 60.0)
    return float(triton.testing.do_bench(fn, warmup=warmup, rep=rep, return_mode="median"))


def quick_time_ms(fn, n: int = 3) -> float:
    import torch

    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    fn()
    s.record()
    for _ in range(n):
        fn()
    e.record()
    torch.cuda.synchronize()
    return s.elapsed_time(e) / n


def graphed(launch):
    """The launch(es) captured in one CUDA graph (a replay is one host call however many kernels
    it holds: split-K's second launch is not timed as host time)."""
    import torch

    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        launch()  # warm-up on a side stream, as torch's graph capture wants
    torch.cuda.current_stream().wait_stream(stream)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        launch()
    return g.replay


#: why graph capture failed on this process's GPU, once it has (then every launch is timed eager)
_NO_GRAPHS: list[str] = []


def replayable(launch) -> tuple:
    """(fn, timing): `launch` captured in a CUDA graph (graphed) and "cudagraph", or where capture
    fails on this GPU's stack (a backend without graph support), the launch itself and "eager: why",
    with one line on stderr the first time; a process whose capture failed once does not try again.
    How the sweeps time the pointer kernels (perfmodel.gpu.measure.GRAPHED)."""
    if not _NO_GRAPHS:
        try:
            return graphed(launch), "cudagraph"
        except Exception as e:  # noqa: BLE001 - any capture failure: fall back, said once
            _NO_GRAPHS.append(f"{type(e).__name__}: {str(e)[:120]}")
            print(f"[bench] CUDA-graph capture failed ({_NO_GRAPHS[0]}): timing eager launches; on kernels of "
                  "tens of microseconds their times hold the host's launch time", file=sys.stderr, flush=True)
    return launch, f"eager: {_NO_GRAPHS[0]}"


def check(c, ref, ref_norm: float, dtype: str) -> dict:
    """The poisoned-output and relative-error check of one run."""
    import torch

    finite = bool(torch.isfinite(c).all().item())
    err = (c.float() - ref).norm().item() / ref_norm
    return {"rel_err": err, "all_written": finite, "correct": bool(finite and err < TOLERANCE.get(dtype, 2e-2))}


def precompile(worker, jobs: list, processes: int, label: str) -> int:
    """Run `worker(job)` for every job in `processes` spawned processes; returns how many failed
    (a worker returns (name, "ok") or (name, reason)). Progress goes to stderr."""
    t0 = time.time()
    failed = 0
    with ProcessPoolExecutor(max_workers=processes, mp_context=mp.get_context("spawn")) as ex:
        futs = [ex.submit(worker, j) for j in jobs]
        for i, f in enumerate(as_completed(futs), 1):
            failed += f.result()[1] != "ok"
            if i % 100 == 0 or i == len(jobs):
                print(f"[{label}] {i}/{len(jobs)} compiled, {failed} failed, {time.time() - t0:.0f}s",
                      file=sys.stderr, flush=True)
    return failed


def operands(M: int, N: int, K: int, dtype: str, layout: str):
    """Random A (M x K view) and B (K x N view) stored as the layout says (perfmodel.layouts)."""
    import torch

    from perfmodel.layouts import LAYOUTS

    dt = getattr(torch, DTYPES[dtype].torch)
    (sa, sb), lay = LAYOUTS[layout].stored_shapes(M, N, K), LAYOUTS[layout]
    # drawn in fp32 and rounded to the dtype (torch has no randn for fp8)
    a = torch.randn(sa, device="cuda", dtype=torch.float32).to(dt)
    b = torch.randn(sb, device="cuda", dtype=torch.float32).to(dt)
    return (a if lay.a_k_major else a.T), (b.T if lay.b_k_major else b)


def launcher(kernel, a, b, c, cf, workspace):
    """A no-argument launch of `kernel` (a bundled kernel's name) on A, B into C with launch config
    `cf`; `workspace` is split-K's fp32 partials. The one way the sweeps, bench.time_config and the
    host-time probe launch the bundled kernels."""
    from perfmodel.gpu import kernels as mk
    from perfmodel.gpu import persistent as pk

    if kernel == "grouped":
        return lambda: mk.launch_matmul(a, b, c, cf)
    if kernel == "splitk":
        return lambda: mk.launch_splitk(a, b, c, cf, workspace)
    if kernel in pk.VARIANTS:
        descs, sms = pk.make_persistent_descriptors(a, b, c, cf), pk.sm_count()
        return lambda: pk.launch_persistent(a, b, c, cf, descs, sms, kernel)
    descs = mk.make_tma_descriptors(a, b, c, cf)
    return lambda: mk.launch_tma(a, b, c, cf, descs)


def time_config(a, b, ref, cfg: dict, dtype: str, graph: bool = False) -> dict:
    """One config of the grouped kernel (the split-K pair where cfg["SPLIT_K"] > 1) on the given
    operands: its median time (do_bench, warm-up 10, rep 60; `graph`: a CUDA-graph replay of the
    launches, so split-K's second launch is not timed as host time), the sweeps' check of its
    output against `ref` (the fp32 product: check's relative error and verdict), and what the
    compiler gave it."""
    import torch
    import triton.testing

    M, N = ref.shape
    cfg = with_precision(cfg, dtype)
    cc = torch.empty((M, N), device="cuda", dtype=getattr(torch, DTYPES[dtype].c_torch))
    split = cfg["SPLIT_K"] > 1
    ws = torch.empty(cfg["SPLIT_K"] * M * N, device="cuda", dtype=torch.float32) if split else None
    launch = launcher("splitk" if split else "grouped", a, b, cc, cfg, ws)
    k = launch()[0]
    fn = replayable(launch)[0] if graph else launch
    torch.cuda.synchronize()
    ok = check(cc, ref, ref.norm().item(), dtype)
    ms = float(triton.testing.do_bench(fn, warmup=10, rep=60, return_mode="median"))
    return {"time_ms": ms, "rel_err": ok["rel_err"], "correct": ok["correct"], "n_regs": int(k.n_regs), "n_spills": int(k.n_spills),
            "smem_bytes": int(k.metadata.shared)}


def time_gemm(M: int, N: int, K: int, c: tuple, dtype: str = "fp16", splitk: int = 1, layout: str = "nn",
              graph: bool = False) -> dict:
    """One GEMM of the grouped kernel (the split-K pair for splitk > 1) with config
    c = (BM, BN, BK, warps, stages) and GROUP_M 8, operands stored as `layout` says: time_config
    on fresh random operands (`graph`: as CUDA-graph replays, for kernels shorter than a launch)."""
    a, b = operands(M, N, K, dtype, layout)
    cfg = {"BLOCK_M": c[0], "BLOCK_N": c[1], "BLOCK_K": c[2], "num_warps": c[3], "num_stages": c[4], "GROUP_M": 8,
           "SPLIT_K": splitk}
    return time_config(a, b, a.float() @ b.float(), cfg, dtype, graph=graph)
