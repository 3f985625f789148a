"""Measured tile factors: what one device's k-steps of each tile class take beyond the formulas.

The k-step formulas (perfmodel.kernels.pipeline) price a config by its work, its loads and its
pipeline depth. What they leave out depends on the tile's geometry and repeats from shape to
shape on one device: on the H200, TF32 nt k-steps of 8-warp 128x128 tiles ran 1.28-1.34x the
formulas in each of five recorded sets and 128x256 at 8 warps 0.97-1.03; 16-bit tiles with
BLOCK_K 32 ran ~0.85x and with BLOCK_K 128 ~1.2x (validation/residuals.py --no-tile-factors;
validation/NOTES.md, session 8). A device's calibration can carry these as factors:

    t_k(config) = t_k from the formulas x f[dtype class][tile],   tile = BMxBNxBK_wW_sS, else BMxBNxBK_wW

for the kernels of a fitted main loop (the H200's: grouped and split-K; TMA, persistent and
warp-specialized, from session 22: perfmodel.scoring.tile_fit.LOOPS). Aligned shapes (load class
"all") have two regimes with classes of their own: M > 64 (fitted on M, N >= 256: compute-bound
main loops) and decode (M <= 64: memory-bound, few k-steps per tile). Shapes with M or N under 256
(and M > 64) kept the formulas until session 25 (candidate 29); they read the compute-bound class
now, which the fit still takes from M, N >= 256 alone (tile_fit; fitted on the mid shapes too, the
read sets gained nothing).
Shapes whose main loop loads an operand element by element (load classes "k", "n",
"none": perfmodel.problem.ALIGNMENTS) have a class per load class and layout, at any size (the
load class names which operand is loaded element by element, the layout along which axis): their k-steps are
the element-wise load term's, and what it misses (register-carried loads, spills) depends on
the tile more than on the shape. At decode M (M <= 64) each such class is refined: a tile takes its
class's factor times its decode class's ratio ("16-bit load none nt decode": its tile's, else its
BLOCK_K x warps class's, else 1), and the split-K kernel, which takes no factor of these classes where A
is copied element by element (NO_ELEMENTWISE_FACTOR), takes a class of its own there ("... decode
splitk"): at decode M the grouped kernel's element-wise runs near the best read 1.09-1.13 of the model
and split-K's 0.82-0.89, a 1.25-1.33x bias between them that put K-unaligned `nt` picks at 0.59-0.65
of the best (validation/NOTES.md, session 32, candidate 37).
Where a tile of a load class listed in COARSE has no factor of
its own, its BLOCK_K x warps class's applies (key BK{BLOCK_K}_w{warps}): on the H200, load "k"
tiles with BLOCK_K 128 and 8 warps ran 1.8-2.5x the formulas whatever BM x BN, and few of those
tiles are timed often enough for a factor each (validation/NOTES.md, session 9). In the aligned
classes (STAGED) a tile at one stage count can carry a key of its own (BMxBNxBK_wW_sS) over its
tile's: the fit's second round, kept where those runs sit at least `min_stage_effect` (in ln) away from
the tile's factor (perfmodel.scoring.tile_fit).
A tile with no key of its own nor a BLOCK_K x warps class, whose BM x BN x warps the class holds at
another BLOCK_K, takes that tile's factor at the nearest BLOCK_K, floored at 1 (neighbour): a tile
no sweep timed is priced like its timed neighbour where that one runs slower than the formulas, and
never faster than the formulas on a neighbour's word. The fit keeps 1 for every tile it saw enough
runs of whose factor is within `min_effect` of 1, so no neighbour's stands in for a measured tile.
On the H200, TF32 `nn` shapes picked 128x64x64_w2 (spilling, never swept: no factor) over its timed
neighbour 128x64x32_w2 (x1.35) and ran 0.69-0.89 of the sweeps' best (validation/NOTES.md, session
25, candidate 28).
f is the median over the device's recorded sweeps of measured / predicted time for the runs of
that class, the model evaluated without factors, where at least `min_runs` runs of `min_shapes`
shapes agree on an f at least `min_effect` (in ln) away from 1 (perfmodel.scoring.tile_fit;
validation/fit_tile_factors.py derives the H200's, `perfmodel fit-tiles` a user's). Tiles
without a factor or a neighbour and devices without the block keep 1. Judged on hold-outs recorded before it:
holdout12 (Spearman 0.906-0.946 -> 0.951-0.969 by group, median error 0.110-0.153 -> 0.066-0.104)
and holdout13 (top-1 0.960 -> 0.968, worst 0.755 -> 0.817; validation/NOTES.md, session 8); the
element-wise classes on holdout16 (validation/NOTES.md, session 9); the staged keys on holdout40
(top-1 0.943 -> 0.954; validation/NOTES.md, session 17).
"""

from __future__ import annotations

import re

import numpy as np

from perfmodel.dtypes import DTYPES
from perfmodel.kernels.operands import ELEMENTWISE_OPERANDS
from perfmodel.layouts import LAYOUTS

#: the load classes whose tiles can also be keyed at their stages (BMxBNxBK_wW_sS): the aligned ones.
#: With the stages pooled, one median mixes regimes that differ most in one-block 8-warp tiles
#: (256x128x64_w8 without factors, fitted sets, K > 1536: s2 1.35, s3 1.0, s4 0.93-0.96 of the
#: formulas; validation/NOTES.md, session 16). Keyed at their stages alone, with no stage-free factor
#: under them, the read sets lost 0.017 summed: the staged medians rest on a third of the runs
#: (NOTES, session 17)
STAGED = ("all",)
#: the stage counts the sweeps time (perfmodel.gpu.suite: num_stages 2..5), which the factors are fitted on; the
#: model's grid also holds 1 and 6, whose tiles take their factors from these (tiled.lone_step)
FITTED_STAGES = (2, 3, 4, 5)
#: the smallest M and N of the compute-bound shapes the factors are fitted on (512 until holdout15
#: judged 256 better: validation/NOTES.md, session 8); applied to every shape with M > DECODE_MAX_M
#: since session 25 (candidate 29)
MIN_MN = 256
#: the largest M of a decode GEMM: its tiles have their own factors (a memory-bound main loop, a
#: few k-steps per tile)
DECODE_MAX_M = 64
#: the element-wise load classes whose tiles fall back to a BLOCK_K x warps factor (module doc).
#: Left one set out over the ten read sets holding element-wise shapes (50 shapes), their top-1
#: was 0.792 without element-wise classes, 0.813 with tile factors, 0.844 with the "k" fallback
#: too, 0.792 with the fallback for every load class ("n" and "none" tiles of one BLOCK_K and
#: warps scatter 0.7-1.2 around their class's median)
COARSE = ("k",)
#: the element-wise load classes with factor classes of their own (each judged on a hold-out: "k"
#: and "n" on holdout16, session 9; "none" on holdout20, session 10: validation/NOTES.md)
ELEMENTWISE = ("k", "n", "none")
#: the dtype tile classes whose element-wise shapes take factors: TF32's, fitted on holdout18's
#: TF32 shapes, lost 0.018 of top-1 on holdout19's tf32 nn group (validation/NOTES.md, session 10)
ELEMENTWISE_TILE_CLASSES = ("16-bit",)
#: the kernels that take no factor of the pointer loop's element-wise classes where A is copied element
#: by element (load classes "n" and "none": takes_factors): the split-K kernel compiles those tiles with
#: registers and spills of its own (its own register table), and the factors, fitted on the pointer
#: loop's runs (the grouped kernel's, but for 10 split-K runs near the best over the read sets), put
#: its picks 2-3x off: on 400 fresh shapes the 71 picks leaving them ran 1.42x faster
#: (validation/NOTES.md, session 24, candidate 27b). At decode M they take a class of their own
#: (factor_class: "... decode splitk"): there its runs near the best read 0.82-0.89 of the formulas
#: where the grouped kernel's read 1.09-1.13 (validation/NOTES.md, session 32, candidate 37)
NO_ELEMENTWISE_FACTOR = ("splitk",)


def regime(problem) -> str:
    """Which table of factors a problem's tiles read: "decode" (M <= DECODE_MAX_M), else ""."""
    return "decode" if problem.M <= DECODE_MAX_M else ""


def own_class(kernel: str | None, problem) -> bool:
    """Whether `kernel`'s element-wise tiles on `problem` are kept in a class of their own (module
    doc): a kernel of NO_ELEMENTWISE_FACTOR where A is copied element by element."""
    return kernel in NO_ELEMENTWISE_FACTOR and "A" in ELEMENTWISE_OPERANDS[problem.alignment]


def fitted_on(problem) -> bool:
    """Whether the fit takes an aligned problem's runs: decode, or M, N >= MIN_MN (the shapes in
    between read the compute-bound class without being fitted on)."""
    return problem.M <= DECODE_MAX_M or min(problem.M, problem.N) >= MIN_MN


def without_factors(spec):
    """`spec` without measured tile factors: what the factors are fitted against, and what the
    calibration's constants are derived with (they come first; the factors are relative to them)."""
    if spec.calibration.tile_factors is None:
        return spec
    return spec.model_copy(update={"calibration": spec.calibration.model_copy(update={"tile_factors": None})})


def tile_key(bm: int, bn: int, bk: int, warps: int, stages: int = 0) -> str:
    """The key of one tile in a factor table: BMxBNxBK_wW_sS (aligned classes: STAGED), BMxBNxBK_wW
    (element-wise classes, stages pooled: stages = 0); BK{BK}_w{W} where BM and BN are 0 (a BLOCK_K x
    warps class: every tile of that BLOCK_K and warps without a factor of its own)."""
    if int(bm) == 0 and int(bn) == 0:
        return f"BK{int(bk)}_w{int(warps)}"
    tile = f"{int(bm)}x{int(bn)}x{int(bk)}_w{int(warps)}"
    return f"{tile}_s{int(stages)}" if stages else tile


def tile_of(key: str) -> tuple[int, int, int, int, int]:
    """(BM, BN, BK, warps, stages) of a tile key (tile_key's inverse; BM = BN = 0 for a BLOCK_K x
    warps class, stages = 0 where the key pools them)."""
    coarse = re.fullmatch(r"BK(\d+)_w(\d+)", key)
    if coarse:
        return 0, 0, int(coarse.group(1)), int(coarse.group(2)), 0
    m = re.fullmatch(r"(\d+)x(\d+)x(\d+)_w(\d+)(?:_s(\d+))?", key)
    bm, bn, bk, warps = (int(x) for x in m.groups()[:4])
    return bm, bn, bk, warps, int(m.group(5) or 0)


def factor_class(problem, kernel: str | None = None) -> str | None:
    """The class a problem's tiles are kept under (None: no factors apply): the dtype's tile class
    (fp16 and bf16 pool); for a dtype whose operands must reach the tensor cores K-major, whether
    one of them is gathered (stored MN-major: perfmodel.kernels.operands), which changes what
    bounds its k-steps; whether C's row stride N is not 16-divisible where C is not 16-bit ("odd N":
    the epilogue then stores C element by element, which the model prices for 16-bit C only, and
    TF32 `nt` tiles at odd N read 0.80-0.90 or 1.04 of the formulas where the same tiles at N
    16-divisible read 1.01-1.06: validation/NOTES.md, session 23, candidate 26); and the regime,
    decode apart. Element-wise load classes: the dtype's tile class, the load class, the layout and
    the regime ("16-bit load k nn", "16-bit load k nn decode"), for the load classes in ELEMENTWISE
    and the tile classes in ELEMENTWISE_TILE_CLASSES; a decode class holds ratios over its class's
    factors (fallback_class, factor_tables), and `kernel`'s own class is named after it
    (own_class: "16-bit load none nt decode splitk")."""
    d = DTYPES[problem.dtype]
    where = regime(problem)
    if problem.alignment != "all":
        if problem.alignment not in ELEMENTWISE or d.tile_class not in ELEMENTWISE_TILE_CLASSES:
            return None
        name = f"{d.tile_class} load {problem.alignment} {problem.layout} {where}".strip()
        return f"{name} {kernel}" if own_class(kernel, problem) else name
    lay = LAYOUTS[problem.layout]
    name = f"{d.tile_class} gathered" if d.k_major_only and not (lay.a_k_major and lay.b_k_major) else d.tile_class
    if not problem.c_aligned and problem.out_bytes != 2:
        name = f"{name} odd N"
    return f"{name} {where}".strip()


def fallback_class(problem, kernel: str | None = None) -> str | None:
    """The class whose factors an element-wise decode class refines (not a kernel's own class): the
    class without the regime (fallback_of); else None."""
    cls = factor_class(problem, kernel)
    return None if cls is None or own_class(kernel, problem) else fallback_of(cls)


def fallback_of(cls: str) -> str | None:
    """The class an element-wise decode class refines (the class without " decode"), else None."""
    return cls.removesuffix(" decode") if " load " in cls and cls.endswith(" decode") else None


def takes_factors(kernel: str, problem) -> bool:
    """Whether `kernel` takes tile factors on `problem` at all: not the kernels of
    NO_ELEMENTWISE_FACTOR where A is copied element by element, but at decode M (their own class
    there); the fit leaves their runs out where they take none (perfmodel.scoring.tile_fit)."""
    return not own_class(kernel, problem) or bool(regime(problem))


def factor_tables(spec, kernel: str, problem) -> list[tuple[str, dict[str, float], bool]]:
    """(class, table, refines) of the factors that apply to `kernel` on `problem`: its class's table of
    whole factors (refines False), then, for an element-wise decode class that refines its fallback
    class, the fallback's whole factors and the decode class's ratios over them (refines True); each
    table only where the device holds it; [] where none applies."""
    tf = spec.calibration.tile_factors
    if tf is None or not takes_factors(kernel, problem):
        return []
    for loop in tf.loops.values():
        if kernel in loop.kernels:
            cls, base = factor_class(problem, kernel), fallback_class(problem, kernel)
            named = [(base, False), (cls, True)] if base else [(cls, False)]
            return [(n, loop.factors[n], refines) for n, refines in named if n is not None and n in loop.factors]
    return []


def factor_table(spec, kernel: str, problem) -> dict[str, float] | None:
    """The whole tile factors that apply to `kernel`'s k-steps for `problem` on `spec`, or None (an
    element-wise decode class's ratios over them: factor_tables)."""
    return next((t for _, t, refines in factor_tables(spec, kernel, problem) if not refines), None)


def lookup_keys(bm: int, bn: int, bk: int, warps: int, stages: int = 0) -> list[str]:
    """The keys a tile's factor is looked up under, the first present wins: the tile at its stages
    (where `stages`), the tile, its BLOCK_K x warps class (tile_factors' vectorised order)."""
    return ([tile_key(bm, bn, bk, warps, stages)] if stages else []) + [tile_key(bm, bn, bk, warps),
                                                                        tile_key(0, 0, bk, warps)]


def factor_key(spec, kernel: str, problem, bm: int, bn: int, bk: int, warps: int, stages: int = 0) -> str | None:
    """"class / key" of the factor one tile takes (lookup_keys' first present, else its neighbour's),
    and " x class / key" of a decode class's ratio over it, or None where it takes none: what
    `perfmodel predict` names beside the factor."""
    named = []
    for cls, table, _ in factor_tables(spec, kernel, problem):
        key = next((k for k in lookup_keys(bm, bn, bk, warps, stages) if k in table), None)
        near = None if key else neighbour(table, bm, bn, bk, warps)
        if key or near:
            named.append(f"{cls} / {key}" if key else f"{cls} / {near[0]} (nearest BLOCK_K, floored at 1)")
    return " x ".join(named) or None


def tile_factors(spec, kernel: str, problem, cfgs) -> np.ndarray | None:
    """Each config's factor: the product over factor_tables of its tile's, else its BLOCK_K x warps
    class's, else its neighbour's (neighbour), else 1; None where no table applies."""
    tables = [t for _, t, _ in factor_tables(spec, kernel, problem) if t]
    if not tables:
        return None
    out = _lookup(tables[0], cfgs)
    for table in tables[1:]:
        out = out * _lookup(table, cfgs)
    return out


def _lookup(table: dict[str, float], cfgs) -> np.ndarray:
    """Each config's factor in one table (tile_factors' order of keys), else its neighbour's, else 1."""
    known, values, _, memo = _parsed(table)
    bm, bn, bk, w, st = (np.asarray(cfgs[k], dtype=np.int64)
                         for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages"))
    out = np.ones(np.shape(bk))
    none = 0 * st
    # the BLOCK_K x warps class, then the tile (stages pooled), then the tile at its stages, each over the last
    found = np.zeros(np.shape(bk), dtype=bool)
    for want in (_packed(0 * bm, 0 * bn, bk, w, none), _packed(bm, bn, bk, w, none), _packed(bm, bn, bk, w, st)):
        at = np.minimum(np.searchsorted(known, want), len(known) - 1)
        hit = known[at] == want
        out, found = np.where(hit, values[at], out), found | hit
    # the rest take their neighbour's (else 1), looked up once per tile
    miss = np.flatnonzero(~found)
    _, first, at = np.unique(_packed(bm[miss], bn[miss], bk[miss], w[miss]), return_index=True, return_inverse=True)
    tiles = list(zip(*(x[miss[first]].tolist() for x in (bm, bn, bk, w))))
    for tile in tiles:
        if tile not in memo:
            near = neighbour(table, *tile)
            memo[tile] = near[1] if near else 1.0
    out[miss] = np.array([memo[tile] for tile in tiles] or [1.0])[at.ravel()]
    return out


def neighbour(table: dict[str, float], bm: int, bn: int, bk: int, warps: int) -> tuple[str, float] | None:
    """(key, factor) a tile takes from its neighbour (module doc): where `table` holds neither the
    tile nor its BLOCK_K x warps class but holds its BM x BN x warps at another BLOCK_K, that key at
    the nearest BLOCK_K (the smaller on a tie) and its factor floored at 1; else None."""
    if tile_key(bm, bn, bk, warps) in table or tile_key(0, 0, bk, warps) in table:
        return None
    by_bk = _parsed(table)[2].get((int(bm), int(bn), int(warps)))
    if not by_bk:
        return None
    near = by_bk[min(by_bk, key=lambda b: (abs(np.log2(b / bk)), b))]
    return near, max(1.0, table[near])


#: id(table) -> (table, packed keys sorted, their factors, its tiles by BM x BN x warps, the factors of
#: tiles it lacks as found so far): the keys of a loaded table parsed once (parsing every key on every
#: ranking was a twelfth of its time); the table is kept so its id stays its own
_PARSED: dict[int, tuple] = {}


def _parsed(table: dict[str, float]) -> tuple[np.ndarray, np.ndarray, dict, dict]:
    """(packed keys sorted, their factors, {(BM, BN, warps): {BLOCK_K: key}} of the stage-free tile
    keys, {(BM, BN, BLOCK_K, warps): factor} of the tiles it lacks, filled as they are looked up) of
    a factor table, for tile_factors' lookup and neighbour."""
    hit = _PARSED.get(id(table))
    if hit is None or hit[0] is not table:
        tiles = [tile_of(key) for key in table]
        known = np.array([_packed(*t) for t in tiles])
        order = np.argsort(known)
        held: dict[tuple, dict[int, str]] = {}
        for key, (bm, bn, bk, w, stages) in zip(table, tiles):
            if bm and not stages:
                held.setdefault((bm, bn, w), {})[bk] = key
        hit = _PARSED[id(table)] = (table, known[order], np.array(list(table.values()), dtype=float)[order], held, {})
    return hit[1], hit[2], hit[3], hit[4]


def _packed(bm, bn, bk, warps, stages=0):
    """One integer per tile (BM, BN, BK, warps < 4096, stages < 64), for a vectorised lookup."""
    return (((bm * 4096 + bn) * 4096 + bk) * 4096 + warps) * 64 + stages
