"""Sourced numbers and facts: the values a device file is made of.

Every number is a `Quantity` (value, unit, source, confidence); every name or yes/no is a
`Fact` (value, source, confidence). A field's unit is fixed by the schema, and its value must
be plausible for that unit (PLAUSIBLE: a clock of 1500 where 1.5e9 Hz was meant is refused);
`confidence` is one of official, measured, compiler, estimated, and an estimated value says
what it was estimated from. `derived` is reserved for numbers perfmodel computes.
"""

from __future__ import annotations

import math
import re
from enum import Enum
from typing import Annotated, Literal, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt


class Confidence(str, Enum):
    official = "official"
    measured = "measured"
    compiler = "compiler"
    derived = "derived"
    estimated = "estimated"


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Quantity(Frozen):
    """One sourced number. `value` in SI units (the unit word says which)."""

    value: Union[StrictInt, StrictFloat]
    unit: str
    source: str = Field(min_length=3)
    confidence: Confidence


class DerivedQuantity(Frozen):
    """A number computed from other fields; `formula` names the inputs."""

    value: float
    unit: str
    formula: str
    confidence: Literal["derived"] = "derived"


#: Plausible values per unit, (lowest, highest, whole numbers only): wide enough for any GPU of
#: the last decade and the next (a clock of 1500 where 1.5e9 was meant, a bandwidth in GB/s
#: where bytes/s were meant, fall outside), checked on load. Zero is allowed only where the
#: field says so (a reserve, an AGPR file that does not exist).
PLAUSIBLE: dict[str, tuple[float, float, bool]] = {
    "count": (1, 1e6, True),
    "threads": (1, 65536, True),
    "registers": (1, 1e7, True),
    "bytes": (1, 1e15, True),
    "hz": (1e8, 5e9, False),
    "bytes_per_s": (1e9, 1e15, False),
    "bytes_per_clock": (1, 1e5, False),
    "ops_per_clock_per_sm": (1, 1e6, False),
    "ops_per_s": (1e6, 1e18, False),
    "elems_per_s": (1e6, 1e15, False),
    "cycles": (1, 1e6, False),
    "s": (1e-15, 1.0, False),
    "ratio": (1e-6, 1.0, False),
    "factor": (1e-3, 1e3, False),
}


def _plausible(v: float, unit: str, allow_zero: bool) -> None:
    lo, hi, whole = PLAUSIBLE[unit]
    if whole and v != int(v):
        raise ValueError(f"value must be a whole number of {unit}, got {v}")
    if v < 0 or (v == 0 and not allow_zero):
        raise ValueError(f"value must be {'>= 0' if allow_zero else '> 0'}, got {v}")
    if v > hi:
        raise ValueError(f"value {v:g} {unit} is implausibly large (expected {lo:g} to {hi:g})")
    if 0 < v < lo:
        raise ValueError(f"value {v:g} {unit} is implausibly small (expected {lo:g} to {hi:g})")


def quantity_field(unit: str, allow_zero: bool = False):
    """A Quantity field whose unit must be `unit` and whose value must be plausible for it."""

    def check(q: Quantity) -> Quantity:
        if q.unit != unit:
            raise ValueError(f"unit must be '{unit}', got '{q.unit}'")
        if q.confidence is Confidence.derived:
            raise ValueError(
                "confidence 'derived' is reserved for numbers perfmodel computes; "
                "use 'estimated' and give the formula in source"
            )
        if q.confidence is Confidence.estimated and not _says_what_from(q.source):
            raise ValueError("an estimated value's source must say what it was estimated from "
                             "(e.g. 'estimated from the vendor table: ...')")
        if not math.isfinite(q.value):
            raise ValueError("value must be finite")
        _plausible(q.value, unit, allow_zero)
        return q

    return Annotated[Quantity, AfterValidator(check)]


def _says_what_from(source: str) -> bool:
    s = source.lower()
    return "estimat" in s or "from" in s


Count = quantity_field("count")
Threads = quantity_field("threads")
Hz = quantity_field("hz")
Bytes = quantity_field("bytes")
BytesOrZero = quantity_field("bytes", allow_zero=True)
BytesPerS = quantity_field("bytes_per_s")
Registers = quantity_field("registers")
RegistersOrZero = quantity_field("registers", allow_zero=True)
Seconds = quantity_field("s")
SecondsOrZero = quantity_field("s", allow_zero=True)
Cycles = quantity_field("cycles")
OpsPerClock = quantity_field("ops_per_clock_per_sm")
OpsPerS = quantity_field("ops_per_s")
Ratio = quantity_field("ratio")
Factor = quantity_field("factor")
FactorOrZero = quantity_field("factor", allow_zero=True)
ElemsPerS = quantity_field("elems_per_s")


TARGET_PATTERN = r"^(sm_[0-9]+a?|gfx[0-9a-f]+)$"


class Fact(Frozen):
    """One sourced fact that is not a number: a name or a yes/no."""

    value: Union[StrictBool, str]
    source: str = Field(min_length=3)
    confidence: Confidence


def fact_field(allowed: tuple[str, ...] | None = None, pattern: str | None = None, flag: bool = False,
               what: str = "a compile target (sm_NN or gfxNNN)"):
    """A Fact whose value must be a bool (flag), one of `allowed`, or match `pattern` (`what`
    says what a match looks like, for the error)."""
    def check(f: Fact) -> Fact:
        if f.confidence is Confidence.derived:
            raise ValueError("confidence 'derived' is reserved for numbers perfmodel computes")
        if f.confidence is Confidence.estimated and not _says_what_from(f.source):
            raise ValueError("an estimated fact's source must say what it was estimated from")
        if flag != isinstance(f.value, bool):
            raise ValueError(f"value must be {'true or false' if flag else 'a name'}, got {f.value!r}")
        if allowed is not None and f.value not in allowed:
            raise ValueError(f"value must be one of {', '.join(allowed)}, got {f.value!r}")
        if pattern is not None and not re.fullmatch(pattern, str(f.value)):
            raise ValueError(f"value {f.value!r} is not {what}")
        return f

    return Annotated[Fact, AfterValidator(check)]
