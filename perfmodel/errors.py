"""The errors perfmodel raises for a mistake in what it was asked.

Each `str()` is one line naming what was wrong and, where it helps, what is allowed; the
`perfmodel` command prints that line and exits 2. Anything else that escapes is a bug.
Plain Python, no dependencies.
"""


class PerfmodelError(ValueError):
    """A mistake in what was asked (a device, a file, a problem, a config, a flag)."""


class SpecError(PerfmodelError):
    """A device file or device name that cannot be used."""


class UnknownDeviceError(SpecError):
    """A device name that is neither a bundled id, an alias, a target nor a file."""


class ConfigError(SpecError):
    """An impossible problem, config or kernel choice."""


class OccupancyError(SpecError):
    """An impossible kernel description given to the residency model."""


class DataError(PerfmodelError):
    """A recorded-runs or compile-sweep file that cannot be read."""
