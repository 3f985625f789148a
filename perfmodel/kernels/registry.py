"""The kernel registry: every kernel model perfmodel ranks, by name.

    grouped   perfmodel/gpu/kernels.py:matmul_kernel (pointer loads, grouped order)
    splitk    matmul_splitk_kernel + splitk_reduce_kernel (fp32 partials, then a reduction)
    tma       matmul_tma_kernel (tensor-descriptor loads and store; Hopper)
    persistent      perfmodel/gpu/persistent.py (one program per SM walking tiles; Hopper)
    persistent_ws   the same, warp-specialized (a producer and two consumer warpgroups)

`perfmodel rank` ranks the union of the spaces of the kernels that can run the problem on
the device (`--kernels` narrows it); a config names its kernel (TileConfig.kernel). A user's
own kernel model (a perfmodel.kernels.base.KernelModel) joins with `register(model)`.
"""

from __future__ import annotations

from perfmodel.errors import ConfigError
from perfmodel.hardware.schema import HardwareSpec
from perfmodel.kernels.base import KernelModel
from perfmodel.kernels.grouped import GroupedKernel
from perfmodel.kernels.persistent import PersistentKernel, WarpSpecializedKernel
from perfmodel.kernels.splitk import SplitKKernel
from perfmodel.kernels.tma import TmaKernel
from perfmodel.problem import GemmProblem

_KERNELS: dict[str, KernelModel] = {}


def register(model: KernelModel) -> KernelModel:
    """Add (or replace) a kernel model under its name."""
    if not model.name:
        raise ConfigError("a kernel model needs a name")
    _KERNELS[model.name] = model
    return model


for _m in (GroupedKernel(), SplitKKernel(), TmaKernel(), PersistentKernel(), WarpSpecializedKernel()):
    register(_m)


def names() -> tuple[str, ...]:
    """Registered kernel names, in ranking order (ties go to the earlier one)."""
    return tuple(_KERNELS)


def get(name: "str | KernelModel") -> KernelModel:
    """A registered kernel model by name (a model passes through)."""
    if isinstance(name, KernelModel):
        return name
    try:
        return _KERNELS[name]
    except KeyError:
        raise ConfigError(f"unknown kernel '{name}'; registered: {', '.join(_KERNELS)}") from None


def select(names_or_models=None) -> list[KernelModel]:
    """Kernel models from names ("grouped,tma", a list, or None for all registered)."""
    if names_or_models is None:
        return list(_KERNELS.values())
    if isinstance(names_or_models, str):
        names_or_models = [n.strip() for n in names_or_models.split(",") if n.strip()]
    models = [get(n) for n in names_or_models]
    if not models:
        raise ConfigError(f"no kernels given; registered: {', '.join(_KERNELS)}")
    return models


def applicable(spec: HardwareSpec, problem: GemmProblem, kernels=None) -> list[KernelModel]:
    """The kernels (of `kernels`, default all) that can run `problem` on `spec`."""
    return [m for m in select(kernels) if m.unsupported(spec, problem) is None]
