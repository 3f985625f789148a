"""How much does the pick depend on numbers nobody has measured?

Every input of the prediction whose confidence is `estimated` is perturbed by -20% and +20%,
one at a time and then all together in each direction, and the built-in space is re-ranked:

  spec quantities   every continuous `estimated` number of the device file (clocks, bandwidths,
                    per-clock rates, LDS and L2 sizes, latencies), through a modified copy of the
                    spec (byte sizes are rounded to whole bytes)
  model constants   every `estimated` constant of perfmodel.kernels.params.timing_params (the
                    device has no calibration for it: transferred or a default), through its
                    `scale` argument

The report says, for each perturbation, whether the top-1 config changed and how far its
predicted time moved. Counts (CUs, SIMDs, waves, register granules) are left alone: they are
whole-number architecture rules, not magnitudes; so are allocation granules and reserves.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfmodel.hardware.registry import load_hardware
from perfmodel.hardware.schema import Confidence, HardwareSpec, iter_quantities
from perfmodel.kernels.params import timing_params
from perfmodel.problem import GemmProblem
from perfmodel.ranking import rank

CONTINUOUS_UNITS = {"hz", "bytes_per_s", "ops_per_clock_per_sm", "s", "cycles", "ratio", "bytes_per_clock", "elems_per_s"}
PERTURB = 0.20


@dataclass(frozen=True)
class Perturbation:
    name: str
    factor: float
    top1: str
    predicted_ms: float
    changed: bool
    delta_pct: float


def estimated_inputs(spec: HardwareSpec, dtype: str) -> tuple[list[str], list[str]]:
    """(spec quantity paths, model constant names) that are estimated, continuous and read for
    this dtype: of the throughput entries, the dtype's own and fp16's (the mma.sync rate is
    scaled from fp16's); no other dtype's throughput can move the pick."""
    paths = [path for path, q in iter_quantities(spec)
             if q.confidence is Confidence.estimated and (q.unit in CONTINUOUS_UNITS or (
                 q.unit == "bytes" and "granule" not in path and "reserved" not in path))
             and (not path.startswith("throughput.") or path.startswith((f"throughput.{dtype}.", "throughput.fp16.")))]
    consts = timing_params(spec, dtype).estimated
    return paths, consts


def _scaled_spec(spec: HardwareSpec, paths: list[str], factor: float) -> HardwareSpec:
    data = spec.model_dump(mode="python")
    for path in paths:
        node = data
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[k]
        q = dict(node[keys[-1]])
        v = q["value"] * factor
        q["value"] = int(round(v)) if isinstance(node[keys[-1]]["value"], int) and q["unit"] == "bytes" else v
        node[keys[-1]] = q
    return HardwareSpec.model_validate(data)


def sensitivity(hw, problem: GemmProblem, configs=None, kernels=None) -> tuple[str, float, list[Perturbation]]:
    """(baseline top-1 name, its predicted ms, perturbations)."""
    spec = load_hardware(hw)
    base = rank(spec, problem, configs, kernels=kernels).best
    paths, consts = estimated_inputs(spec, problem.dtype)
    out: list[Perturbation] = []

    def record(name, factor, s, scale):
        best = rank(s, problem, configs, scale=scale, kernels=kernels).best
        out.append(Perturbation(name, factor, best.config.name, best.predicted_ms,
                                best.config.name != base.config.name,
                                (best.predicted_ms / base.predicted_ms - 1) * 100))

    for factor in (1 - PERTURB, 1 + PERTURB):
        for path in paths:
            record(path, factor, _scaled_spec(spec, [path], factor), None)
        for c in consts:
            record(f"model.{c}", factor, spec, {c: factor})
        if paths or consts:
            record("all estimated together", factor, _scaled_spec(spec, paths, factor) if paths else spec,
                   {c: factor for c in consts})
    return base.config.name, base.predicted_ms, out
