"""perfmodel: which kernel and tile config should this GEMM use on this GPU, and why.

An analytical performance and occupancy model for tiled Triton GEMM kernels. Hardware specs
are data (`hardware/*.yaml`, perfmodel.hardware); a problem and a config are small objects
(perfmodel.problem); each bundled kernel has a model behind one interface (perfmodel.kernels);
`rank` and `predict` run them (perfmodel.ranking, perfmodel.prediction).

The public names below load on first use, so `import perfmodel.dtypes` (and the other plain
tables) costs nothing and needs none of perfmodel's dependencies.
"""

from __future__ import annotations

import importlib

__version__ = "0.2.0"

_EXPORTS = {
    "load_hardware": "perfmodel.hardware.registry",
    "known_devices": "perfmodel.hardware.registry",
    "HardwareSpec": "perfmodel.hardware.schema",
    "SpecError": "perfmodel.errors",
    "UnknownDeviceError": "perfmodel.errors",
    "ConfigError": "perfmodel.errors",
    "PerfmodelError": "perfmodel.errors",
    "DTYPES": "perfmodel.dtypes",
    "GemmProblem": "perfmodel.problem",
    "TileConfig": "perfmodel.problem",
    "occupancy": "perfmodel.arch.occupancy",
    "Occupancy": "perfmodel.arch.occupancy",
    "roofline": "perfmodel.arch.roofline",
    "rank": "perfmodel.ranking",
    "Ranking": "perfmodel.ranking",
    "predict": "perfmodel.prediction",
    "Prediction": "perfmodel.prediction",
    "resources_of": "perfmodel.prediction",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module 'perfmodel' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
