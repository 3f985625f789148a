"""The GEMMs `perfmodel calibrate` times for the memory and partial-wave terms of the model
(perfmodel.calibration._memory_and_clock derives from them), sized by this GPU's SM count S:

    stream     memory-bound GEMMs (M = 16, K = 8192: B streams from DRAM once). Part A: one
               config at S/16 ... 6S blocks; part B: tile width, BLOCK_K and stages (the bytes
               each block keeps in flight) at S and 4S blocks; part C: the same configs at S/4
               and S/2 blocks (how fast a part of the SMs streams, by what each keeps in flight)
    partial    fewer tiles than SMs walking a long K (16384): 4 tiles, then 1/12 ... all of one
               wave, four configs (how fast a k-step runs while only some SMs are busy)
    cstore     16-bit nt GEMMs at N 16-divisible and at N - 1, the same tiles: only C's store
               changes (vectors, or element by element), the pairs
               perfmodel.calibration.store_rate derives the element-wise store's rate from
    kcopies    TF32 nt GEMMs whose K is not 16-divisible (4093: every element copied one by one,
               pipelined at 2+ stages), one wave of ten tiles at 2 and 3 stages, 1 and 2 tiles per SM:
               perfmodel.calibration_copies derives what such a copy costs, K-major to
               K-major, in the transposing copies' time (only where TF32 lowers to wgmma)

On an H200 (S = 132) these are the rows of validation/data/h200/microbench_memory.json, which
were recorded with the lab's validation/microbench.py before the model used them. `quick`
keeps part A, a quarter of part B, two partial configs and two of the four C-store shapes.
The C-store pairs are validation/cstore_probe.py's (h200/cstore_probe.jsonl); the kcopies tiles are the
lab's kstep_tf32_none_spills (validation/microbench.py; h200/microbench_tf32_none_spills.json, 1-3 stages).
"""

from __future__ import annotations

from perfmodel.gpu import env
from perfmodel.gpu.env import say, wave_grid

STREAM_K, PARTIAL_K = 8192, 16384
STREAM_A = (16, 64, 128, 2, 4)  # BLOCK_M, BLOCK_N, BLOCK_K, warps, stages
STREAM_B_TILES = ((32, 2), (64, 2), (128, 4), (256, 4))  # BLOCK_N, warps
PARTIAL_CONFIGS = ((128, 128, 64, 4, 3), (128, 256, 64, 8, 3), (64, 64, 64, 4, 4), (64, 128, 64, 4, 4))
#: (M, N, K) with N 16-divisible, each timed at N and N - 1 (fp16, nt), and the tiles timed there
CSTORE_SHAPES = ((65536, 256, 256), (65536, 1024, 256), (131072, 512, 64), (16384, 4096, 1024))
CSTORE_TILES = ((128, 128, 64, 4, 3), (128, 256, 64, 8, 3), (64, 128, 64, 4, 3), (128, 64, 64, 4, 4),
                (256, 128, 64, 8, 3), (64, 256, 32, 4, 4))

#: TF32 `nt` class-"none" tiles (BLOCK_M, BLOCK_N, BLOCK_K, warps): 128x256x32 and 256x128x32 at 8 warps, whose
#: loops spill in some compile, their BLOCK_K 16, and narrower neighbours that do not (session 42)
KCOPY_TILES = [(128, 256, 32, 8), (128, 256, 16, 8), (256, 128, 32, 8), (256, 128, 16, 8), (128, 128, 32, 8),
               (128, 128, 16, 8), (128, 128, 16, 4), (64, 256, 16, 4), (128, 64, 32, 4), (128, 32, 32, 4)]
KCOPY_K = 4093  # not 16-divisible: load class "none" with M and N 16-divisible


def stream_jobs(sms: int, quick: bool) -> list[tuple]:
    """(M, N, K, config) of the stream rows (module doc)."""
    M, K = 16, STREAM_K
    counts = sorted({max(1, round(sms * f)) for f in (1 / 16, 1 / 8, 1 / 4, 1 / 2, 3 / 4, 1, 1.5, 2, 3, 4, 6)})
    jobs = [(M, STREAM_A[1] * n, K, STREAM_A) for n in counts]
    tiles = STREAM_B_TILES[1:3] if quick else STREAM_B_TILES
    for bn, w in tiles:
        for bk in ((64, 128) if quick else (32, 64, 128)):
            for stages in ((2, 4) if quick else (2, 3, 4, 6)):
                for blocks in ((sms // 2, sms, 4 * sms) if quick else (sms // 4, sms // 2, sms, 4 * sms)):
                    jobs.append((M, bn * blocks, K, (16, bn, bk, w, stages)))
    return list(dict.fromkeys(jobs))


def partial_jobs(wave: tuple[int, int], quick: bool) -> list[tuple]:
    """(M, N, K, config) of the partial rows: 2 x 2 tiles, then `rows` fractions of one wave
    of rows x cols tiles (12 x 11 on an H200)."""
    rows, cols = wave
    shapes = [(2, 2)] + [(r, cols) for r in sorted({max(1, round(rows * f)) for f in (1 / 12, 1 / 6, 1 / 4, 1 / 2,
                                                                                     3 / 4, 1)})]
    configs = PARTIAL_CONFIGS[::2] if quick else PARTIAL_CONFIGS
    return [(c[0] * r, c[1] * k, PARTIAL_K, c) for c in configs for r, k in shapes]


KEYS = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages")


def cstore_jobs(quick: bool) -> list[tuple]:
    """(M, N, K, config) of the C-store pairs (module doc)."""
    shapes = CSTORE_SHAPES[1:3] if quick else CSTORE_SHAPES
    return [(M, n, K, tile) for M, N, K in shapes for n in (N, N - 1) for tile in CSTORE_TILES]


def kcopy_jobs(wave: tuple[int, int], quick: bool) -> list[tuple]:
    """(M, N, K, config, tiles per SM) of the kcopies rows: one wave of rows x cols x per_sm tiles (12 x 11 on
    an H200) walking K = KCOPY_K, M and N 16-divisible; `quick`: every other tile, one tile per SM."""
    rows, cols = wave
    tiles = KCOPY_TILES[::2] if quick else KCOPY_TILES
    return [(t[0] * rows, t[1] * cols * per_sm, KCOPY_K, (*t, st), per_sm)
            for t in tiles for st in (2, 3) for per_sm in ((1,) if quick else (1, 2))]


def compile_grouped(configs, specialization: tuple, jobs: int, label: str, dtype: str = "fp16",
                    layout: str = "nn") -> None:
    """Compile the grouped kernel for (BM, BN, BK, warps, stages) configs at the (M, N, K)
    specialization in `jobs` worker processes (Triton's cache then holds them)."""
    from perfmodel.gpu.bench import precompile
    from perfmodel.gpu.sweep import compile_one

    precompile(compile_one, [("grouped", dtype, layout, *specialization, {**dict(zip(KEYS, c)), "GROUP_M": 8, "SPLIT_K": 1})
                             for c in dict.fromkeys(configs)], jobs, label)


def timed_rows(name: str, jobs: list[tuple], extra, dtype: str = "fp16", layout: str = "nn",
               graph: bool = False) -> list[dict]:
    """Time (M, N, K, config) jobs with the grouped kernel: rows with the config, the shape,
    DRAM bytes (A, B, C once), `extra(M, N, K, config)` and what perfmodel.gpu.bench.time_gemm
    measured (time, error, registers, spills, shared bytes), or the error of a config that
    cannot run. Rows of another dtype or layout than fp16 nn name theirs; `graph` times CUDA-graph
    replays (and says so in each row)."""
    from perfmodel.dtypes import DTYPES
    from perfmodel.gpu.bench import time_gemm

    d = DTYPES[dtype]
    named = {} if (dtype, layout) == ("fp16", "nn") else {"dtype": dtype, "layout": layout}
    if graph:
        named["timing"] = "cudagraph"
    rows = []
    for M, N, K, c in jobs:
        row = {**dict(zip(KEYS, c)), **named, "M": M, "N": N, "K": K,
               "min_bytes": d.in_bytes * (M * K + K * N) + d.out_bytes * M * N, **extra(M, N, K, c)}
        try:
            row.update(time_gemm(M, N, K, c, dtype=dtype, layout=layout, graph=graph))
            row["bytes_per_s"] = row["min_bytes"] / (row["time_ms"] * 1e-3)
        except Exception as e:  # noqa: BLE001 - a config this GPU cannot run is recorded
            row["error"] = f"{type(e).__name__}: {str(e)[:200]}"
        rows.append(row)
    say(f"{name}: {sum('time_ms' in r for r in rows)} of {len(rows)} timed")
    return rows


def _blocks_and_steps(M, N, K, c) -> dict:
    return {"blocks": -(-M // c[0]) * -(-N // c[1]), "k_steps": -(-K // c[2])}


def compiled_and_timed(name: str, jobs: list[tuple], jobs_n: int, specialization: tuple, extra=_blocks_and_steps,
                       dtype: str = "fp16", layout: str = "nn", graph: bool = False) -> list[dict]:
    """Compile the jobs' configs at `specialization` in `jobs_n` processes, then time them
    (timed_rows), each row with `extra(M, N, K, config)` (default: its blocks and k-steps)."""
    compile_grouped([c for *_, c in jobs], specialization, jobs_n, f"calibrate: compile {name}", dtype=dtype, layout=layout)
    return timed_rows(name, jobs, extra, dtype=dtype, layout=layout, graph=graph)


def stream(quick: bool, jobs: int = 16) -> list[dict]:
    return compiled_and_timed("stream", stream_jobs(env.properties()["sm_count"], quick), jobs, (16, 4096, STREAM_K))


def partial(quick: bool, jobs: int = 16) -> list[dict]:
    wave = wave_grid(env.properties()["sm_count"])
    return compiled_and_timed("partial", partial_jobs(wave, quick), jobs, (4096, 4096, PARTIAL_K))


def cstore(quick: bool, jobs: int = 16) -> list[dict]:
    """The C-store pairs, timed (fp16, nt; compiled at each N's specialization)."""
    todo = cstore_jobs(quick)
    for spec in sorted({(M, N, K) for M, N, K, _ in todo}):
        compile_grouped([c for M, N, K, c in todo if (M, N, K) == spec], spec, jobs, f"calibrate: compile cstore {spec}",
                        layout="nt")
    return timed_rows("cstore", todo, lambda *_: {}, layout="nt")


def kcopies(quick: bool, jobs: int = 16) -> list[dict]:
    """Time the kcopies rows (module doc) with the grouped kernel, TF32 `nt`, each with its tiles per SM."""
    todo = kcopy_jobs(wave_grid(env.properties()["sm_count"]), quick)
    per_sm = {job[:4]: job[4] for job in todo}
    return compiled_and_timed("kcopies", list(per_sm), jobs, (4096, 4096, KCOPY_K),
                              lambda M, N, K, c: {"tiles_per_sm": per_sm[(M, N, K, c)]}, dtype="tf32", layout="nt")
