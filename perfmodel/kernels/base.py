"""The kernel-model interface: what every bundled (or user) kernel tells perfmodel.

A kernel model answers four questions about one Triton kernel, always for arrays of configs
(the ranker never loops in Python per config):

    unsupported(spec, problem)   why it cannot run this problem on this device (None: it can)
    check(config, problem)       why one config is not one of its configs, for the problem when
                                 given (None: it is)
    load_class(problem)          how its main loop loads the operands ("all", "k", "n", "none")
    space(spec, problem)         its built-in config space for the problem (ConfigArrays)
    resources(spec, problem, c)  threads, shared memory, registers, spills per config (Resources)
    time(ctx, c, res, blocks)    every term of the predicted time per config (a dict of arrays)

perfmodel.kernels.evaluate runs them in order (residency between resources and time is the
same for every kernel: perfmodel.arch.occupancy). A new kernel subclasses KernelModel, says
which of the shared pieces it uses (perfmodel.kernels.lowering for Triton's instruction and
buffer rules, .registers for compiled register tables, .tiled for the pipelined-tile timing),
and is added to perfmodel.kernels.registry.
"""

from __future__ import annotations

import dataclasses
import functools
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Iterable, Mapping

import numpy as np

from perfmodel.errors import ConfigError
from perfmodel.hardware.schema import HardwareSpec
from perfmodel.names import CONFIG_DEFAULTS, CONFIG_KEYS
from perfmodel.problem import GemmProblem, TileConfig


class ConfigArrays(Mapping):
    """Configs of one kernel as int64 arrays, one per key of perfmodel.names.CONFIG_KEYS."""

    def __init__(self, arrays: Mapping[str, np.ndarray]):
        n = len(np.asarray(arrays["BLOCK_M"]))
        self._a = {k: (np.asarray(arrays[k], dtype=np.int64) if k in arrays
                       else np.full(n, CONFIG_DEFAULTS[k], dtype=np.int64)) for k in CONFIG_KEYS}

    @classmethod
    def of(cls, configs: Iterable) -> "ConfigArrays":
        """From TileConfigs or dicts with the config keys (GROUP_M and SPLIT_K optional)."""
        rows = []
        for c in configs:
            d = c.keys() if isinstance(c, TileConfig) else c
            rows.append([int(d[k]) if k in d else CONFIG_DEFAULTS[k] for k in CONFIG_KEYS])
        arr = np.array(rows, dtype=np.int64).reshape(-1, len(CONFIG_KEYS))
        return cls({k: arr[:, i] for i, k in enumerate(CONFIG_KEYS)})

    @classmethod
    def product(cls, grid: np.ndarray) -> "ConfigArrays":
        """From a 2-D array whose columns are CONFIG_KEYS."""
        return cls({k: grid[:, i] for i, k in enumerate(CONFIG_KEYS)})

    def __getitem__(self, key: str) -> np.ndarray:
        return self._a[key]

    def __iter__(self):
        return iter(self._a)

    def __len__(self) -> int:
        return len(self._a)

    @property
    def size(self) -> int:
        """How many configs."""
        return len(self._a["BLOCK_M"])

    def take(self, idx) -> "ConfigArrays":
        return ConfigArrays({k: v[idx] for k, v in self._a.items()})

    @functools.cached_property
    def tiles(self) -> "tuple[np.ndarray, np.ndarray] | None":
        """(first, inverse): the first row of each distinct tile (TILE_KEYS: GROUP_M and SPLIT_K
        aside) and each row's tile, so that what depends on the tile alone (resources, the k-step's
        context) is worked out once per tile; None where every row is its own tile."""
        _, first, inverse = np.unique(row_codes([self._a[k] for k in TILE_KEYS]), return_index=True,
                                      return_inverse=True)
        return None if first.size == self.size else (first, inverse.reshape(-1))

    def config(self, i: int, kernel: str) -> TileConfig:
        return TileConfig.model_construct(**{k: int(v[i]) for k, v in self._a.items()}, kernel=kernel)


#: the keys a tile's resources and k-step depend on (not GROUP_M, the program order, nor SPLIT_K,
#: the grid): perfmodel.kernels.evaluate and .tiled work those out once per tile (ConfigArrays.tiles)
TILE_KEYS = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages")


def row_codes(columns) -> np.ndarray:
    """One int64 per row of the non-negative integer `columns` (equal rows, equal codes; mixed
    radix, so no two distinct rows collide): rows compared or grouped with one np.unique."""
    code = np.zeros(len(columns[0]), dtype=np.int64)
    for col in columns:
        col = np.asarray(col, dtype=np.int64)
        code = code * (int(col.max(initial=0)) + 1) + col
    return code


def by_tile(cfgs: ConfigArrays, compute):
    """compute(rows) for the configs `rows` selects, worked out once per distinct tile
    (ConfigArrays.tiles: configs that differ only in GROUP_M or SPLIT_K share it) and spread back
    to every config; rows is every config where each is its own tile."""
    tiles = cfgs.tiles
    if tiles is None:
        return compute(slice(None))
    first, inverse = tiles
    return take_rows(compute(first), inverse, first.size)


def take_rows(obj, idx, n: int):
    """A copy of the dataclass `obj` (Resources, KStep) with each per-config array field (first
    dimension n) indexed by idx; scalars, strings and None kept."""
    def pick(v):
        return v[idx] if isinstance(v, np.ndarray) and v.ndim >= 1 and v.shape[0] == n else v
    return dataclasses.replace(obj, **{f.name: pick(getattr(obj, f.name)) for f in dataclasses.fields(obj)})


@dataclass(frozen=True)
class Resources:
    """What each config takes on the device (arrays), and how the kernel loads its operands.

    load: the load class of the main loop ("all", "k", "n", "none": perfmodel.problem.ALIGNMENTS)
    elementwise_pipelined: per config, the element-wise operands of load "k", "n" or "none" are
    pipelined all the same (4-byte elements and larger, num_stages >= 2:
    perfmodel.kernels.lowering.pipelines_elementwise)
    stage_buffers: shared-memory buffers of the pipelined operand(s)
    regs_from_table: registers read from a compiled table (False: the linear fit)
    register_source: where the table registers came from, one line (e.g. "Triton 3.6.0 compile
    table (sm_90)"); the fit's name otherwise
    """

    load: str
    threads: np.ndarray
    smem_bytes: np.ndarray
    stage_buffers: np.ndarray
    regs: np.ndarray
    spilled_regs: np.ndarray
    regs_from_table: np.ndarray
    is_wgmma: np.ndarray
    register_source: str
    smem_rule: str
    elementwise_pipelined: "np.ndarray | bool" = False
    tile_spilled: "np.ndarray | int" = 0  # of spilled_regs, those outside the main loop (paid once per tile)


@dataclass(frozen=True)
class LoopRules:
    """What one kernel's main loop follows beyond the k-step formulas every tiled kernel shares
    (perfmodel.kernels.tiled): its thresholds of the shared K-major B rule
    (perfmodel.kernels.operands.shares_kmajor_b; min_bn None: never measured to slow) and the
    name its runs carry in a device's measured tile factors (perfmodel.kernels.tile_factors;
    "": none apply); whether it loads and stores through pointers (C element by element where C's
    row stride is not 16-divisible: perfmodel.kernels.operands.elementwise_store_elems); the dot's
    warps per launch warp (its tile factors are keyed at the launch's: tiled.launch_configs)."""

    shared_b_min_bn: int | None = None
    shared_b_min_bm: int = 128
    kernel: str = ""
    pointer_kernel: bool = False
    mma_warps_per_warp: int = 1
    fma_kmajor_spills_measured: bool = False


class KernelModel(ABC):
    """One kernel: its configs, its resource rule and its time terms (module doc)."""

    #: the name configs, outputs and --kernels use
    name: str = ""
    #: one line for help texts
    summary: str = ""
    #: where the kernel's source lives (the lab's bundled Triton kernels)
    source: str = ""
    #: the smallest BLOCK_N at which its warpgroups sharing a K-major B tile slow down
    #: (perfmodel.kernels.operands.shares_kmajor_b); None: never measured to
    shared_b_min_bn: int | None = None
    #: the smallest BLOCK_M the shared-B rule was measured at for this kernel
    shared_b_min_bm: int = 128
    #: whether it loads A and B and stores C through pointers (cp.async and element-wise stores), not
    #: tensor descriptors
    pointer_kernel: bool = False
    #: the dot's warps per launch warp (2 where two consumer warpgroups issue it: mma_configs)
    mma_warps_per_warp: int = 1
    #: whether its spills under an FMA dot reading B K-major were measured to cost more (calibration
    #: fma_kmajor_spill_factor: measured on the grouped kernel's aligned tiles alone, load class "all")
    fma_kmajor_spills_measured: bool = False

    def loop_rules(self) -> LoopRules:
        """The rules of this kernel's main loop (LoopRules)."""
        return LoopRules(self.shared_b_min_bn, self.shared_b_min_bm, self.name, self.pointer_kernel,
                         self.mma_warps_per_warp, self.fma_kmajor_spills_measured)

    @abstractmethod
    def unsupported(self, spec: HardwareSpec, problem: GemmProblem) -> str | None:
        """Why this kernel cannot run `problem` on `spec` (one line), or None."""

    def check(self, config: TileConfig, problem: GemmProblem | None = None) -> str | None:
        """Why `config` is not a config of this kernel (for `problem`, when given): one line, or None."""
        return None

    def rejects(self, problem: GemmProblem, cfgs: ConfigArrays) -> np.ndarray:
        """Which configs check() refuses for `problem` by a rule that depends on it, over arrays (the
        rankers of recorded runs leave those out, as `perfmodel rank`'s space does); none here."""
        return np.zeros(cfgs.size, dtype=bool)

    def load_class(self, problem: GemmProblem) -> str:
        """How the main loop loads its operands for this problem (perfmodel.problem.ALIGNMENTS):
        the problem's alignment class for pointer loads."""
        return problem.alignment

    @abstractmethod
    def space(self, spec: HardwareSpec, problem: GemmProblem) -> ConfigArrays:
        """The built-in config space for `problem` (before resource pruning)."""

    @abstractmethod
    def resources(self, spec: HardwareSpec, problem: GemmProblem, cfgs: ConfigArrays) -> Resources:
        """Threads, shared memory and registers of each config, without compiling."""

    @abstractmethod
    def time(self, ctx, cfgs: ConfigArrays, res: Resources, blocks: np.ndarray) -> dict[str, np.ndarray]:
        """Every term of the predicted time of each config (perfmodel.kernels.tiled's keys);
        `ctx` is a perfmodel.kernels.evaluate.Context, `blocks` the resident blocks per SM."""

    def require(self, spec: HardwareSpec, problem: GemmProblem) -> None:
        """Raise a one-line ConfigError when this kernel cannot run the problem."""
        why = self.unsupported(spec, problem)
        if why:
            raise ConfigError(f"kernel {self.name} cannot run {problem} on {spec.id}: {why}")
