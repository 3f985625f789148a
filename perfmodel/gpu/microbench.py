"""The microbenchmarks `perfmodel calibrate` runs: what perfmodel.calibration derives the timing
model's constants from. All at shapes outside every validation suite; every size from the GPU
itself (perfmodel.gpu.env.properties), none typed in.

    memory      DRAM copy bandwidth (1 GiB each way), the L2 read curve over footprints
                (bandwidth while it fits, the knee: the effective capacity), what one SM reads
                from L2 while 1-8 are busy (l2_sm_read), an empty kernel's
                do_bench time (the launch cost as the sweep times it: a CUDA-graph replay, and
                the eager launch beside it), the vendor BLAS at 8192^3
    latency     pointer chases: one warp walking a 16 MiB ring (L2) and a 2 GiB ring (DRAM)
    clocks      the SM clock and power while the vendor BLAS runs for 2.5 s
    mma_loop    the dot alone (operands loaded once, then ITERS dependent tl.dot), 1 and 2 blocks per SM
    kstep       the grouped kernel with one wave of tiles (1 or 2 per SM) walking a long K,
                aligned (K, N multiples of 16) and unaligned (neither)
    stream, partial   memory-bound GEMMs and partial waves (perfmodel.gpu.streams)
    cstore      the same tiles with C stored in vectors and element by element (perfmodel.gpu.streams)
    kcopies     TF32 nt tiles copying every element one by one (K odd), where TF32 lowers to wgmma
                (perfmodel.gpu.streams)

`quick` runs a subset of each (about two minutes on an H200); the full set takes a few more.
Results come back as two dicts shaped like the lab's validation/data/h200/calibration.json and
microbench.json, which perfmodel.calibration.derive reads.
"""

from __future__ import annotations


import triton
import triton.language as tl

from perfmodel.gpu import env
from perfmodel.gpu.bench import precompile, replayable
from perfmodel.gpu.env import say, wave_grid


@triton.jit
def l2_read_kernel(x_ptr, out_ptr, chunk, R, BLOCK: tl.constexpr, CACHE: tl.constexpr):
    pid = tl.program_id(0)
    base = pid * chunk
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for r in range(R):
        for off in range(0, chunk, BLOCK):
            acc += tl.load(x_ptr + base + off + tl.arange(0, BLOCK), cache_modifier=CACHE)
    tl.store(out_ptr + pid * BLOCK + tl.arange(0, BLOCK), acc)


@triton.jit
def empty_kernel(x_ptr):
    pass


@triton.jit
def chase_kernel(p_ptr, out_ptr, steps):
    idx = tl.load(p_ptr)
    for i in range(steps):
        idx = tl.load(p_ptr + idx)
    tl.store(out_ptr, idx)


@triton.jit
def mma_loop_kernel(a_ptr, b_ptr, c_ptr, ITERS, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    offs_m = tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    a = tl.load(a_ptr + offs_m[:, None] * BK + offs_k[None, :])
    b = tl.load(b_ptr + offs_k[:, None] * BN + offs_n[None, :])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for i in range(ITERS):
        acc = tl.dot(a, b, acc)
    pid = tl.program_id(0)
    tl.store(c_ptr + pid * BM * BN + offs_m[:, None] * BN + offs_n[None, :], acc)


def _do_bench(fn, warmup, rep) -> float:
    return float(triton.testing.do_bench(fn, warmup=warmup, rep=rep, return_mode="median"))


def memory(quick: bool) -> dict:
    import torch

    res: dict = {"kind": "calibration"}
    n = (256 if quick else 1024) << 20
    x = torch.empty(n, dtype=torch.uint8, device="cuda").random_(0, 255)
    y = torch.empty_like(x)
    t = _do_bench(lambda: y.copy_(x), 20 if quick else 50, 100 if quick else 300)
    res["dram_copy"] = {"bytes": 2 * n, "time_ms": t, "bw_bytes_per_s": 2 * n / (t * 1e-3)}
    del x, y
    res["l2_read_curve"] = _l2_curve(quick)
    res["l2_sm_read"] = l2_sm_read()
    xx = torch.empty(16, device="cuda")
    empty = lambda: empty_kernel[(1,)](xx)  # noqa: E731
    empty()
    # the launch cost as the sweep times the pointer kernels: a CUDA-graph replay (perfmodel.gpu.measure.GRAPHED);
    # the eager launch beside it, whose time holds the host's where it outlasts do_bench's L2 flush
    res["empty_kernel_do_bench_ms"] = _do_bench(replayable(empty)[0], 20, 200)
    res["empty_kernel_eager_ms"] = _do_bench(empty, 20, 200)
    res["cublas_8192"] = _blas(("fp16",) if quick else ("fp16", "bf16", "tf32"))
    say(f"DRAM copy {res['dram_copy']['bw_bytes_per_s'] / 1e12:.2f} TB/s, empty kernel "
         f"{res['empty_kernel_do_bench_ms'] * 1e3:.1f} us, BLAS fp16 {res['cublas_8192']['fp16']['ops_per_s'] / 1e12:.0f} TFLOP/s")
    return res


def _l2_curve(quick: bool) -> list[dict]:
    """Every program re-reads its slice of a buffer R times through L2 (bypassing L1 where the
    backend can say so): bytes over time per footprint."""
    import torch

    progs, block = env.properties()["sm_count"] * 8, 1024
    cache = ".cg" if env.vendor() == "cuda" else ""
    l2_mib = (env.properties()["l2_bytes"] or 64 << 20) / (1 << 20)
    steps = (0.125, 0.5, 0.75, 1.0, 1.5, 4.0) if quick else (0.0625, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1.0,
                                                             1.25, 1.5, 2.0, 4.0)
    curve = []
    for frac in steps:
        chunk = max(block, (int(frac * l2_mib * (1 << 20)) // 4 // progs) // block * block)
        footprint = chunk * progs * 4
        reps = max(1, int(4e9 // footprint))
        x = torch.randn(chunk * progs, device="cuda", dtype=torch.float32)
        o = torch.empty(progs * block, device="cuda", dtype=torch.float32)
        ms = _do_bench(lambda: l2_read_kernel[(progs,)](x, o, chunk, reps, BLOCK=block, CACHE=cache, num_warps=4), 5, 50)
        curve.append({"footprint_bytes": footprint, "passes": reps, "time_ms": ms,
                      "bw_bytes_per_s": footprint * reps / (ms * 1e-3)})
        del x, o
    return curve


def l2_sm_read(counts=(1, 2, 4, 8)) -> list[dict]:
    """What one SM pulls from L2 while few are busy: n programs (one per SM) of 1024 threads each
    re-read their own 128 KiB slice 200 times (L1 bypassed where the backend can say so); bytes
    per SM per second for each n (perfmodel.calibration.l2_sm_share; the lab's
    validation/l2_share_probe.py runs the same read over every n and checks the placement)."""
    import torch

    props = env.properties()
    warps = 1024 // props["warp_size"]
    block, chunk, reps = 1024 * 16, (128 << 10) // 4, 200
    cache = ".cg" if env.vendor() == "cuda" else ""
    x = torch.randn(chunk * max(counts), device="cuda", dtype=torch.float32)
    o = torch.empty(max(counts) * block, device="cuda", dtype=torch.float32)
    rows = []
    for n in counts:
        ms = _do_bench(lambda: l2_read_kernel[(n,)](x, o, chunk, reps, BLOCK=block, CACHE=cache, num_warps=warps), 5, 40)
        rows.append({"programs": n, "num_warps": warps, "time_ms": ms, "bytes_per_s_per_sm": chunk * 4 * reps / (ms * 1e-3)})
    say(f"L2 per SM with {counts[0]}-{counts[-1]} busy: {max(r['bytes_per_s_per_sm'] for r in rows) / 1e9:.0f} GB/s")
    return rows


def _blas(dtypes) -> dict:
    import torch

    out = {}
    for name in dtypes:
        dt = torch.float32 if name == "tf32" else getattr(torch, {"fp16": "float16", "bf16": "bfloat16"}[name])
        torch.backends.cuda.matmul.allow_tf32 = name == "tf32"
        a = torch.randn(8192, 8192, device="cuda", dtype=dt)
        b = torch.randn(8192, 8192, device="cuda", dtype=dt)
        t = _do_bench(lambda: torch.matmul(a, b), 100, 500)
        out[name] = {"M": 8192, "N": 8192, "K": 8192, "time_ms": t, "ops_per_s": 2 * 8192**3 / (t * 1e-3)}
        del a, b
    torch.backends.cuda.matmul.allow_tf32 = False
    return out


def latency() -> dict:
    import torch

    res = {}
    for name, nbytes in (("l2_hit", 16 << 20), ("dram", 2 << 30)):
        stride = 64  # int32 elements: 256-byte hops, one line each
        n = nbytes // 4 // stride
        perm = torch.randperm(n, device="cuda", dtype=torch.int64)
        ring = torch.zeros(nbytes // 4, device="cuda", dtype=torch.int32)
        ring[perm * stride] = (torch.roll(perm, -1) * stride).to(torch.int32)
        o = torch.empty(1, device="cuda", dtype=torch.int32)
        steps = 20000
        chase_kernel[(1,)](ring, o, steps, num_warps=1)  # the timed specialization, compiled and warm
        if name == "dram":  # the warm-up walked the same 20,000 lines: evict them, or this is an L2 figure
            torch.empty(4 * (env.properties()["l2_bytes"] or 64 << 20), device="cuda", dtype=torch.int8).fill_(1)
        torch.cuda.synchronize()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        chase_kernel[(1,)](ring, o, steps, num_warps=1)
        e.record()
        torch.cuda.synchronize()
        res[name] = {"bytes": nbytes, "steps": steps, "s_per_load": s.elapsed_time(e) * 1e-3 / steps}
        del ring, perm
    say("latency " + ", ".join(f"{k}: {v['s_per_load'] * 1e9:.0f} ns" for k, v in res.items()))
    return res


def clocks() -> dict:
    import time

    import torch

    a = torch.randn(8192, 8192, device="cuda", dtype=torch.float16)
    b = torch.randn(8192, 8192, device="cuda", dtype=torch.float16)
    torch.matmul(a, b)
    t0 = time.time()
    n = 0
    with env.ClockSampler() as sampler:
        while time.time() - t0 < 2.5:
            for _ in range(20):
                torch.matmul(a, b)
            torch.cuda.synchronize()
            n += 20
    return {"samples_mhz_watts": sampler.samples, "gemms": n, "seconds": time.time() - t0,
            "tool": " ".join(sampler.cmd) if sampler.available else "unavailable"}


MMA_SHAPES = [  # BM, BN, BK, warps
    (128, 256, 64, 8), (128, 128, 64, 4), (128, 128, 64, 8), (64, 128, 64, 4), (128, 64, 64, 4),
    (64, 64, 64, 4), (64, 256, 64, 4), (256, 128, 64, 8),
    (64, 64, 64, 2), (32, 64, 64, 2), (64, 32, 64, 2), (16, 64, 64, 2), (32, 32, 64, 2), (16, 128, 64, 4),
    (32, 128, 64, 4), (32, 64, 64, 4), (16, 64, 128, 2), (128, 128, 64, 2),
]


def mma_loop(quick: bool) -> list[dict]:
    import torch

    sms = env.properties()["sm_count"]
    rows = []
    iters = 2000
    for bm, bn, bk, w in (MMA_SHAPES[::2] if quick else MMA_SHAPES):
        a = torch.randn(bm * bk, device="cuda", dtype=torch.float16)
        b = torch.randn(bk * bn, device="cuda", dtype=torch.float16)
        for per_sm in (1, 2):
            grid = sms * per_sm
            c = torch.empty(grid * bm * bn, device="cuda", dtype=torch.float32)
            row = {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "num_warps": w, "blocks_per_sm": per_sm, "iters": iters}
            try:
                fn = lambda: mma_loop_kernel[(grid,)](a, b, c, iters, BM=bm, BN=bn, BK=bk, num_warps=w, num_stages=1)  # noqa: E731
                k = fn()
                ms = _do_bench(fn, 10, 60)
                row.update({"time_ms": ms, "flops_per_s_per_sm": 2.0 * bm * bn * bk * iters * grid / (ms * 1e-3) / sms,
                            "s_per_kstep_per_block": ms * 1e-3 / iters, "wgmma": "wgmma" in k.asm.get("ptx", ""),
                            "n_regs": int(k.n_regs), "n_spills": int(k.n_spills)})
            except Exception as e:  # noqa: BLE001 - a shape this GPU cannot run is recorded
                row["error"] = f"{type(e).__name__}: {str(e)[:200]}"
            rows.append(row)
    return rows


KSTEP_CONFIGS = [  # BLOCK_M, BLOCK_N, BLOCK_K, warps, stages
    (128, 256, 64, 8, 3), (128, 256, 64, 8, 4), (128, 128, 64, 4, 2), (128, 128, 64, 4, 3), (128, 128, 64, 4, 4),
    (128, 128, 64, 4, 6), (128, 128, 32, 4, 4), (128, 128, 128, 8, 3), (64, 128, 64, 4, 3), (64, 128, 64, 4, 5),
    (64, 64, 64, 4, 2), (64, 64, 64, 4, 4), (64, 64, 64, 4, 6), (128, 64, 64, 4, 4), (64, 256, 64, 4, 3),
    (64, 64, 64, 2, 3), (64, 64, 64, 2, 5), (32, 64, 64, 2, 4), (32, 64, 128, 4, 3), (16, 64, 128, 2, 4),
    (16, 64, 128, 2, 6), (16, 128, 128, 4, 3), (32, 32, 128, 4, 6), (32, 128, 64, 4, 4), (128, 32, 64, 4, 4),
]


def kstep_jobs(quick: bool, rows: int, cols: int) -> list[tuple]:
    """(config, blocks per SM, aligned, M, N, K): one wave of rows x cols x per_sm tiles (the
    GPU's SM count x per_sm: 12 x 11 on an H200) walking K = 8192 (aligned) or 8191 (not)."""
    jobs = []
    for c in (KSTEP_CONFIGS[::2] if quick else KSTEP_CONFIGS):
        bm, bn, bk, w, st = c
        for per_sm in (1, 2):
            for aligned in (True, False):
                M, N, K = bm * rows, bn * cols * per_sm, 8192 if aligned else 8191
                if not aligned:
                    M, N = M - 5, N - 3
                jobs.append((c, per_sm, aligned, M, N, K))
    return jobs


def kstep(quick: bool, jobs: int = 16) -> list[dict]:
    from perfmodel.gpu.bench import time_gemm
    from perfmodel.gpu.sweep import compile_one

    rows_, cols = wave_grid(env.properties()["sm_count"])
    todo = kstep_jobs(quick, rows_, cols)
    cfgs = [dict(zip(("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages"), c), GROUP_M=8, SPLIT_K=1)
            for c in dict.fromkeys(c for c, *_ in todo)]
    precompile(compile_one, [("grouped", "fp16", "nn", M, N, K, c) for c in cfgs for M, N, K in ((4096, 4096, 8192),
                                                                                            (4091, 4093, 8191))],
               jobs, "calibrate: compile")
    rows = []
    for c, per_sm, aligned, M, N, K in todo:
        bm, bn, bk, w, st = c
        row = {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "num_warps": w, "num_stages": st, "tiles_per_sm": per_sm,
               "aligned": aligned, "M": M, "N": N, "K": K, "k_steps": -(-K // bk)}
        try:
            row.update(time_gemm(M, N, K, c))
        except Exception as e:  # noqa: BLE001 - a config this GPU cannot run is recorded
            row["error"] = f"{type(e).__name__}: {str(e)[:200]}"
        rows.append(row)
    say(f"kstep: {sum('time_ms' in r for r in rows)} of {len(rows)} timed")
    return rows


def run(quick: bool, jobs: int = 16, spec=None) -> tuple[dict, dict]:
    """(calibration, microbench): every measurement the derivation reads, on this GPU (`spec`, the device
    file it is calibrated from: the kcopies rows only where its TF32 dot lowers to wgmma)."""
    cal = memory(quick)
    say("memory done")
    mb = {"kind": "microbench", "latency": latency(), "clocks": clocks()}
    mb["mma_loop"] = mma_loop(quick)
    say(f"mma_loop: {sum('time_ms' in r for r in mb['mma_loop'])} rows")
    mb["kstep"] = kstep(quick, jobs)
    from perfmodel.gpu import streams

    mb["stream"] = streams.stream(quick, jobs)
    mb["partial"] = streams.partial(quick, jobs)
    mb["cstore"] = streams.cstore(quick, jobs)
    if spec is not None and tf32_copies_apply(spec):
        mb["kcopies"] = streams.kcopies(quick, jobs)
    return cal, mb


def tf32_copies_apply(spec) -> bool:
    """Whether the device's TF32 dot lowers to wgmma (64 rows, 4 warps), which reads K-major shared memory only:
    where kmajor_copy_weight means something (perfmodel.kernels.tiled.kmajor_copy_weight)."""
    from perfmodel.kernels.lowering import uses_wgmma

    return spec.dtype_throughput("tf32") is not None and bool(uses_wgmma(spec, "tf32", 64, 4))
