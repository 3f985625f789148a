"""Triton integration: keep only the model's top k of an autotune list for the actual shape.

    import perfmodel.triton

    @triton.autotune(configs=my_configs, key=["M", "N", "K"],
                     prune_configs_by={"early_config_prune": perfmodel.triton.prune("h200", top_k=4)})
    @triton.jit
    def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, ..., BLOCK_SIZE_M: tl.constexpr, ...):

Triton 3.6.0 calls `early_config_prune(configs, named_args, **kwargs)` once per new key with the
launch's arguments. The pruner reads M, N, K (names configurable) and the dtype of the first
tensor argument (perfmodel.dtypes.from_torch; float32 as "tf32", tl.dot's default precision for
it: pass dtype="fp32" for a kernel that calls tl.dot with input_precision="ieee"), maps each
triton.Config onto a perfmodel
TileConfig of `kernel` (default "grouped": the user's kernel is taken to be a pointer-based
grouped GEMM like Triton's tutorial; a config with SPLIT_K > 1 maps to "splitk"; pass
kernel="tma" for a tensor-descriptor kernel), ranks them with perfmodel.rank and returns the k
fastest, in the user's own Config objects.

The layout (perfmodel.layouts) comes from the launch: the stride arguments (stride_am,
stride_ak, stride_bk, stride_bn by default; a stride of 1 along K means that operand is
K-major, e.g. `nt` for `x @ W.T` with an nn.Linear weight W stored N x K), else the strides
of the first two tensor arguments (A as the M x K view, B as the K x N view), else `nn` with a
one-time warning saying it could not tell. `layout=` fixes it. Configs it cannot read are kept (the pruner never
throws a user's config away without a reason). Pure Python: it runs on a CPU, so it can be
tested without a GPU (tests/test_triton_prune.py).

What the autotuner then times: `triton.autotune` times each kept config as an eager launch unless
given `use_cuda_graph=True`; on kernels of tens of microseconds an eager launch's time holds the
host's (measured: perfmodel.gpu.measure.GRAPHED, why perfmodel's own sweeps replay graphs), so pass
it there.
"""

from __future__ import annotations

import warnings
from typing import Any, Callable

from perfmodel.dtypes import from_torch
from perfmodel.errors import PerfmodelError
from perfmodel.layouts import from_strides
from perfmodel.hardware.registry import load_hardware
from perfmodel.kernels import registry
from perfmodel.names import implied_kernel
from perfmodel.problem import GemmProblem, make_config
from perfmodel.ranking import rank

_ALIASES = {
    "BLOCK_M": ("BLOCK_M", "BLOCK_SIZE_M"),
    "BLOCK_N": ("BLOCK_N", "BLOCK_SIZE_N"),
    "BLOCK_K": ("BLOCK_K", "BLOCK_SIZE_K"),
    "GROUP_M": ("GROUP_M", "GROUP_SIZE_M"),
    "SPLIT_K": ("SPLIT_K",),
}


def _get(kwargs: dict, key: str, default=None):
    for name in _ALIASES[key]:
        if name in kwargs:
            return kwargs[name]
    return default


def _dtype_of(named_args: dict) -> str | None:
    """The problem's dtype from the first tensor argument; float32 tensors are "tf32", what
    tl.dot does with them by default (pass dtype="fp32" for a kernel that asks for IEEE)."""
    for v in named_args.values():
        dt = getattr(v, "dtype", None)
        name = from_torch(str(dt)) if dt is not None else None
        if name:
            return "tf32" if name == "fp32" else name
    return None


STRIDES = ("stride_am", "stride_ak", "stride_bk", "stride_bn")


def layout_of(args: dict, strides=STRIDES) -> str | None:
    """The launch's layout from its stride arguments, else from its first two tensors' strides;
    None when neither says."""
    try:
        sam, sak, sbk, sbn = (int(args[s]) for s in strides)
        return from_strides((sam, sak), (sbk, sbn))
    except (KeyError, TypeError, ValueError):
        pass
    tensors = [v for v in args.values() if callable(getattr(v, "stride", None)) and getattr(v, "ndim", 0) == 2]
    if len(tensors) >= 2:
        try:
            return from_strides(tuple(tensors[0].stride()), tuple(tensors[1].stride()))
        except (TypeError, ValueError):
            return None
    return None


def _tile(cfg, kernel: str | None):
    kw = getattr(cfg, "kwargs", {})
    split = int(_get(kw, "SPLIT_K", 1))
    return make_config(
        BLOCK_M=int(_get(kw, "BLOCK_M")), BLOCK_N=int(_get(kw, "BLOCK_N")), BLOCK_K=int(_get(kw, "BLOCK_K")),
        num_warps=int(getattr(cfg, "num_warps", 4)), num_stages=int(getattr(cfg, "num_stages", 3)),
        GROUP_M=int(_get(kw, "GROUP_M", 1)), SPLIT_K=split, kernel=kernel or implied_kernel(split))


def prune(hw, top_k: int = 4, m: str = "M", n: str = "N", k: str = "K", dtype: str | None = None,
          kernel: str | None = None, layout: str | None = None, strides=STRIDES) -> Callable:
    """An `early_config_prune` function keeping the model's `top_k` configs for each shape, each
    a distinct compiled kernel (configs that compile to one kernel, e.g. num_stages where nothing
    is pipelined, count once: perfmodel.ranking's n_same_kernel). `kernel`: which bundled kernel
    model the user's kernel is (default grouped, or splitk for configs with SPLIT_K > 1); `layout`:
    fixed, or inferred per launch (module doc) from the arguments named by `strides`."""
    spec = load_hardware(hw)
    if top_k < 1:
        raise ValueError("top_k must be at least 1")
    if kernel is not None:
        registry.get(kernel)  # an unknown name fails here, not at the first launch

    warned = []

    def early_config_prune(configs: list, named_args: dict[str, Any], **kwargs) -> list:
        args = {**named_args, **kwargs}
        lay = layout or layout_of(args, strides)
        if lay is None and not warned:
            warned.append(True)
            warnings.warn(f"perfmodel.triton.prune: no stride arguments ({', '.join(strides)}) or 2-D tensors to "
                          "tell the operands' layout from; ranking as nn (pass layout=...)", stacklevel=2)
        try:
            problem = GemmProblem(M=int(args[m]), N=int(args[n]), K=int(args[k]),
                                  dtype=dtype or _dtype_of(args) or "fp16", layout=lay or "nn")
        except (KeyError, ValueError, TypeError):
            return list(configs)  # not a shape the model can read: keep everything
        early_config_prune.last_problem = problem
        readable, tiles = [], []
        for cfg in configs:
            try:
                tiles.append(_tile(cfg, kernel))
                readable.append(cfg)
            except Exception:  # noqa: BLE001 - a config the model cannot read is not pruned
                continue
        unreadable = [c for c in configs if not any(c is r for r in readable)]
        if not readable:
            return list(configs)
        try:
            ranking = rank(spec, problem, tiles)
        except PerfmodelError:
            return list(configs)  # the kernel cannot run this shape here: let the autotuner decide
        name_to_cfgs: dict[str, list] = {}
        for cfg, t in zip(readable, tiles):
            name_to_cfgs.setdefault(t.name, []).append(cfg)
        keep = []
        for item in ranking[:top_k]:
            keep.extend(name_to_cfgs.get(item.config.name, [])[:1])
        return (keep or readable[:1]) + unreadable

    early_config_prune.perfmodel_device = spec.id
    early_config_prune.last_problem = None  # the problem of the latest launch it ranked (layout included)
    return early_config_prune
