"""Measured tile factors: what one device's k-steps of each tile class take beyond the formulas.

The k-step formulas (perfmodel.kernels.pipeline) price a config by its work, its loads and its
pipeline depth. What they leave out depends on the tile's geometry and repeats from shape to
shape on one device: on the H200, TF32 k-steps of 8-warp 128x128 tiles ran 1.29-1.35x the
formulas in each of five recorded sets and 128x256 at 8 warps 0.89-0.99, 16-bit tiles with
BLOCK_K 32 ran ~0.85x and with BLOCK_K 128 ~1.2x (validation/residuals.py; validation/NOTES.md,
session 8). A device's calibration can carry these as factors:

    t_k(config) = t_k from the formulas x f[dtype class][tile],   tile = BMxBNxBK_wW

f is the median over the device's recorded sweeps of measured / predicted time for the runs of
that class (the model evaluated without factors), kept where at least `min_runs` runs agree
(validation/fit_tile_factors.py derives the H200's; `perfmodel calibrate --from-sweep` a user's).
Tiles without a factor, dtypes without a class table and devices without the block keep 1.
Judged on hold-outs recorded before it (validation/NOTES.md, session 8).
"""

from __future__ import annotations

import re

import numpy as np

from perfmodel.dtypes import DTYPES
from perfmodel.layouts import LAYOUTS

#: the smallest M and N of the shapes the factors are fitted on and applied to: below them the
#: launch, the output or DRAM is most of the time, not the main loop the factors describe
MIN_MN = 512


def tile_key(bm: int, bn: int, bk: int, warps: int) -> str:
    """The key of one tile in a factor table: BMxBNxBK_wW."""
    return f"{int(bm)}x{int(bn)}x{int(bk)}_w{int(warps)}"


def factor_class(dtype: str, layout: str) -> str:
    """The class a problem's tiles are kept under: the dtype's tile class (fp16 and bf16 pool),
    and for a dtype whose operands must reach the tensor cores K-major, whether one of them is
    gathered (stored MN-major: perfmodel.kernels.operands), which changes what bounds its k-steps."""
    d = DTYPES[dtype]
    gathered = d.k_major_only and not (LAYOUTS[layout].a_k_major and LAYOUTS[layout].b_k_major)
    return f"{d.tile_class} gathered" if gathered else d.tile_class


def factor_table(spec, kernel: str, problem) -> dict[str, float] | None:
    """The tile factors that apply to `kernel`'s k-steps for `problem` on `spec`, or None."""
    tf = spec.calibration.tile_factors
    for loop in (tf.loops.values() if tf is not None else ()):
        if kernel in loop.kernels:
            return loop.factors.get(factor_class(problem.dtype, problem.layout))
    return None


def tile_factors(spec, kernel: str, problem, cfgs) -> np.ndarray | None:
    """Each config's factor (1 where its tile has none), or None where no table applies."""
    if min(problem.M, problem.N) < MIN_MN:  # the domain the factors were fitted on
        return None
    table = factor_table(spec, kernel, problem)
    if not table:
        return None
    known = np.array([_packed(*(int(x) for x in re.findall(r"\d+", key))) for key in table])
    values = np.array(list(table.values()), dtype=float)
    order = np.argsort(known)
    known, values = known[order], values[order]
    want = _packed(*(np.asarray(cfgs[k], dtype=np.int64) for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps")))
    at = np.minimum(np.searchsorted(known, want), len(known) - 1)
    return np.where(known[at] == want, values[at], 1.0)


def _packed(bm, bn, bk, warps):
    """One integer per tile (each field < 4096), for a vectorised lookup."""
    return ((bm * 4096 + bn) * 4096 + bk) * 4096 + warps
