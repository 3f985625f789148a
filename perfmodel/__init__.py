"""perfmodel: which tile config should this GEMM use on this GPU, and why.

An analytical performance and occupancy model for tiled Triton GEMM kernels. Hardware specs
are data (`hardware/*.yaml`, loaded by `perfmodel.spec`); models are pure functions of a spec,
a problem and a config.
"""

from perfmodel.spec import (  # noqa: F401
    DTYPES,
    HardwareSpec,
    SpecError,
    UnknownDeviceError,
    known_devices,
    load_hardware,
)

from perfmodel.occupancy import Occupancy, occupancy  # noqa: F401,E402
from perfmodel.problem import GemmProblem, TileConfig  # noqa: F401,E402
from perfmodel.rank import Ranking, rank  # noqa: F401,E402
from perfmodel.roofline import roofline  # noqa: F401,E402
from perfmodel.timing import Prediction, predict  # noqa: F401,E402

__version__ = "0.1.0"
