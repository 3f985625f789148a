"""`perfmodel fit-tiles`: a device's measured tile factors (perfmodel.kernels.tile_factors) fitted
on its own recorded sweeps (`perfmodel sweep`), written into a copy of its device file. CPU only."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from perfmodel.cli.errors import UserError
from perfmodel.cli.outputs import output_file, write_atomically
from perfmodel.cli.render import print_table
from perfmodel.cli.validation import note_foreign_data
from perfmodel.hardware.registry import load_hardware


def _scores(data, spec) -> tuple[float, float, float]:
    """(top-1 geomean, Spearman median, median relative error) of the grouped and split-K runs."""
    from perfmodel.scoring.metrics import evaluate

    r = evaluate(data, ["perfmodel"], spec)["perfmodel"]
    return r.top1_geomean, r.spearman_median, r.rel_err_median


def fit_tiles_cmd(args) -> int:
    import yaml

    from perfmodel.hardware.schema import HardwareSpec
    from perfmodel.kernels.tile_factors import DECODE_MAX_M, ELEMENTWISE, ELEMENTWISE_TILE_CLASSES, MIN_MN
    from perfmodel.scoring.datasets import Dataset, load_runs
    from perfmodel.scoring.tile_fit import LOOPS, fit_tile_factors, with_factors

    spec = load_hardware(args.hw)
    out = output_file(args.output or f"{spec.id}-tiles.yaml", "-o", (".yaml", ".yml"))
    if args.min_runs < 1 or args.min_shapes < 1:
        raise UserError(f"--min-runs and --min-shapes must be at least 1, got {args.min_runs} and {args.min_shapes}")
    names = [n.strip() for n in args.data.split(",") if n.strip()]
    if not names:
        raise UserError("--data is empty: name the runs files of `perfmodel sweep` (comma-separated)")
    t0 = time.time()
    data = [load_runs(n) for n in names]
    for d in data:
        note_foreign_data(spec, d)
    fit = fit_tile_factors(data, spec, min_runs=args.min_runs, min_shapes=args.min_shapes)
    counts = {f"{loop} {cls}": len(t) for loop, classes in fit.factors.items() for cls, t in classes.items()}
    if not counts:
        raise UserError(f"{', '.join(names)}: no tile class has {args.min_runs} runs of {args.min_shapes} shapes "
                        f"(aligned shapes with M, N >= {MIN_MN} or M <= {DECODE_MAX_M}, or of load classes "
                        f"{', '.join(ELEMENTWISE)} in {', '.join(ELEMENTWISE_TILE_CLASSES)} dtypes; kernels "
                        f"{', '.join(k for loop in LOOPS.values() for k in loop)}) whose factor is 10% or more "
                        "away from 1; sweep more shapes, or lower --min-runs/--min-shapes")
    sets = ", ".join(Path(str(d.path)).name for d in data)
    source = (f"measured: perfmodel sweep ({sets}); derived by perfmodel fit-tiles --hw {args.hw} "
              f"(median measured / predicted per tile class)")
    tiled = with_factors(spec, fit.factors, source=source, min_runs=args.min_runs, min_shapes=args.min_shapes)
    doc = tiled.model_dump(mode="json", exclude_none=True)
    HardwareSpec.model_validate(doc)  # what we write must load
    text = f"# {spec.name}: written by `perfmodel fit-tiles --hw {args.hw} --data {args.data}`\n" + \
        yaml.safe_dump(doc, sort_keys=False, width=1000)
    write_atomically(out, lambda tmp: tmp.write_text(text))
    pooled = Dataset(data[0].path, [h for d in data for h in d.headers], [s for d in data for s in d.shapes])
    before, after = _scores(pooled, with_factors(spec, None)), _scores(pooled, tiled)
    print_table([("on these runs (in-sample)", "top-1 geomean", "Spearman median", "median rel. error"),
                 ("without tile factors", *(f"{v:.3f}" for v in before)),
                 ("with them", *(f"{v:.3f}" for v in after))])
    print(f"{sum(counts.values())} factors ({', '.join(f'{n} {c}' for c, n in counts.items())}); judge them on "
          f"runs they were not fitted on: perfmodel validate --hw {out} --data OTHER.jsonl")
    print(f"wrote {out} ({time.time() - t0:.0f} s); use it wherever a device is named: --hw {out}", file=sys.stderr)
    return 0
