#!/usr/bin/env python3
"""Fit the H200's measured tile factors (perfmodel.kernels.tile_factors) on its recorded sweeps and
print them as the device file's `tile_factors:` block; --write puts it into hardware/h200.yaml.

    python validation/fit_tile_factors.py [--write]

Fitted on FIT_SETS: every committed H200 sweep that has been read (from session 10 on: holdout12-19
joined the earlier sets; left one set out over thirteen read sets this scored 0.871 against 0.856
on the element-wise shapes, and holdout20 judged it), not the hold-out kept unread, the repeat of
the suite (the same shapes twice) and the contended runs (another job on the GPU). From session 30
the shapes of those sets that were timed again as CUDA-graph replays (RETIMED: their eager-short
shapes, validation/fit_short_retime.py) are fitted on that timing, not the recorded one (fit_sets).
tests/test_tile_factors.py re-derives the table from the same sets and checks the file holds what this
script writes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels.tile_factors import tile_of  # noqa: E402
from perfmodel.scoring.datasets import Dataset, load_runs, with_retimed  # noqa: E402
from perfmodel.scoring.tile_fit import (LOOPS, MIN_EFFECT, MIN_RUNS, MIN_SHAPES, MIN_STAGE_EFFECT, TileFit,  # noqa: E402
                                        fit_tile_factors)

FIT_SETS = ("runs", "holdout", "holdout2", "holdout3", "reserve", "mixed", "padded", "sweep", "layouts", "holdout4",
            "holdout5", "holdout6", "mixed2", "holdout7", "hopper", "hopper_holdout", "fp8", "holdout8", "holdout9",
            "holdout10", "holdout11", "holdout12", "holdout13", "holdout14", "holdout15", "holdout16", "holdout17",
            "holdout18", "holdout19")
#: the element-wise decode classes' round (perfmodel.scoring.tile_fit) is fitted on these too: the read
#: hold-outs timed as CUDA-graph replays (holdout67 on), which hold every 16-bit decode shape of load
#: classes "n" and "none" the read sets have (the fit sets hold none); the eager sets between them
#: are left out, their short grouped runs timed with the host's wait in them (session 29)
DECODE_SETS = ("holdout67", "holdout68", "holdout69", "holdout70", "holdout71", "holdout72")
#: the fit sets' eager-short shapes timed again as graph replays (session 30; by path: not bundled)
RETIMED = HERE / "data" / "h200" / "fit_short_graph.jsonl.gz"
SOURCE = ("measured: perfmodel sweep on the H200 (validation/data/h200: {sets}; their shapes in "
          "fit_short_graph timed again as CUDA-graph replays, in place of the recorded); derived by "
          "validation/fit_tile_factors.py (median measured / predicted per tile class, model without factors, "
          "aligned shapes with M, N >= 256 or M <= 64, and element-wise load classes at any size, in "
          "matrix-instruction dtypes; BLOCK_K x warps classes for load k; |ln f| >= 0.1 kept; then, over them, "
          "aligned tiles at their stages (_sS) where they differ from their tile's factor by |ln| >= 0.02; then the "
          "element-wise decode classes' tiles and BLOCK_K x warps classes over their class at any size, fitted on "
          "the fit sets and {decode} too, as ratios over it, every one kept)")
BLOCK_START = "  tile_factors:"


def fit_sets(names=FIT_SETS, retimed: Path = RETIMED) -> list[Dataset]:
    """The fit sets, each shape that `retimed` timed again taken from it (datasets.with_retimed)."""
    again = load_runs(retimed)
    return [with_retimed(load_runs(f"h200/{s}"), again) for s in names]


def fit(spec) -> TileFit:
    """The H200's tile factors: fitted on fit_sets(), the element-wise decode round on DECODE_SETS too."""
    sets = fit_sets()
    return fit_tile_factors(sets, spec, decode_datasets=sets + [load_runs(f"h200/{s}") for s in DECODE_SETS])


def yaml_block(fit: TileFit, sets=FIT_SETS, loops=LOOPS) -> str:
    """The calibration's tile_factors block, one tile per line with the runs it rests on."""
    lines = [BLOCK_START, "    confidence: measured",
             f"    source: \"{SOURCE.format(sets=', '.join(sets), decode=', '.join(DECODE_SETS))}\"",
             f"    min_runs: {MIN_RUNS}", f"    min_shapes: {MIN_SHAPES}", f"    min_effect: {MIN_EFFECT}",
             f"    min_stage_effect: {MIN_STAGE_EFFECT}", "    loops:"]
    for loop, classes in fit.factors.items():
        lines += [f"      {loop}:", f"        kernels: [{', '.join(loops[loop])}]", "        factors:"]
        for cls, table in classes.items():
            lines.append(f"          {cls}:")
            for key, f in sorted(table.items(), key=lambda kv: tile_of(kv[0])):
                lines.append(f"            {key}: {f:.3f}  # {fit.runs[loop][cls][key]} runs")
    return "\n".join(lines) + "\n"


def write_yaml(block: str, path: Path) -> None:
    """Replace the file's tile_factors block (the calibration's last) or append it."""
    text = path.read_text()
    start = text.find(BLOCK_START)
    path.write_text((text if start < 0 else text[:start]).rstrip("\n") + "\n" + block)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write the block into hardware/h200.yaml")
    args = ap.parse_args(argv)
    spec = load_hardware("h200")  # its factors, if any, are set aside by the fit
    block = yaml_block(fit(spec))
    print(block, end="")
    if args.write:
        path = HERE.parent / "hardware" / "h200.yaml"
        write_yaml(block, path)
        print(f"# wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
