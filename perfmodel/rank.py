"""Config spaces and ranking: predict every config with numpy in one pass, sort, pick.

The built-in space: BLOCK_M, BLOCK_N in {16, 32, 64, 128, 256}, BLOCK_K in {16, 32, 64, 128},
num_warps in {2, 4, 8}, num_stages in {1, ..., 6}, GROUP_M in {1, 4, 8, 16}, SPLIT_K in
{1, 2, 4, 8, 16}; pruned to what fits (shared memory per block, registers, SPLIT_K only where
each split keeps at least one k-step, tiles no larger than needed for the problem), then ranked
by perfmodel.timing's predicted time. There is no per-config Python loop on the hot path.
"""

from __future__ import annotations

import itertools
from typing import Iterable, Sequence

import numpy as np
from pydantic import BaseModel, ConfigDict

from perfmodel.occupancy import LIMIT_ORDER
from perfmodel.problem import ConfigError, GemmProblem, TileConfig, make_config
from perfmodel.spec import HardwareSpec, load_hardware
from perfmodel.timing import BOUNDS, CONFIG_KEYS, predict_arrays, timing_params

BLOCK_MN = (16, 32, 64, 128, 256)
BLOCK_K = (16, 32, 64, 128)
WARPS = (2, 4, 8)
STAGES = (1, 2, 3, 4, 5, 6)
GROUPS = (1, 4, 8, 16)
SPLITS = (1, 2, 4, 8, 16)


def builtin_space(problem: GemmProblem) -> dict[str, np.ndarray]:
    """The built-in config space for a problem, as arrays (before the resource pruning)."""
    grid = np.array(list(itertools.product(BLOCK_MN, BLOCK_MN, BLOCK_K, WARPS, STAGES, GROUPS, SPLITS)), dtype=np.int64)
    bm, bn, bk, w, s, g, sk = grid.T
    keep = np.ones(len(grid), dtype=bool)
    # tiles much larger than the problem only waste work: allow up to the next power of two
    keep &= bm <= max(16, 1 << (problem.M - 1).bit_length())
    keep &= bn <= max(16, 1 << (problem.N - 1).bit_length())
    keep &= bk <= max(16, 1 << (problem.K - 1).bit_length())
    # each split must keep at least one k-step; GROUP_M only matters when there are several tile rows
    keep &= sk * bk <= np.maximum(problem.K, bk)
    keep &= (g == 1) | (-(-problem.M // bm) > 1)
    # far more warps than the tile has work for: each warp needs at least one 16x8 mma tile
    keep &= bm * bn >= w * 128
    grid = grid[keep]
    return {k: grid[:, i] for i, k in enumerate(CONFIG_KEYS)}


def configs_to_arrays(configs: Iterable) -> dict[str, np.ndarray]:
    """TileConfigs or dicts with the config keys (SPLIT_K optional) -> arrays."""
    rows = []
    for c in configs:
        if isinstance(c, TileConfig):
            rows.append([getattr(c, k) for k in CONFIG_KEYS])
        else:
            rows.append([int(c[k]) if k in c else 1 for k in CONFIG_KEYS])
    arr = np.array(rows, dtype=np.int64).reshape(-1, len(CONFIG_KEYS))
    return {k: arr[:, i] for i, k in enumerate(CONFIG_KEYS)}


def predict_many(hw: "str | HardwareSpec", problem: GemmProblem, configs) -> np.ndarray:
    """Predicted seconds for a list of configs (TileConfig or dicts); inf where a config cannot run."""
    arrays = configs if isinstance(configs, dict) else configs_to_arrays(configs)
    return predict_arrays(hw, problem, arrays)["time_s"]


class RankedConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    config: TileConfig
    predicted_ms: float
    limiter: str
    bound: str
    compute_path: str
    blocks_per_sm: int
    tflops: float

    def as_json(self) -> dict:
        return {**self.config.as_dict(), "predicted_ms": self.predicted_ms, "limiter": self.limiter,
                "bound": self.bound, "compute_path": self.compute_path, "blocks_per_sm": self.blocks_per_sm,
                "tflops": self.tflops}


class Ranking(Sequence):
    """Configs sorted fastest first: a sized, indexable sequence of RankedConfig, built lazily
    from the model's arrays (so ranking thousands of configs costs numpy time, not objects)."""

    def __init__(self, device: str, problem: GemmProblem, arrays: dict, result: dict, order: np.ndarray,
                 n_considered: int, compute_path: str, estimated: list[str]):
        self.device = device
        self.problem = problem
        self._arrays = arrays
        self._r = result
        self._order = order
        self.n_considered = n_considered
        self.n_unfit = int(n_considered - len(order))
        self.compute_path = compute_path
        self.estimated = estimated

    def __len__(self) -> int:
        return len(self._order)

    def _item(self, i: int) -> RankedConfig:
        cfg = TileConfig.model_construct(**{k: int(self._arrays[k][i]) for k in CONFIG_KEYS})
        t = float(self._r["time_s"][i])
        return RankedConfig(config=cfg, predicted_ms=t * 1e3, limiter=LIMIT_ORDER[int(self._r["limiter"][i])],
                            bound=BOUNDS[int(self._r["bound"][i])], compute_path=self.compute_path,
                            blocks_per_sm=int(self._r["blocks_per_sm"][i]), tflops=self.problem.flops / t / 1e12)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._item(j) for j in self._order[i]]
        return self._item(int(self._order[i]))

    @property
    def best(self) -> RankedConfig:
        return self[0]

    def top(self, n: int) -> list[RankedConfig]:
        return self[:n]

    @property
    def predicted_s(self) -> np.ndarray:
        """Predicted seconds in ranking order (fastest first)."""
        return self._r["time_s"][self._order]


def rank(hw: "str | HardwareSpec", problem: GemmProblem, configs=None, scale: dict[str, float] | None = None) -> Ranking:
    """Rank `configs` (default: the built-in space) by predicted time, fastest first.

    Configs that cannot run (shared memory over the per-block limit, no block fits) are left out
    of the ranking and counted in `n_unfit`."""
    spec = load_hardware(hw)
    arrays = builtin_space(problem) if configs is None else (
        configs if isinstance(configs, dict) else configs_to_arrays(configs))
    n = len(arrays["BLOCK_M"])
    if n == 0:
        raise ConfigError("no configs to rank")
    r = predict_arrays(spec, problem, arrays, scale)
    smem_ok = r["smem_bytes"] <= spec.shared_memory.max_per_block_bytes.value
    ok = np.isfinite(r["time_s"]) & smem_ok
    idx = np.flatnonzero(ok)
    # fastest first; among equal times, less DRAM traffic, then fewer stages (less shared memory)
    order = idx[np.lexsort((arrays["num_stages"][idx], r["dram_bytes"][idx], np.round(r["time_s"][idx], 12)))]
    p = timing_params(spec, problem.dtype, scale)
    return Ranking(spec.id, problem, arrays, r, order, n, p.compute_path, p.estimated)


def validate_configs(objs: list) -> list[TileConfig]:
    """JSON objects from a --configs file -> TileConfigs, one clear error for the first bad one."""
    if not isinstance(objs, list):
        raise ConfigError(f"--configs must hold a JSON list of config objects, got {type(objs).__name__}")
    if not objs:
        raise ConfigError("--configs holds an empty list")
    out = []
    required = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M")
    for i, o in enumerate(objs):
        if not isinstance(o, dict):
            raise ConfigError(f"--configs item {i}: expected an object, got {type(o).__name__}")
        missing = [k for k in required if k not in o]
        if missing:
            raise ConfigError(f"--configs item {i}: missing key(s) {', '.join(missing)}; required: {', '.join(required)} (SPLIT_K optional)")
        extra = [k for k in o if k not in CONFIG_KEYS]
        if extra:
            raise ConfigError(f"--configs item {i}: unknown key(s) {', '.join(extra)}; allowed: {', '.join(CONFIG_KEYS)}")
        try:
            out.append(make_config(**{k: o[k] for k in CONFIG_KEYS if k in o}))
        except ConfigError as e:
            raise ConfigError(f"--configs item {i}: {e}") from None
    return out
