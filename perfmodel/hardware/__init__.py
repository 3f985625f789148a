"""Hardware specs as data: the schema (pydantic), the registry of `hardware/*.yaml`, and the
calibration-transfer policy for devices without their own measurements."""

from perfmodel.errors import SpecError, UnknownDeviceError
from perfmodel.hardware.registry import known_devices, load_hardware, load_spec_file, registry_dir
from perfmodel.hardware.schema import (
    Confidence,
    DerivedQuantity,
    Fact,
    HardwareSpec,
    Quantity,
    iter_facts,
    iter_quantities,
)

__all__ = ["SpecError", "UnknownDeviceError", "known_devices", "load_hardware", "load_spec_file", "registry_dir",
           "Confidence", "DerivedQuantity", "Fact", "HardwareSpec", "Quantity", "iter_facts", "iter_quantities"]
