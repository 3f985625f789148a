"""Registers per thread of the bundled grouped GEMM as Triton 3.6.0 compiles it: a table.

Why a table and not a formula: the register count is the register allocator's choice (ptxas on
NVIDIA, LLVM on AMD). It is decided by the tile geometry (BLOCK_M, BLOCK_N, BLOCK_K, num_warps)
and, on aligned problems, by whether num_stages is 1, 2 or more; GROUP_M and num_stages beyond 3
leave it within 10% (validation/register_table.py says how this was measured). Across
geometries no closed formula tried came within 10% for more than ~70% of kernels, while ptxas
clusters its choices at occupancy steps (64, 72, 80, 96, 128, 168, 255 on sm_80/sm_90).
So perfmodel ships what the compiler gave for every geometry of its built-in config space:

    perfmodel/register_table.json   produced by `python validation/register_table.py compile`
                                    then `... build` (offline compiles, no GPU; ~25 min on 2 cores)

Lookup: (compile target, alignment class, BLOCK_M, BLOCK_N, BLOCK_K, num_warps, stage class)
with the alignment class of perfmodel.problem.GemmProblem.alignment ("all": K and N multiples of
16; "k" or "n": only that one; "none") and the stage class min(num_stages, 3), or 3 where
nothing is aligned (no multi-buffering, registers independent of num_stages); 16-bit operands
(fp16 compiles; bf16 allocates within 10% of fp16 on 162/162 sm_90 configs). Devices without a
public Triton target use their stand-in: gfx926 (K100) and gfx936 (BW) read gfx90a's column
(accumulators and operands in one VGPR budget, as on a chip without separate AGPRs; a proxy,
not a measurement). Anything outside the table (other dtypes, tiles off the power-of-two grid,
devices without a matrix unit for the dtype) falls back to resources.REGISTER_MODEL.

Checked against compiles the table was not built from (tests/test_resources.py): the offline
compile sweep's configs with another num_stages or GROUP_M, bf16, and the kernels the H200
itself compiled (validation/data/h200/runs.jsonl).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np

TABLE_PATH = Path(__file__).with_name("register_table.json")
#: the grid the table was compiled on: perfmodel.rank's built-in space (a test checks they agree;
#: rank imports this module's users, so the values are repeated rather than imported)
BLOCK_MN = (16, 32, 64, 128, 256)
BLOCK_K = (16, 32, 64, 128)
WARPS = (2, 4, 8)
STAGE_CLASSES = (1, 2, 3)
ALIGNMENTS = ("all", "none", "k", "n")

#: device target -> the compile target whose column it reads (None: no table, use the fit)
TABLE_TARGET = {"sm_80": "sm_80", "sm_90": "sm_90", "gfx908": "gfx908", "gfx90a": "gfx90a", "gfx942": "gfx942",
                "gfx926": "gfx90a", "gfx936": "gfx90a"}
TABLE_DTYPES = ("fp16", "bf16")


@functools.lru_cache(maxsize=1)
def load_table() -> dict:
    """The JSON file as a dict (header fields and rows)."""
    return json.loads(TABLE_PATH.read_text())


@functools.cache
def _dense(target: str) -> np.ndarray:
    """int32 array [alignment, BM, BN, BK, warps, stage class, (regs, spilled)]; -1 where not compiled."""
    arr = np.full((len(ALIGNMENTS), len(BLOCK_MN), len(BLOCK_MN), len(BLOCK_K), len(WARPS), len(STAGE_CLASSES), 2), -1,
                  dtype=np.int32)
    cols = load_table()["columns"]
    ix = {c: i for i, c in enumerate(cols)}
    for row in load_table()["rows"]:
        if row[ix["target"]] != target:
            continue
        arr[ALIGNMENTS.index(row[ix["alignment"]]), BLOCK_MN.index(row[ix["BLOCK_M"]]), BLOCK_MN.index(row[ix["BLOCK_N"]]),
            BLOCK_K.index(row[ix["BLOCK_K"]]), WARPS.index(row[ix["num_warps"]]),
            STAGE_CLASSES.index(row[ix["num_stages"]])] = (row[ix["regs"]], row[ix["spilled_regs"]])
    return arr


def _index(values: np.ndarray, grid: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    g = np.asarray(grid)
    i = np.clip(np.searchsorted(g, values), 0, len(g) - 1)
    return i, g[i] == values


def stage_class(stages: np.ndarray, alignment: str) -> np.ndarray:
    """min(num_stages, 3), at least 1; 3 for "none" (nothing is multi-buffered there)."""
    stages = np.asarray(stages, dtype=np.int64)
    return np.full_like(stages, 3) if alignment == "none" else np.minimum(np.maximum(stages, 1), 3)


def lookup(target: str, alignment: str, bm, bn, bk, warps, stages) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Vectorised: (regs, spilled_regs, found) for arrays of configs on one compile target and
    alignment class ("all", "none", "k", "n": perfmodel.problem.GemmProblem.alignment).
    Entries not in the table come back with found = False (regs and spilled are then -1)."""
    if alignment not in ALIGNMENTS:
        raise ValueError(f"alignment {alignment!r}; allowed: {', '.join(ALIGNMENTS)}")
    bm, bn, bk, warps, stages = (np.asarray(x, dtype=np.int64) for x in (bm, bn, bk, warps, stages))
    n = np.broadcast(bm, bn, bk, warps, stages).shape
    if target not in set(TABLE_TARGET.values()):
        return np.full(n, -1), np.full(n, -1), np.zeros(n, dtype=bool)
    sc = stage_class(stages, alignment)
    (im, okm), (inn, okn), (ik, okk), (iw, okw) = (_index(bm, BLOCK_MN), _index(bn, BLOCK_MN), _index(bk, BLOCK_K),
                                                   _index(warps, WARPS))
    vals = _dense(target)[ALIGNMENTS.index(alignment), im, inn, ik, iw, sc - 1]
    found = okm & okn & okk & okw & (vals[..., 0] >= 0)
    regs = np.where(found, vals[..., 0], -1)
    spilled = np.where(found, vals[..., 1], -1)
    return regs, spilled, found
