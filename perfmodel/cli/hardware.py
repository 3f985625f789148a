"""`perfmodel hardware list | show`: the bundled devices, and every number of one with its source."""

from __future__ import annotations

import json

from perfmodel.cli.render import fmt_value, print_table
from perfmodel.dtypes import NAMES as DTYPES
from perfmodel.hardware.registry import known_devices, load_hardware
from perfmodel.hardware.schema import HardwareSpec, iter_facts, iter_quantities


def hardware_list(args) -> int:
    devices = known_devices()
    if args.json:
        print(json.dumps([{"id": d.id, "name": d.name, "vendor": d.vendor, "target": d.target,
                           "aliases": list(d.aliases)} for d in devices], indent=2))
        return 0
    rows = [("id", "target", "vendor", "name", "aliases")]
    rows += [(d.id, d.target, d.vendor, d.name, ", ".join(d.aliases)) for d in devices]
    print_table(rows)
    return 0


def spec_to_json(spec: HardwareSpec) -> dict:
    """The spec as JSON: every number an object with value, unit, source, confidence;
    derived numbers under `derived`, each with its formula and confidence 'derived'."""
    data = spec.model_dump(mode="json", exclude_none=True)
    data["derived"] = {k: v.model_dump(mode="json") for k, v in spec.derived().items()}
    return data


def hardware_show(args) -> int:
    spec = load_hardware(args.name)
    if args.json:
        print(json.dumps(spec_to_json(spec), indent=2))
        return 0
    print(f"{spec.name}  (id {spec.id}, target {spec.target}, vendor {spec.vendor})")
    if spec.aliases:
        print(f"aliases: {', '.join(spec.aliases)}")
    if spec.stands_in_for:
        print(f"stands in for: {spec.stands_in_for}")
    rows = [("quantity", "value", "confidence", "source")]
    for path, q in iter_quantities(spec):
        rows.append((path, fmt_value(q.value, q.unit), q.confidence.value, q.source))
    for dt in DTYPES:
        t = getattr(spec.throughput, dt)
        if t is not None and t.matrix is not None:
            m = t.matrix
            rows.append((f"throughput.{dt}.matrix.instruction", f"{m.instruction} ({m.m}x{m.n}x{m.k})", "", m.shape_source))
    for path, f in iter_facts(spec):
        value = ("yes" if f.value else "no") if isinstance(f.value, bool) else str(f.value)
        rows.append((path, value, f.confidence.value, f.source))
    tf = spec.calibration.tile_factors
    if tf is not None:
        for loop, lf in tf.loops.items():
            counts = ", ".join(f"{cls} {len(table)}" for cls, table in lf.factors.items())
            rows.append((f"calibration.tile_factors.{loop}", f"{sum(map(len, lf.factors.values()))} factors",
                         tf.confidence.value, f"kernels {', '.join(lf.kernels)}; by class: {counts}; {tf.source}"))
    for name, d in spec.derived().items():
        rows.append((name, fmt_value(d.value, d.unit), "derived", d.formula))
    print_table(rows, wrap_last=True)
    return 0
