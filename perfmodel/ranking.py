"""Ranking: predict every config of every applicable kernel with numpy, sort, pick.

Without a list, `rank` takes the union of the built-in spaces of the registered kernels that
can run the problem on the device (perfmodel.kernels.registry; `kernels=` narrows it), each
evaluated by its own model in one vectorised pass (perfmodel.kernels.evaluate). With a list, it
ranks exactly those configs, each by the model of the kernel it names. Configs that cannot run
(shared memory over the per-block limit, no block resident) are left out and counted in
`n_unfit`; so are configs that compile to the same kernel as a faster-ranked one (num_stages
where no load is pipelined: perfmodel.kernels.lowering.compiled_stages), counted in
`n_same_kernel`: an autotuner would time that kernel twice. Fastest first; among equal times,
less DRAM traffic, then fewer stages, then the earlier kernel of the registry. There is no
per-config Python loop on the hot path.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

import numpy as np
from pydantic import BaseModel, ConfigDict

from perfmodel.arch.occupancy import LIMIT_ORDER
from perfmodel.errors import ConfigError
from perfmodel.hardware.registry import load_hardware
from perfmodel.hardware.schema import HardwareSpec
from perfmodel.kernels import registry
from perfmodel.kernels.base import ConfigArrays, row_codes
from perfmodel.kernels.evaluate import Context, context, evaluate
from perfmodel.kernels.tiled import BOUNDS
from perfmodel.names import CONFIG_KEYS, REQUIRED_KEYS, config_name, implied_kernel
from perfmodel.problem import GemmProblem, TileConfig, make_config


class RankedConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    config: TileConfig
    predicted_ms: float
    limiter: str
    bound: str
    compute_path: str
    blocks_per_sm: int
    tflops: float

    @property
    def kernel(self) -> str:
        return self.config.kernel

    def as_json(self) -> dict:
        return {**self.config.as_dict(), "predicted_ms": self.predicted_ms, "limiter": self.limiter,
                "bound": self.bound, "compute_path": self.compute_path, "blocks_per_sm": self.blocks_per_sm,
                "tflops": self.tflops}


class Ranking(Sequence):
    """Configs sorted fastest first: a sized, indexable sequence of RankedConfig, built lazily
    from the models' arrays (so ranking thousands of configs costs numpy time, not objects)."""

    def __init__(self, device: str, problem: GemmProblem, arrays: ConfigArrays, result: dict, order: np.ndarray,
                 compute_path: str, estimated: list[str], kernels: list[str], n_same_kernel: int = 0):
        self.device = device
        self.problem = problem
        self.arrays = arrays
        self.result = result
        self._order = order
        self.n_considered = arrays.size
        self.n_same_kernel = int(n_same_kernel)  # left out: the same compiled kernel as a better-ranked config
        self.n_unfit = int(arrays.size - len(order) - n_same_kernel)
        self.compute_path = compute_path
        self.estimated = estimated
        self.kernels = kernels  # the kernels whose configs were ranked, in registry order

    def __len__(self) -> int:
        return len(self._order)

    def _item(self, i: int) -> RankedConfig:
        r = self.result
        t = float(r["time_s"][i])
        return RankedConfig(config=self.arrays.config(i, str(r["kernel"][i])), predicted_ms=t * 1e3,
                            limiter=LIMIT_ORDER[int(r["limiter"][i])], bound=BOUNDS[int(r["bound"][i])],
                            compute_path=self.compute_path, blocks_per_sm=int(r["blocks_per_sm"][i]),
                            tflops=self.problem.flops / t / 1e12)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._item(j) for j in self._order[i]]
        return self._item(int(self._order[i]))

    @property
    def folded_note(self) -> str:
        """What the count of fitting configs leaves out, for a header: "" or the folded kernels."""
        if not self.n_same_kernel:
            return ""
        return f" as distinct kernels ({self.n_same_kernel} more compile to one of them: nothing pipelined)"

    @property
    def best(self) -> RankedConfig:
        return self[0]

    def top(self, n: int) -> list[RankedConfig]:
        return self[:n]

    def column(self, name: str, n: int | None = None) -> np.ndarray:
        """One result column (e.g. "dram_bytes", "time_s") in ranking order, the first n."""
        return self.result[name][self._order[:n]]

    @property
    def predicted_s(self) -> np.ndarray:
        """Predicted seconds in ranking order (fastest first)."""
        return self.column("time_s")


def _kernel_of(c) -> str:
    if isinstance(c, TileConfig):
        return c.kernel
    return c.get("kernel") or implied_kernel(int(c.get("SPLIT_K", 1)))


def _blocks(spec: HardwareSpec, problem: GemmProblem, configs, kernels):
    """[(model, configs, positions)]: the built-in spaces of the kernels, or the given configs
    grouped by the kernel each names (positions: where each sits in the caller's list)."""
    if configs is None:
        models = registry.select(kernels)
        if kernels is not None:
            for m in models:
                m.require(spec, problem)
        else:
            models = [m for m in models if m.unsupported(spec, problem) is None]
        return [(m, m.space(spec, problem), None) for m in models]
    if isinstance(configs, (dict, ConfigArrays)):  # arrays: the kernel is implied by SPLIT_K
        arr = ConfigArrays(configs)
        names = np.where(arr["SPLIT_K"] > 1, implied_kernel(2), implied_kernel(1))
        groups = {n: np.flatnonzero(names == n) for n in dict.fromkeys(names.tolist())}
        items = None
    else:
        items = list(configs)
        names = np.array([_kernel_of(c) for c in items])
        groups = {n: np.flatnonzero(names == n) for n in dict.fromkeys(names.tolist())}
    out = []
    for name, pos in groups.items():
        model = registry.get(str(name))
        model.require(spec, problem)
        if items is not None:
            for i in pos:
                why = model.check(items[i], problem) if isinstance(items[i], TileConfig) else None
                if why:
                    raise ConfigError(f"{items[i].name}: {why}")
        cfgs = arr.take(pos) if items is None else ConfigArrays.of([items[i] for i in pos])
        out.append((model, cfgs, pos))
    return out


class Columns(Mapping):
    """Every kernel block's result columns, joined into one array per column when first read
    (a ranking reads a handful of the ~55; joining all of them was a fifth of its time)."""

    def __init__(self, parts: list[tuple[int, dict]], back: np.ndarray | None):
        self._parts, self._back, self._joined = parts, back, {}

    def __getitem__(self, key: str) -> np.ndarray:
        if key not in self._joined:
            col = np.concatenate([np.broadcast_to(r[key], (n,)) for n, r in self._parts])
            self._joined[key] = col if self._back is None else col[self._back]
        return self._joined[key]

    def __iter__(self):
        return iter(self._parts[0][1])

    def __len__(self) -> int:
        return len(self._parts[0][1])


class Evaluation(NamedTuple):
    arrays: ConfigArrays  # the configs
    result: Columns  # every column of the kernels' models, one entry per config
    ctx: Context
    kernels: list[str]  # the kernels evaluated, in registry order


def evaluate_all(hw, problem: GemmProblem, configs=None, scale=None, kernels=None) -> Evaluation:
    """Every kernel's block evaluated by its model; the given configs come back in the caller's
    order, the built-in spaces in registry order."""
    spec = load_hardware(hw)
    blocks = _blocks(spec, problem, configs, kernels)
    ctx = context(spec, problem, scale)
    parts = [(cfgs, evaluate(model, ctx, cfgs), pos) for model, cfgs, pos in blocks if cfgs.size]
    if not parts:
        raise ConfigError("no configs to rank")
    arrays = ConfigArrays({k: np.concatenate([c[k] for c, _, _ in parts]) for k in CONFIG_KEYS})
    back = None
    if configs is not None:  # back to the caller's order
        back = np.argsort(np.concatenate([pos for _, _, pos in parts]), kind="stable")
        arrays = arrays.take(back)
    result = Columns([(c.size, r) for c, r, _ in parts], back)
    order = {n: i for i, n in enumerate(registry.names())}
    names = sorted({model.name for model, cfgs, _ in blocks if cfgs.size}, key=lambda n: order.get(n, len(order)))
    return Evaluation(arrays, result, ctx, names)


def predict_many(hw, problem: GemmProblem, configs, kernels=None) -> np.ndarray:
    """Predicted seconds for configs (TileConfigs, dicts, or arrays), each by the model of its
    kernel, in the order given; inf where a config cannot run."""
    return evaluate_all(hw, problem, configs, kernels=kernels).result["time_s"]


def ranked_order(time_s, dram_bytes, num_stages) -> np.ndarray:
    """Indices fastest first (module doc): among times equal to the picosecond, less DRAM traffic,
    then fewer stages, then the given order. The one tie-break: `rank` and the scorer's model
    ranker (perfmodel.scoring.rankers.rank_perfmodel) both order by it."""
    return np.lexsort((np.asarray(num_stages), np.asarray(dram_bytes), np.round(np.asarray(time_s, dtype=float), 12)))


def rank(hw: "str | HardwareSpec", problem: GemmProblem, configs=None, scale: dict[str, float] | None = None,
         kernels=None) -> Ranking:
    """Rank `configs` (default: the built-in spaces of the applicable kernels) by predicted
    time, fastest first (module doc). `kernels`: names or models to draw the space from."""
    spec = load_hardware(hw)
    arrays, r, ctx, kernel_names = evaluate_all(spec, problem, configs, scale, kernels)
    ok = np.isfinite(r["time_s"]) & r["fits"]
    idx = np.flatnonzero(ok)
    order = idx[ranked_order(r["time_s"][idx], r["dram_bytes"][idx], arrays["num_stages"][idx])]
    kept = distinct_kernels(arrays, r, order)
    return Ranking(spec.id, problem, arrays, r, kept, ctx.params.compute_path, ctx.params.estimated, kernel_names,
                   n_same_kernel=len(order) - len(kept))


def distinct_kernels(arrays: ConfigArrays, result, order: np.ndarray) -> np.ndarray:
    """`order` less the configs that compile to the same kernel as one before them: same kernel and
    config keys, num_stages compared as the compiler tells them apart (result["compiled_stages"])."""
    stages = result["compiled_stages"][order]
    if len(order) == 0 or np.array_equal(stages, arrays["num_stages"][order]):
        return order  # every stage count its own kernel (the usual case): nothing to fold
    _, kernel = np.unique(result["kernel"][order], return_inverse=True)
    keys = [kernel.reshape(-1)] + [arrays[k][order] for k in CONFIG_KEYS if k != "num_stages"] + [stages]
    _, first = np.unique(row_codes(keys), return_index=True)
    return order[np.sort(first)]


def validate_configs(objs: list) -> list[TileConfig]:
    """JSON objects from a --configs file -> TileConfigs, one clear error for the first bad one."""
    if not isinstance(objs, list):
        raise ConfigError(f"--configs must hold a JSON list of config objects, got {type(objs).__name__}")
    if not objs:
        raise ConfigError("--configs holds an empty list")
    out = []
    allowed = (*CONFIG_KEYS, "kernel")
    for i, o in enumerate(objs):
        if not isinstance(o, dict):
            raise ConfigError(f"--configs item {i}: expected an object, got {type(o).__name__}")
        missing = [k for k in REQUIRED_KEYS + ("GROUP_M",) if k not in o]
        if missing:
            raise ConfigError(f"--configs item {i}: missing key(s) {', '.join(missing)}; required: "
                              f"{', '.join(REQUIRED_KEYS + ('GROUP_M',))} (SPLIT_K and kernel optional)")
        extra = [k for k in o if k not in allowed]
        if extra:
            raise ConfigError(f"--configs item {i}: unknown key(s) {', '.join(extra)}; allowed: {', '.join(allowed)}")
        try:
            cfg = make_config(**{k: o[k] for k in allowed if k in o})
            model = registry.get(cfg.kernel)
        except ConfigError as e:
            raise ConfigError(f"--configs item {i}: {e}") from None
        why = model.check(cfg)
        if why:
            raise ConfigError(f"--configs item {i}: {cfg.name}: {why}")
        out.append(cfg)
    return out


def _spread(values) -> str:
    """`2,3,4` as `2-4`, `1,4,8,16` as it is: the values of one key across a group of configs."""
    v = sorted(set(values))
    if len(v) > 2 and v == list(range(v[0], v[-1] + 1)):
        return f"{v[0]}-{v[-1]}"
    return ",".join(str(x) for x in v)


def alike(ranking: Ranking, n: int) -> list[tuple[RankedConfig, str]]:
    """The first `n` rows of a ranking with the configs the model cannot tell apart as one row:
    consecutive configs of one kernel and tile (BLOCK_M, BLOCK_N, BLOCK_K, warps, SPLIT_K) whose
    predicted time, bound, limiter and residency are the same, differing only in num_stages or
    GROUP_M (e.g. where the grid is one tile wide, GROUP_M changes no order; stage counts that
    compile to one kernel are folded before, by `rank`). Each row: its fastest config and its
    name with the stages and groups it stands for (`128x64x32_w4_s3-5_g1,4,8,16_k1`)."""
    def key(r: RankedConfig) -> tuple:
        c = r.config
        return c.kernel, c.BLOCK_M, c.BLOCK_N, c.BLOCK_K, c.num_warps, c.SPLIT_K, r.bound, r.limiter, r.blocks_per_sm

    rows: list[list[RankedConfig]] = []
    for r in ranking:
        last = rows[-1][0] if rows else None
        if last is not None and key(r) == key(last) and abs(r.predicted_ms - last.predicted_ms) <= 1e-9 * last.predicted_ms:
            rows[-1].append(r)
            continue
        if len(rows) == n:
            break
        rows.append([r])
    out = []
    for group in rows:
        first = group[0]
        name = first.config.name
        if len(group) > 1:
            keys = {**first.config.keys(), "num_stages": _spread(g.config.num_stages for g in group),
                    "GROUP_M": _spread(g.config.GROUP_M for g in group)}
            name = config_name(keys, first.config.kernel)
        out.append((first, name))
    return out
