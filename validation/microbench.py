#!/usr/bin/env python3
"""The lab's microbenchmarks: those `perfmodel calibrate` runs (perfmodel/gpu/microbench.py:
mma_loop, latency, clocks, kstep; perfmodel/gpu/streams.py: stream, partial) and the studies
that shaped or checked the model beside them.

Run on the GPU machine from a checkout (torch + triton 3.6.0; no pydantic needed):

    python3 validation/microbench.py --out OUTDIR [steps...]

Writes OUTDIR/microbench.json (or --name) with:
  mma_loop         per-SM matrix throughput of the dot alone (operands loaded once, then
                   ITERS dependent tl.dot calls), for tiles that lower to wgmma and to mma.sync,
                   at 1 and 2 resident blocks per SM: FLOP/s per SM and seconds per k-step
  latency          global-load latency by pointer chasing (one warp): a 16 MiB ring (L2
                   resident) and a 2 GiB ring (DRAM)
  scalar_loads     element throughput of masked 2-byte tile loads whose row stride Triton cannot
                   prove 16-divisible (the unaligned GEMM's loads), and of the same loads with
                   an aligned stride, per SM, L2-resident
  clocks           SM clock sampled by nvidia-smi while cuBLAS runs 8192^3 fp16 for ~2 s
  kstep            the bundled grouped GEMM with one wave of tiles (1 or 2 per SM) walking a
                   long K, aligned and unaligned, at shapes outside the validation suite:
                   seconds per k-step per block for 25 configs
  programs         the same kernel with one k-step and 1..16 waves of tiles: cost per program
  splitk_reduce    the split-K pair against SPLIT_K = 1 on four small-output shapes
  kstep_stages     one wave of large and small wgmma tiles at 2-5 stages, fp16 nn and TF32 nt
  kstep_fp32_k/_all  IEEE fp32 nn, one wave walking K, N odd (B element by element) and aligned
  kstep_fp32_nt      the same tiles in nt, aligned
  kstep_fp32_spills  IEEE fp32 nn/nt tiles that spill, 1-4 tiles per SM: spills against L1
  kstep_tf32_none_spills  TF32 nt class "none" tiles that spill in the loop, and neighbours, at 1-3 stages
  kstep_tf32_blocks  TF32 nn/nt decode tiles at 1 and 2 tiles per SM, one wave and a decode stream
  kstep_tf32_none_copies  TF32 nn/nt class "none" tiles at 2-3 stages and 1-3 tiles per SM: the copy rate
  kstep_tf32_none_short   TF32 nn/nt class "none" skinny-N tiles at short K (29-509), many waves
  kstep_tf32_k_copies     TF32 nn class "k" (B alone copied one by one) tiles at 2-3 stages and 1-3 tiles per SM
  kstep_tf32_blocks_short kstep_tf32_blocks' wave at K 128-2048 (graph replays), with three one-block tiles
  kstep_fp16_lone_waves   fp16 big tiles in one partial wave of 33, 72 and 132 tiles at K 256-2048 (graph replays)
  kstep_fp16_stage_waves  fp16 tiles at 3-6 stages in one partial wave (33, 72 tiles) and in 1056, K 1024/3072 (graphs)
  kstep_tf32_lone_partial TF32 one-block mma.sync tiles in one partial wave (33-96 tiles) and in 1056, K 1280/4096 (graphs)
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

import torch
import triton

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import triton.language as tl  # noqa: E402
import triton.testing  # noqa: E402

from perfmodel.gpu import env  # noqa: E402
from perfmodel.gpu import microbench as calibration_benchmarks  # noqa: E402
from perfmodel.gpu import streams  # noqa: E402
from perfmodel.dtypes import DTYPES  # noqa: E402
from perfmodel.gpu.bench import time_gemm  # noqa: E402

SMS: int = 0  # set from the device in main() (torch.cuda.get_device_properties)


@triton.jit
def tile_load_kernel(x_ptr, out_ptr, rows, stride, REPS, BM: tl.constexpr, BK: tl.constexpr):
    pid = tl.program_id(0)
    offs_m = (pid * BM + tl.arange(0, BM)) % rows
    offs_k = tl.arange(0, BK)
    acc = tl.zeros((BM, BK), dtype=tl.float32)
    for r in range(REPS):
        ptrs = x_ptr + offs_m[:, None] * stride + offs_k[None, :] + (r % 8) * BK
        acc += tl.load(ptrs, mask=offs_k[None, :] < stride - (r % 8) * BK, other=0.0).to(tl.float32)
    tl.store(out_ptr + pid * BM * BK + tl.arange(0, BM)[:, None] * BK + offs_k[None, :], acc)


def scalar_loads(out: dict) -> None:
    rows_ = []
    for stride in (1000, 1024):  # 1000: not provably 16-divisible (unaligned); 1024: aligned
        nrows = 4096
        x = torch.randn(nrows * stride, device="cuda", dtype=torch.float16)
        for bm, bk, w in ((128, 32, 4), (64, 64, 4), (128, 64, 8), (64, 32, 2)):
            for per_sm in (1, 2, 4):
                grid = SMS * per_sm
                o = torch.empty(grid * bm * bk, device="cuda", dtype=torch.float32)
                reps = 512
                fn = lambda: tile_load_kernel[(grid,)](x, o, nrows, stride, reps, BM=bm, BK=bk, num_warps=w)  # noqa: E731
                fn()
                ms = triton.testing.do_bench(fn, warmup=5, rep=40, return_mode="median")
                elems = bm * bk * reps * grid
                rows_.append({"stride": stride, "aligned": stride % 16 == 0, "BLOCK_M": bm, "BLOCK_K": bk,
                              "num_warps": w, "blocks_per_sm": per_sm, "time_ms": ms,
                              "elems_per_s_per_sm": elems / (ms * 1e-3) / SMS})
        del x
    out["scalar_loads"] = rows_
    for al in (False, True):
        best = max(r["elems_per_s_per_sm"] for r in rows_ if r["aligned"] == al)
        print(f"[scalar_loads] aligned={al}: best {best / 1e9:.1f} G elements/s per SM", flush=True)


# ---------------------------------------------------------------------------------------
# GEMM main-loop calibration at shapes outside the validation suite
# ---------------------------------------------------------------------------------------

def _gemm_time(M, N, K, c, splitk=1):
    r = time_gemm(M, N, K, c, "fp16", splitk)
    return r["time_ms"], r["rel_err"], r["n_regs"], r["n_spills"], r["smem_bytes"]


def mma_loop(out: dict) -> None:
    out["mma_loop"] = calibration_benchmarks.mma_loop(quick=False)


def latency(out: dict) -> None:
    out["latency"] = calibration_benchmarks.latency()


def kstep(out: dict) -> None:
    out["kstep"] = calibration_benchmarks.kstep(quick=False)


def clocks(out: dict) -> None:
    out["clocks"] = calibration_benchmarks.clocks()


# Spill study: configs whose sm_90 compile spills from a few to ~3,000 registers per thread
# (perfmodel/register_table.json), per alignment class, each timed as one wave walking a long K.
SPILL_CONFIGS = {
    "all": [(64, 128, 128, 2, 3), (32, 256, 128, 2, 3), (256, 64, 16, 2, 3), (256, 128, 64, 4, 3),
            (256, 256, 16, 8, 3), (128, 256, 16, 4, 3), (256, 256, 64, 8, 3), (256, 64, 32, 2, 3),
            (128, 128, 64, 2, 3), (64, 256, 64, 2, 3), (256, 64, 128, 2, 3), (128, 128, 64, 4, 3)],
    "none": [(64, 128, 32, 2, 3), (64, 32, 128, 2, 3), (128, 16, 64, 2, 3), (256, 128, 16, 8, 3),
             (128, 256, 32, 8, 3), (64, 256, 32, 2, 3), (128, 64, 64, 2, 3), (256, 256, 64, 8, 3),
             (256, 64, 128, 4, 3), (256, 128, 128, 4, 3), (128, 128, 64, 2, 3), (16, 256, 128, 2, 3),
             (128, 128, 32, 4, 3), (128, 128, 64, 4, 3)],
    "k": [(32, 256, 64, 4, 3), (128, 16, 128, 2, 3), (256, 64, 64, 4, 3), (128, 256, 32, 8, 3),
          (128, 32, 128, 2, 3), (128, 128, 64, 4, 3), (64, 64, 128, 2, 3), (256, 128, 16, 4, 3),
          (128, 256, 128, 4, 3), (32, 128, 128, 2, 3), (256, 64, 128, 2, 3)],
}


def spills(out: dict) -> None:
    """One wave (1 block/SM) of spilling configs walking K ~ 8192, per alignment class: the
    k-step time against the spilled registers, the spill bytes per SM and BLOCK_K."""
    rows = []
    for alignment, configs in SPILL_CONFIGS.items():
        for c in configs:
            bm, bn, bk, w, st = c
            M, N, K = bm * 12, bn * 11, 8192
            if alignment == "none":
                M, N, K = M - 5, N - 3, K - 1
            elif alignment == "k":
                N -= 3
            row = {"alignment": alignment, "BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "num_warps": w, "num_stages": st,
                   "tiles_per_sm": 1, "aligned": alignment == "all", "M": M, "N": N, "K": K, "k_steps": -(-K // bk)}
            try:
                ms, err, regs, nsp, smem = _gemm_time(M, N, K, c)
                row.update({"time_ms": ms, "rel_err": err, "n_regs": regs, "n_spills": nsp, "smem_bytes": smem})
            except Exception as e:  # noqa: BLE001
                row["error"] = f"{type(e).__name__}: {str(e)[:200]}"
            rows.append(row)
            print(f"[spills] {alignment} {c}: {row.get('n_spills')} spilled, {row.get('time_ms')} ms", flush=True)
    out["spills"] = rows


def stream(out: dict) -> None:
    """Memory-bound GEMMs (M = 16, K = 8192): what `perfmodel calibrate` measures
    (perfmodel/gpu/streams.py). The committed microbench_memory.json was taken with this file's
    earlier copy of the same jobs (it timed two of them twice)."""
    out["stream"] = streams.stream(quick=False)


def partial(out: dict) -> None:
    """Fewer tiles than SMs walking a long K (perfmodel/gpu/streams.py; the earlier copy named
    the tile count `tiles`, the shared one `blocks`)."""
    out["partial"] = streams.partial(quick=False)


STREAM_SHORT_K_CONFIGS = [(16, 64, 128, 2, 4), (16, 128, 128, 4, 3), (16, 256, 64, 4, 4), (16, 64, 64, 2, 4)]


def stream_short_k(out: dict) -> None:
    """Memory-bound GEMMs (M = 16) with few k-steps per tile: K 1024, 2304, 4096 and 8192 at
    72, 144 and 288 tiles of four decode configs. The stream rows all walk K = 8192; a decode
    layer's K is often 2-4k, where each tile's pipeline fill and epilogue weigh more
    (validation/NOTES.md, session 6: 2x18432x2304 ran 1.7x its DRAM floor with 16x64 tiles)."""
    jobs = [(16, c[1] * tiles, K, c) for c in STREAM_SHORT_K_CONFIGS for K in (1024, 2304, 4096, 8192)
            for tiles in (72, 144, 288)]
    out["stream_short_k"] = streams.compiled_and_timed("stream_short_k", jobs, 16, (16, 4096, 8192))


MIXED_KSTEP_CONFIGS = [(128, 128, 64, 4, 3), (128, 64, 64, 4, 4), (64, 128, 64, 4, 3), (64, 64, 64, 4, 4),
                       (128, 256, 64, 8, 3), (256, 64, 64, 4, 3), (64, 64, 128, 4, 3), (32, 64, 64, 2, 4),
                       (16, 64, 128, 2, 4), (128, 128, 32, 4, 4), (64, 32, 64, 2, 3), (128, 32, 64, 4, 3)]


def kstep_mixed(out: dict) -> None:
    """One wave of tiles walking a long K when only K ("k": N odd) or only N ("n": K odd) is
    16-divisible: the k-step of the mixed load classes, at shapes outside every suite."""
    jobs = []
    for c in MIXED_KSTEP_CONFIGS:
        for per_sm in (1, 2):
            M, N, K = c[0] * 12, c[1] * 11 * per_sm, 8192
            jobs.append(("k", per_sm, (M, N - 3, K, c)))
            jobs.append(("n", per_sm, (M, N, K - 1, c)))
    streams.compile_grouped(MIXED_KSTEP_CONFIGS, (4096, 4093, 8192), 16, "precompile")
    streams.compile_grouped(MIXED_KSTEP_CONFIGS, (4096, 4096, 8191), 16, "precompile")
    rows = []
    for cls, per_sm, job in jobs:
        rows += streams.timed_rows("kstep_mixed", [job], lambda M, N, K, c, cls=cls, per_sm=per_sm: {
            "alignment": cls, "tiles_per_sm": per_sm, "k_steps": -(-K // c[2])})
    out["kstep_mixed"] = rows


MIXED_TILES_CONFIGS = [(bm, bn, 64, w, 3) for bn in (32, 64, 128)
                       for bm, w in ((16, 2), (64, 2), (64, 4), (128, 4), (256, 8))]


def kstep_mixed_tiles(out: dict) -> None:
    """Load class "k" (N odd: B element by element) by tile: BLOCK_N 32, 64, 128 x (BLOCK_M,
    warps) from mma.sync (16 or 64 rows at 2 warps) to wgmma (64 rows at 4 warps, 128 at 4, 256
    at 8), BLOCK_K 64, 3 stages; one wave walking K = 8192 (1 and 2 tiles per SM) and a decode
    stream (M = 16, 8 tiles per SM along N, K = 1024). On holdout16's 16x256206x1024 the B
    elements per SM per second ran 3.7-4.3e9 for mma.sync tiles and wgmma tiles of BLOCK_N >= 64,
    1.35-2.1e9 for wgmma tiles of BLOCK_N 32 (validation/NOTES.md, session 9): this separates
    the tile's parts."""
    rows_, cols = env.wave_grid(SMS)
    jobs, extra = [], {}
    for c in MIXED_TILES_CONFIGS:
        bm, bn = c[0], c[1]
        for per_sm in (1, 2):
            job = (bm * rows_, bn * cols * per_sm - 3, 8192, c)
            jobs.append(job)
            extra[job] = {"setup": "wave", "tiles_per_sm": per_sm, "k_steps": 8192 // c[2]}
        job = (16, bn * SMS * 8 - 3, 1024, c)
        jobs.append(job)
        extra[job] = {"setup": "decode", "tiles_per_sm": 8, "k_steps": 1024 // c[2]}
    streams.compile_grouped(MIXED_TILES_CONFIGS, (4096, 4093, 8192), 16, "precompile kstep_mixed_tiles")
    out["kstep_mixed_tiles"] = streams.timed_rows("kstep_mixed_tiles", jobs, lambda M, N, K, c: {
        "alignment": "k", **extra[(M, N, K, c)]})


def _wave_jobs(configs, tiles_per_sm, k: int, n_short: int = 0, **fields) -> tuple[list, dict]:
    """(M, N, K, config) jobs of one wave of tiles (env.wave_grid) walking K = `k`, for each config and
    count of tiles per SM, N `n_short` below the tiles' width; and each job's extra row fields
    (`fields`, tiles_per_sm, k_steps)."""
    rows_, cols = env.wave_grid(SMS)
    jobs, extra = [], {}
    for c in configs:
        for per_sm in tiles_per_sm:
            job = (c[0] * rows_, c[1] * cols * per_sm - n_short, k, c)
            jobs.append(job)
            extra[job] = {**fields, "tiles_per_sm": per_sm, "k_steps": -(-k // c[2])}
    return jobs, extra


FP32_K_CONFIGS = list(dict.fromkeys(
    [(64, bn, bk, 4, 3) for bn in (16, 32, 64, 128, 256) for bk in (16, 32, 64, 128)]
    + [(bm, bn, 32, w, 3) for bm in (32, 64, 128) for bn in (16, 32, 64, 128) for w in (2, 4, 8)]
    + [(bm, bn, 32, 4, st) for bm, bn in ((64, 32), (128, 64)) for st in (2, 4)]))


def _kstep_fp32(out: dict, cls: str, layout: str = "nn") -> None:
    """IEEE fp32 (the FMA dot) in `layout`, one wave of tiles (1 or 2 per SM) walking K = 4096, load
    class `cls`: "k" (N = 3 short of the tiles' width: B element by element) or "all" (N the tiles'
    width: both in vectors), for the configs of FP32_K_CONFIGS (BLOCK_N 16-256 x BLOCK_K 16-128 at
    64 rows and 4 warps; BLOCK_M 32-128 x BLOCK_N 16-128 x 2-8 warps at BLOCK_K 32; 2 and 4 stages).
    Class "k"'s read runs near the best ran 1.2-2.7x the model, the more the narrower BLOCK_N
    (validation/NOTES.md, session 36); the two classes side by side give what class "k" adds."""
    limit = torch.cuda.get_device_properties(0).shared_memory_per_block_optin
    configs = [c for c in FP32_K_CONFIGS if (c[0] + c[1]) * c[2] * 4 * max(c[4] - 1, 1) <= limit]
    jobs, extra = _wave_jobs(configs, (1, 2), 4096, n_short=3 if cls == "k" else 0, alignment=cls)
    spec = (4096, 4093 if cls == "k" else 4096, 4096)
    name = f"kstep_fp32_{cls}" + ("" if layout == "nn" else f"_{layout}")
    streams.compile_grouped(configs, spec, 16, f"precompile {name}", dtype="fp32", layout=layout)
    out[name] = streams.timed_rows(name, jobs, lambda M, N, K, c: extra[(M, N, K, c)], dtype="fp32", layout=layout)


def kstep_fp32_k(out: dict) -> None:
    """_kstep_fp32 in load class "k" (N not 16-divisible)."""
    _kstep_fp32(out, "k")


def kstep_fp32_all(out: dict) -> None:
    """_kstep_fp32 in load class "all" (the same tiles, N their width)."""
    _kstep_fp32(out, "all")


def kstep_fp32_nt(out: dict) -> None:
    """_kstep_fp32's tiles in `nt` (B stored N x K, K-major in shared memory as in `nn` class "k"),
    aligned: whether the K-major B terms fitted on `nt` price the small thread tiles as measured."""
    _kstep_fp32(out, "all", "nt")


FP32_SPILL_TILES = [(64, 128, 32, 2, 3), (128, 64, 32, 2, 4), (128, 128, 32, 4, 3), (256, 128, 32, 8, 3),
                    (128, 256, 32, 8, 3), (64, 256, 32, 4, 2), (64, 128, 32, 4, 3), (128, 64, 32, 4, 2),
                    (64, 64, 64, 2, 3)]


def kstep_fp32_spills(out: dict) -> None:
    """IEEE fp32, `nn` and `nt`, one wave walking K = 4096 with 1-4 tiles per SM, for tiles that
    spill (64x128x32 and 128x64x32 at 2 warps, 128x128x32 at 4, 256x128x32, 128x256x32 at 8, 64x256x32
    at 4) and neighbours that do not: whether a spilled register costs more once the resident blocks'
    local memory outgrows the L1 beside shared memory (holdout83's 2048x1536x512 `nt`: 64x128x32 at 2
    warps, four blocks, 57 KB of spills, ran 1.33x the model where unspilled tiles ran 0.93x)."""
    jobs, extra = _wave_jobs(FP32_SPILL_TILES, (1, 2, 3, 4), 4096)
    rows = []
    for layout in ("nn", "nt"):
        streams.compile_grouped(FP32_SPILL_TILES, (4096, 4096, 4096), 16, f"precompile kstep_fp32_spills {layout}",
                                dtype="fp32", layout=layout)
        rows += streams.timed_rows(f"kstep_fp32_spills {layout}", jobs, lambda M, N, K, c: extra[(M, N, K, c)],
                                   dtype="fp32", layout=layout)
    out["kstep_fp32_spills"] = rows


KSTEP_STAGES_TILES = {  # dtype, layout: BLOCK_M, BLOCK_N, BLOCK_K, warps
    ("fp16", "nn"): [(128, 128, 64, 4), (128, 256, 64, 8), (256, 128, 64, 8), (128, 128, 128, 8), (64, 64, 64, 4),
                     (64, 128, 64, 4), (128, 128, 32, 4), (64, 256, 64, 8)],
    ("tf32", "nt"): [(128, 256, 32, 8), (256, 128, 32, 8), (128, 128, 64, 4), (128, 128, 64, 8), (128, 128, 32, 4),
                     (64, 128, 64, 4), (64, 64, 64, 4), (64, 256, 32, 8)],
}


def kstep_stages(out: dict) -> None:
    """One wave of tiles (1 or 2 per SM) walking K = 8192 for large and small wgmma tiles at 2-5
    stages, fp16 (nn) and TF32 (nt: both operands K-major, no gather): how the k-step depends on
    the stage count and the bytes of one stage. The validation sets show 2-stage large tiles
    1.25-1.6x their 3-stage runs where the model says 1.03-1.17 (validation/NOTES.md, session 7);
    Triton 3.6.0 waits for every outstanding copy at the top of a 2-stage loop (async_wait 0)."""
    rows_, cols = env.wave_grid(SMS)
    props = torch.cuda.get_device_properties(0)
    per_block, per_sm = props.shared_memory_per_block_optin, props.shared_memory_per_multiprocessor
    rows = []
    for (dtype, layout), tiles in KSTEP_STAGES_TILES.items():
        e = DTYPES[dtype].in_bytes
        jobs, extra = [], {}
        for bm, bn, bk, w in tiles:
            for st in (2, 3, 4, 5):
                smem = (bm + bn) * bk * e * st
                for tiles_per_sm in (1, 2):
                    if smem <= per_block and tiles_per_sm * (smem + 1024) <= per_sm:
                        job = (bm * rows_, bn * cols * tiles_per_sm, 8192, (bm, bn, bk, w, st))
                        jobs.append(job)
                        extra[job] = {"tiles_per_sm": tiles_per_sm, "k_steps": 8192 // bk}
        streams.compile_grouped([c for *_, c in jobs], (4096, 4096, 8192), 16, f"precompile {dtype} {layout}",
                                dtype=dtype, layout=layout)
        rows += streams.timed_rows(f"kstep_stages {dtype} {layout}", jobs, lambda M, N, K, c: extra[(M, N, K, c)],
                                   dtype=dtype, layout=layout)
    out["kstep_stages"] = rows


#: TF32 `nt` tiles whose loop spills in some class-"none" compile, and neighbours that do not (session 42)
TF32_NONE_SPILL_TILES = streams.KCOPY_TILES  # one list: `perfmodel calibrate` times them too (kcopies)


def kstep_tf32_none_spills(out: dict) -> None:
    """TF32 `nt`, class "none" (K = 4093: element-wise 4-byte loads, pipelined at num_stages >= 2), one
    wave of tiles (1 per SM; 2 where they fit) walking K, M and N 16-divisible (the compile class "n"
    of validation/candidates/session42_candidate56.patch), at num_stages 1, 2 and 3, for tiles whose
    main loop spills in that compile (128x256x32 and 256x128x32 at 8 warps) beside their BLOCK_K 16
    and narrower neighbours that do not. Candidate 56's fresh picks moved num_stages-1 tiles from
    BLOCK_K 32 (16 registers spilled in the loop) to 16 (none) and ran 0.85x; the model charged those
    spills every k-step: whether a loop that waits on unpipelined element-wise loads hides them, and
    what a spilled register costs in the pipelined loop (the read sweeps' spilling class-"none" runs
    ran slower than predicted)."""
    configs = [(*tile, st) for tile in TF32_NONE_SPILL_TILES for st in (1, 2, 3)]
    jobs, extra = _wave_jobs(configs, (1, 2), 4093, alignment="none")
    out["kstep_tf32_none_spills"] = streams.compiled_and_timed("kstep_tf32_none_spills", jobs, 16, (4096, 4096, 4093),
                                                               lambda M, N, K, c: extra[(M, N, K, c)], dtype="tf32",
                                                               layout="nt")


def _in_layouts(name: str, jobs: list[tuple], specialization: tuple, extra, layouts=("nn", "nt"),
                graph: bool = False, dtype: str = "tf32") -> list[dict]:
    """The (M, N, K, config) jobs in `dtype` (TF32 unless named) compiled at `specialization` and timed in each
    layout, in turn (perfmodel.gpu.streams.compiled_and_timed; `graph`: CUDA-graph replays), each row with
    `extra(M, N, K, config)`."""
    return [row for layout in layouts for row in streams.compiled_and_timed(f"{name} {layout}", jobs, 16, specialization,
                                                                            extra, dtype=dtype, layout=layout, graph=graph)]


#: TF32 tiles the decode-like `nn` shapes pick or run best (holdout78/80: split-K 32x64x128 at k2 against k4, 64x32
#: and 16x64 tiles), mma.sync (BLOCK_M < 64 or 2 warps) and wgmma (session 43)
TF32_BLOCKS_TILES = [(32, 64, 128, 4, 3), (16, 64, 128, 4, 4), (16, 64, 128, 2, 4), (32, 64, 64, 4, 4),
                     (32, 128, 64, 4, 4), (32, 64, 128, 2, 4), (64, 32, 128, 2, 3), (64, 32, 32, 2, 5),
                     (32, 32, 64, 2, 3), (64, 64, 64, 2, 3), (16, 128, 128, 4, 3), (64, 64, 64, 4, 3)]


def kstep_tf32_blocks(out: dict) -> None:
    """TF32, aligned, `nn` and `nt`, the decode tiles of TF32_BLOCKS_TILES at 1 and 2 tiles per SM: one
    wave walking K = 8192 (setup "wave", 12 x 11 tiles) and a decode stream (setup "decode": one row of
    tiles, M = BLOCK_M, N = BLOCK_N x SMs x tiles per SM, K = 8192: B from DRAM once). The read sets'
    split-K pairs of 32x64x128_w4_s3 (k2 against k4) ran 1.2x the model where one side's wave held one
    block per SM and the other's two, and 0.85x the other way round (validation/NOTES.md, session 43):
    whether a block alone on its SM runs its k-step as fast as the model says (t_k(2) / t_k(1) ~ 1.9)."""
    jobs, extra = _wave_jobs(TF32_BLOCKS_TILES, (1, 2), 8192, setup="wave")
    for c in TF32_BLOCKS_TILES:
        for per_sm in (1, 2):
            job = (c[0], c[1] * SMS * per_sm, 8192, c)
            jobs.append(job)
            extra[job] = {"setup": "decode", "tiles_per_sm": per_sm, "k_steps": 8192 // c[2]}
    out["kstep_tf32_blocks"] = _in_layouts("kstep_tf32_blocks", jobs, (4096, 4096, 8192),
                                           lambda M, N, K, c: extra[(M, N, K, c)])


#: candidate 59's short-kernel moves (session 43) went to tiles that fit one block per SM: two of them, and a BLOCK_K
#: 64 neighbour, beside TF32_BLOCKS_TILES at short K
TF32_BLOCKS_SHORT_TILES = TF32_BLOCKS_TILES + [(16, 256, 128, 4, 1), (32, 128, 128, 8, 1), (16, 256, 64, 4, 3)]
TF32_BLOCKS_SHORT_K = (128, 256, 512, 1024, 2048)


def kstep_tf32_blocks_short(out: dict) -> None:
    """kstep_tf32_blocks' one wave at 1 and 2 tiles per SM at short K (128-2048: 1-64 k-steps), `nn` and `nt`, timed
    as CUDA-graph replays (kernels of a few microseconds), with three tiles of one block per SM beside them (session
    45): whether a lone TF32 mma.sync block's slower k-step (0.61-0.81 of two blocks' at K = 8192) holds at a few
    k-steps, where candidates 58 and 59, which priced it at every K, moved short kernels' tiles and lost."""
    jobs, extra = [], {}
    for k in TF32_BLOCKS_SHORT_K:
        more, fields = _wave_jobs(TF32_BLOCKS_SHORT_TILES, (1, 2), k, setup="wave")
        jobs += more
        extra.update(fields)
    out["kstep_tf32_blocks_short"] = _in_layouts("kstep_tf32_blocks_short", jobs, (4096, 4096, 4096),
                                                 lambda M, N, K, c: extra[(M, N, K, c)], graph=True)


def _grid_waves(name: str, configs, grids, ks, dtype: str = "tf32") -> list[dict]:
    """Each config on each tile grid of `grids` ((rows, columns) of tiles: a partial wave where fewer than the SMs)
    walking each K of `ks`, compiled at 4096^3 and timed in `nn` and `nt` as CUDA-graph replays (_in_layouts), each
    row with setup "wave", its tiles and its k-steps."""
    jobs, extra = [], {}
    for c in configs:
        for rows_, cols in grids:
            for k in ks:
                job = (c[0] * rows_, c[1] * cols, k, c)
                jobs.append(job)
                extra[job] = {"setup": "wave", "tiles": rows_ * cols, "k_steps": k // c[2]}
    return _in_layouts(name, jobs, (4096, 4096, 4096), lambda M, N, K, c: extra[(M, N, K, c)], graph=True, dtype=dtype)


#: 16-bit tiles of holdout95's 750x3072x768 `nt` miss (session 45: 256x128x64_w8_s4 in a lone wave of 72 tiles ran 1.25x
#: its prediction, 64x128x64_w4_s3 as predicted), and their neighbours
FP16_LONE_WAVE_TILES = [(256, 128, 64, 8, 4), (128, 256, 64, 8, 3), (128, 128, 64, 4, 4), (64, 128, 64, 4, 3)]
#: tile grids (rows, columns) of 33, 72 and 132 tiles: a quarter, about half and all of an H200's SMs at one tile each
FP16_LONE_WAVE_GRIDS = ((3, 11), (8, 9), (12, 11))


def kstep_fp16_lone_waves(out: dict) -> None:
    """fp16, aligned, `nn` and `nt`: the tiles of FP16_LONE_WAVE_TILES in one partial wave of 33, 72 and 132 tiles
    walking K 256, 768 and 2048, timed as CUDA-graph replays (session 45): over the read sets big 8-warp tiles in one
    partial wave at 16 k-steps or fewer ran a median 1.24x their prediction, the same tiles in several waves 1.03x;
    whether the model's clock gain for a partly busy GPU (calibration partial_clock_gain), or the lone tile's start
    and end, is what it misses."""
    out["kstep_fp16_lone_waves"] = _grid_waves("kstep_fp16_lone_waves", FP16_LONE_WAVE_TILES, FP16_LONE_WAVE_GRIDS,
                                               (256, 768, 2048), dtype="fp16")


#: fp16 tiles candidate 62's losing moves went to (session 46: 4-warp tiles at six stages, a stage count no sweep
#: times, in one partial wave, ran 0.70-0.87 of the 128x128x64_w4_s5 / 128x256x64_w8_s4 picks they replaced) and those
#: picks, each at 3 to 6 stages
FP16_STAGE_WAVE_TILES = [(256, 64, 32, 4), (64, 128, 32, 4), (64, 256, 32, 4), (128, 128, 32, 4), (128, 128, 64, 4),
                         (128, 256, 64, 8)]
#: tile grids (rows, columns): one partial wave of 33 and 72 tiles, and 1056 tiles (eight waves at one tile per SM)
FP16_STAGE_WAVE_GRIDS = ((3, 11), (8, 9), (32, 33))


def kstep_fp16_stage_waves(out: dict) -> None:
    """fp16, aligned, `nn` and `nt`: the tiles of FP16_STAGE_WAVE_TILES at 3, 4, 5 and 6 stages, in one partial wave
    of 33 and 72 tiles and in 1056 tiles, walking K 1024 and 3072, timed as CUDA-graph replays (session 46): whether
    six stages, whose tile factor comes from stage counts the sweeps timed, run as the model says, and whether a lone
    partial wave runs over its terms for every tile (the read sets: 1.10-1.20 at 10-60 us) or for some."""
    configs = [(*tile, stages) for tile in FP16_STAGE_WAVE_TILES for stages in (3, 4, 5, 6)]
    out["kstep_fp16_stage_waves"] = _grid_waves("kstep_fp16_stage_waves", configs, FP16_STAGE_WAVE_GRIDS, (1024, 3072),
                                                dtype="fp16")


#: fp16 tiles at one, two and three blocks per SM (session 47: over the read sets' aligned 16-bit near-best runs, lone
#: partial waves of 64x128x64_w4_s3 at three blocks per SM ran a median 0.87 of their prediction, of 256x128x64_w8_s4
#: and 128x256x64_w8_s4 at one 1.05, in many waves 0.94-0.99; holdout99's 750x4096x1024 and holdout95's 750x3072x768
#: picked the one-block tiles over the three-block one)
FP16_FILL_TILES = [(64, 128, 64, 4, 3), (64, 128, 64, 4, 4), (128, 128, 64, 4, 3), (256, 128, 64, 8, 4)]
#: tile grids (rows, columns) of 66 to 792 tiles, eleven columns: half of the SMs at one tile each, then one tile per
#: SM, then each step a further 66 tiles up to three per SM, then four and six per SM
FP16_FILL_GRIDS = tuple((r, 11) for r in (6, 12, 18, 24, 30, 36, 48, 72)) + ((24, 12),)


def kstep_fp16_fill(out: dict) -> None:
    """fp16, aligned, `nn` and `nt`: the tiles of FP16_FILL_TILES on grids of 66 to 792 tiles walking K 768 and 4096,
    timed as CUDA-graph replays (session 47): how a grid's time grows as its tiles fill the SMs one, two and three
    deep, against the model's last partial wave (perfmodel.kernels.tiled.wave_shape: ceil(tiles / SMs) blocks on the
    SMs that many fill, its clock and L2 share at those SMs)."""
    out["kstep_fp16_fill"] = _grid_waves("kstep_fp16_fill", FP16_FILL_TILES, FP16_FILL_GRIDS, (768, 4096), dtype="fp16")


#: TF32 tiles of holdout95's 192x1000x1280 `nt` miss (session 45: 64x32x128_w2_s4, one block per SM at a stage count
#: the tile factors were fitted at, ran 1.35x its prediction in a lone wave of 96 tiles; 64x64x64_w4_s5 as predicted)
#: and neighbours
TF32_LONE_PARTIAL_CONFIGS = [(64, 32, 128, 2, 4), (64, 64, 64, 4, 5), (64, 32, 64, 2, 4), (32, 64, 128, 4, 3)]
#: tile grids (rows, columns): one partial wave of 33, 72 and 96 tiles, and 1056 tiles
TF32_LONE_PARTIAL_GRIDS = ((3, 11), (8, 9), (3, 32), (32, 33))


def kstep_tf32_lone_partial(out: dict) -> None:
    """TF32, aligned, `nn` and `nt`: the tiles of TF32_LONE_PARTIAL_CONFIGS in one partial wave of 33, 72 and 96 tiles
    and in 1056 tiles, walking K 1280 and 4096, timed as CUDA-graph replays (session 46): whether a one-block
    mma.sync tile runs slower in a lone partial wave than in many waves, where its tile factor was fitted."""
    out["kstep_tf32_lone_partial"] = _grid_waves("kstep_tf32_lone_partial", TF32_LONE_PARTIAL_CONFIGS,
                                                 TF32_LONE_PARTIAL_GRIDS, (1280, 4096))


#: TF32 class-"none" tiles (session 43): the read sets' skinny-N misses pick 256x32x32_w4 where 128x32x32_w4_s2 runs
#: ~1.4x faster (the model: 1.0x), with BLOCK_M, BLOCK_N, warps and BLOCK_K around them
TF32_NONE_COPY_TILES = [(64, 32, 32, 4), (128, 32, 32, 4), (256, 32, 32, 4), (128, 32, 32, 8), (256, 32, 32, 8),
                        (64, 64, 32, 4), (128, 64, 32, 4), (128, 64, 32, 8), (64, 128, 32, 4), (128, 128, 32, 8),
                        (128, 32, 64, 4), (64, 64, 64, 4)]


def _copy_waves(name: str, k: int, specialization: tuple, n_short: int = 0, alignment: str = "none",
                layouts=("nn", "nt")) -> list[dict]:
    """One wave of the tiles of TF32_NONE_COPY_TILES at 2 and 3 stages and 1, 2 and 3 tiles per SM walking K = `k`
    (N `n_short` below the tiles' width), compiled at `specialization` and timed in each of `layouts`."""
    configs = [(*tile, st) for tile in TF32_NONE_COPY_TILES for st in (2, 3)]
    jobs, extra = _wave_jobs(configs, (1, 2, 3), k, n_short=n_short, alignment=alignment)
    return _in_layouts(name, jobs, specialization, lambda M, N, K, c: extra[(M, N, K, c)], layouts=layouts)


def kstep_tf32_none_copies(out: dict) -> None:
    """TF32 class "none" (K = 4093: every element copied one by one, pipelined at 2+ stages), `nn` and `nt`, M and
    N 16-divisible, one wave of the tiles of TF32_NONE_COPY_TILES at 2 and 3 stages and 1, 2 and 3 tiles per SM,
    walking K: how an SM's one-by-one copies scale with the blocks and warps resident (the model: b x copies /
    gather_elems_per_s_per_sm x (b / 2)^0.15, one rate for every warp count)."""
    out["kstep_tf32_none_copies"] = _copy_waves("kstep_tf32_none_copies", 4093, (4096, 4096, 4093), alignment="none")


def kstep_tf32_k_copies(out: dict) -> None:
    """TF32 class "k" in `nn` (K = 4096, N three short of the tiles' width: B alone copied one by one, transposed
    into the K-major layout wgmma reads; A in 16-byte vectors), one wave of the tiles of TF32_NONE_COPY_TILES at 2
    and 3 stages and 1, 2 and 3 tiles per SM (session 44): whether a lone block's copies run slower than two
    blocks' as in classes "n" and "none" (lone_copy_share), or not (holdout92's 48x50257x768: its best configs, at
    one and three blocks per SM, ran 0.69-0.74 of their predictions, a four-block one 0.95)."""
    out["kstep_tf32_k_copies"] = _copy_waves("kstep_tf32_k_copies", 4096, (4096, 4093, 4096), n_short=3, alignment="k",
                                             layouts=("nn",))


#: TF32 class-"none" tiles of the read sets' skinny-N misses (session 43): 128x32x32_w4_s2 ran best where the model
#: picked 256x32x32_w4_s3 or 256x128x32_w8, at K 14-600
TF32_NONE_SHORT_CONFIGS = [(128, 32, 32, 4, 2), (128, 32, 32, 4, 3), (128, 32, 32, 4, 4), (256, 32, 32, 4, 3),
                           (256, 32, 32, 4, 4), (128, 64, 32, 4, 2), (128, 64, 32, 8, 2), (256, 128, 32, 8, 3),
                           (64, 32, 32, 2, 4), (32, 32, 32, 2, 4)]
TF32_NONE_SHORT_K = (29, 61, 125, 253, 509)


def kstep_tf32_none_short(out: dict) -> None:
    """TF32 class "none" at short K (29-509, odd) and skinny N (BLOCK_N - 3), M = 128 x SMs x 8 (many waves of
    tiles), `nn` and `nt`: the tiles of TF32_NONE_SHORT_CONFIGS, whose order on the read skinny-N shapes the model
    gets wrong (256x32x32_w4_s3 against 128x32x32_w4_s2: measured 1.3-1.7x, the model 1.0x); kstep_tf32_none_copies
    ran the same tiles as fast per row at long K, so what differs is the tile's start and end."""
    M = 128 * SMS * 8
    jobs = [(M, c[1] - 3, K, c) for c in TF32_NONE_SHORT_CONFIGS for K in TF32_NONE_SHORT_K]
    out["kstep_tf32_none_short"] = _in_layouts("kstep_tf32_none_short", jobs, (4096, 4093, 4093),
                                               lambda M, N, K, c: {"alignment": "none", "k_steps": -(-K // c[2])})


def programs(out: dict) -> None:
    """Per-program cost: K = BLOCK_K (one k-step), growing numbers of tiles."""
    rows = []
    for c in ((128, 128, 64, 4, 3), (64, 64, 64, 4, 3), (32, 64, 64, 2, 3), (128, 256, 64, 8, 3)):
        for waves in (1, 2, 4, 8, 16):
            M = c[0] * 12 * waves
            N = c[1] * 11
            ms, err, *_ = _gemm_time(M, N, c[2], c)
            rows.append({"BLOCK_M": c[0], "BLOCK_N": c[1], "BLOCK_K": c[2], "num_warps": c[3], "num_stages": c[4],
                         "M": M, "N": N, "K": c[2], "programs": M // c[0] * 11, "time_ms": ms, "rel_err": err})
    out["programs"] = rows
    print(f"[programs] {len(rows)} timed", flush=True)


def splitk_reduce(out: dict) -> None:
    """The split-K pair (main kernel + reduction) against the plain kernel on the same tiles."""
    rows = []
    for M, N, K in ((512, 512, 16384), (256, 2048, 8192), (1024, 1024, 8192), (128, 4096, 8192)):
        for sk in (1, 2, 4, 8):
            c = (64, 64, 64, 4, 3)
            ms, err, *_ = _gemm_time(M, N, K, c, splitk=sk)
            rows.append({"M": M, "N": N, "K": K, "SPLIT_K": sk, "config": "64x64x64_w4_s3", "time_ms": ms, "rel_err": err})
    out["splitk"] = rows
    print(f"[splitk] {len(rows)} timed", flush=True)


#: every step, in the order a run without names takes them
STEPS = (clocks, latency, scalar_loads, mma_loop, kstep, programs, splitk_reduce, spills, stream, partial, kstep_mixed,
         stream_short_k, kstep_stages, kstep_mixed_tiles,
         kstep_fp32_k, kstep_fp32_all, kstep_fp32_nt, kstep_fp32_spills, kstep_tf32_none_spills, kstep_tf32_blocks,
         kstep_tf32_none_copies, kstep_tf32_none_short, kstep_tf32_k_copies, kstep_tf32_blocks_short,
         kstep_fp16_lone_waves, kstep_fp16_stage_waves, kstep_tf32_lone_partial, kstep_fp16_fill)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--name", default="microbench.json", help="the output file's name in --out")
    ap.add_argument("steps", nargs="*", help="run only these: " + " ".join(f.__name__ for f in STEPS))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    global SMS
    p = torch.cuda.get_device_properties(0)
    SMS = p.multi_processor_count
    out = {"kind": "microbench", "gpu_name": p.name, "sm_count": SMS, "torch": torch.__version__,
           "triton": triton.__version__, "driver": env.driver_version(),
           "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "command": "python3 validation/microbench.py " + " ".join(sys.argv[1:])}
    only = [a for a in sys.argv[1:] if a in [f.__name__ for f in STEPS]]
    for step in STEPS:
        if only and step.__name__ not in only:
            continue
        try:
            step(out)
        except Exception as e:  # noqa: BLE001 - keep what the other steps measured
            out[step.__name__] = {"error": f"{type(e).__name__}: {str(e)[:300]}"}
            print(f"[{step.__name__}] failed: {e}", flush=True)
        (args.out / args.name).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
