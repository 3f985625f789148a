"""One fitting step the lab's fit scripts share (validation/fit_*.py)."""

from __future__ import annotations

import statistics
from typing import Callable


def median_one_factor(ratios_of: Callable[[float], list[float]], iterations: int) -> float:
    """The factor f that makes the median of ratios_of(f) (measured over predicted) 1: start at 1,
    multiply by the median until it is within 0.1% of 1 or `iterations` are spent (the factor
    scales one term of the model, not always the whole time, so one step is not enough). Returns
    1.0 where nothing qualifies (ratios_of gives no ratios)."""
    factor = 1.0
    for _ in range(iterations):
        ratios = ratios_of(factor)
        if not ratios or abs(statistics.median(ratios) - 1) < 1e-3:
            break
        factor *= statistics.median(ratios)
    return factor
