"""`perfmodel calibrate | sweep`: the commands that run on the machine with the GPU (torch and
Triton there, CUDA or ROCm/HIP); everything they need of the GPU is perfmodel.gpu's."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

from perfmodel.cli.errors import UserError
from perfmodel.cli.inputs import read_json
from perfmodel.cli.outputs import output_file, write_atomically
from perfmodel.cli.render import fmt_value, print_table
from perfmodel.gpu import suite
from perfmodel.gpu.sweep import SWEPT_DTYPES
from perfmodel.hardware.registry import load_hardware
from perfmodel.layouts import LAYOUTS


def _device_id(path: Path) -> str:
    new = re.sub(r"[^a-z0-9_\-]+", "-", path.stem.lower()).strip("-")
    return new or "calibrated"


def _measure(args, base):
    """(cal, mb, header): the microbenchmarks run on this machine's GPU, or read back from a
    --from-measurements file (a re-derivation: no GPU needed)."""
    from perfmodel.gpu import env

    if args.from_measurements:
        blob = read_json(args.from_measurements, "--from-measurements")
        if not {"header", "calibration", "microbench"} <= set(blob):
            raise UserError(f"{args.from_measurements}: not a measurements file written by perfmodel calibrate "
                            "--measurements (needs header, calibration and microbench)")
        header = {**blob["header"], "rederived_by": " ".join(["perfmodel", *sys.argv[1:]])}
        return blob["calibration"], blob["microbench"], header
    env.require()
    props = env.properties()
    env.check_matches(base, props)
    header = env.versions(["perfmodel", *sys.argv[1:]])
    from perfmodel.gpu import microbench

    cal, mb = microbench.run(args.quick, args.jobs, base)
    return cal, mb, header


def _comparison(base, spec, values) -> None:
    rows = [("constant", "measured here", f"in {base.id}'s file", "ratio")]
    for name, v in values.items():
        if name.startswith("_"):
            continue
        old = getattr(base.calibration, name, None)
        q = spec.calibration.model_dump().get(name, {}) or {}
        unit = q.get("unit", "s")
        rows.append((name, fmt_value(v, unit), fmt_value(old.value, unit) if old else "-",
                     f"{v / old.value:.3f}" if old and old.value else "-"))
    print_table(rows)


def calibrate_cmd(args) -> int:
    import yaml

    from perfmodel.calibration import derive, device_file
    from perfmodel.hardware.schema import HardwareSpec

    base = load_hardware(args.hw)
    out = output_file(args.output or f"{base.id}-calibrated.yaml", "-o", (".yaml", ".yml"))
    raw = output_file(args.measurements, "--measurements", (".json",)) if args.measurements else None
    t0 = time.time()
    cal, mb, header = _measure(args, base)
    values = derive(base, cal, mb)
    data = device_file(base, values, cal, header, _device_id(out))
    spec = HardwareSpec.model_validate(data)  # what we write must load
    how = f"re-derived from {Path(args.from_measurements).name}" if args.from_measurements else \
        f"in {time.time() - t0:.0f} s"
    text = f"# {spec.name}: written by `perfmodel calibrate --hw {base.id}`" + (" --quick" if args.quick else "") + \
        f" {how}\n" + yaml.safe_dump(data, sort_keys=False, width=1000)
    write_atomically(out, lambda tmp: tmp.write_text(text))
    if raw is not None:
        blob = json.dumps({"header": header, "calibration": cal, "microbench": mb}, indent=1)
        write_atomically(raw, lambda tmp: tmp.write_text(blob))
    _comparison(base, spec, values)
    print(f"wrote {out} ({time.time() - t0:.0f} s); use it wherever a device is named: --hw {out}")
    return 0


def _shapes(args):
    from perfmodel.gpu.sweep import read_shapes

    if bool(args.suite) == bool(args.shapes):
        raise UserError(f"give --suite NAME ({', '.join(suite.SUITES)}) or --shapes FILE.csv, one of them")
    if args.suite:
        if args.suite not in suite.SUITES:
            raise UserError(f"unknown suite '{args.suite}'; suites: {', '.join(suite.SUITES)}")
        shapes = suite.suite_shapes(args.suite)
    else:
        shapes = read_shapes(args.shapes)
    if args.only:
        try:
            want = {int(x) for x in args.only.split(",") if x.strip()}
        except ValueError:
            raise UserError(f"--only takes comma-separated shape indices, got {args.only!r}") from None
        shapes = [(i, s) for i, s in shapes if i in want]
    if not shapes:
        raise UserError("no shapes to sweep")
    return shapes


def _gpus(arg: str) -> list[str]:
    from perfmodel.gpu import env

    if arg == "all":
        import torch

        env.require()
        return [str(i) for i in range(torch.cuda.device_count())]
    gpus = [g.strip() for g in arg.split(",") if g.strip()]
    if not gpus or not all(g.isdigit() for g in gpus):
        raise UserError(f"--gpus takes 'all' or comma-separated GPU indices, got {arg!r}")
    return gpus


def sweep_cmd(args) -> int:
    from perfmodel.gpu import env
    from perfmodel.gpu.sweep import split_over_gpus, sweep_here

    spec = load_hardware(args.hw)
    shapes = _shapes(args)
    out = output_file(args.out, "--out", (".jsonl",))
    gpus = _gpus(args.gpus)
    limits = (spec.sm_count, int(spec.shared_memory.max_per_block_bytes.value))
    tma = spec.has("tensor_memory_accelerator")
    if gpus != ["0"]:  # other or several GPUs: one child process each, its GPU made the visible one
        hw = str(Path(args.hw).resolve()) if str(args.hw).endswith((".yaml", ".yml")) else str(args.hw)
        base = ["--hw", hw, "--jobs", "4", "--time-budget-s", str(args.time_budget_s)]
        base += ["--suite", args.suite] if args.suite else ["--shapes", str(Path(args.shapes).resolve())]
        t0 = time.time()
        rc = split_over_gpus(shapes, gpus, out.resolve(), base, limits, tma, args.jobs)
        print(f"swept {len(shapes)} shapes on GPUs {','.join(gpus)} in {time.time() - t0:.0f} s into {out}",
              file=sys.stderr)
        return rc
    env.require()
    env.check_matches(spec, env.properties())
    t0 = time.time()
    marker = Path(args.compiled_marker) if args.compiled_marker else None
    sweep_here(shapes, out, limits, tma, ["perfmodel", *sys.argv[1:]], args.jobs, args.time_budget_s, marker)
    print(f"swept {len(shapes)} shapes in {time.time() - t0:.0f} s into {out}; score them with "
          f"'perfmodel validate --data {out} --hw {args.hw}'", file=sys.stderr)
    return 0


def add_parsers(sub) -> None:
    ca = sub.add_parser("calibrate", help="measure this GPU and write a calibrated device file (runs on the GPU)",
                        epilog="examples: perfmodel calibrate --hw h200 -o my-h200.yaml; "
                               "perfmodel calibrate --hw gfx936 --quick")
    ca.add_argument("--hw", required=True, help="the bundled device (or .yaml) this GPU is: its spec is kept")
    ca.add_argument("-o", "--output", help="the device file to write (default <hw>-calibrated.yaml)")
    ca.add_argument("--quick", action="store_true", help="a subset of the microbenchmarks (about 2 minutes)")
    ca.add_argument("--measurements", help="also write the raw measurements to this .json file")
    ca.add_argument("--from-measurements", metavar="FILE.json",
                    help="derive from a file --measurements wrote instead of measuring (no GPU needed; "
                         "e.g. after upgrading perfmodel)")
    ca.add_argument("--jobs", type=int, default=os.cpu_count() or 4, help="compile processes (default: CPU count)")
    ca.set_defaults(func=calibrate_cmd)

    sw = sub.add_parser("sweep", help="time the bundled kernels on this GPU's shapes (runs on the GPU)",
                        epilog="examples: perfmodel sweep --hw h200 --suite holdout2 --out runs.jsonl --gpus all; "
                               "perfmodel sweep --hw my-h200.yaml --shapes shapes.csv")
    sw.add_argument("--hw", required=True, help="the device file of this GPU (bundled name or .yaml)")
    sw.add_argument("--suite", help=f"a named suite: {', '.join(suite.SUITES)}")
    sw.add_argument("--shapes", help=f"a CSV with columns M,N,K,dtype ({', '.join(SWEPT_DTYPES)}) and optionally "
                                     f"family and layout ({', '.join(LAYOUTS)}; default nn)")
    sw.add_argument("--out", default="runs.jsonl", help="the runs file (.jsonl; appended to and resumed; default runs.jsonl)")
    sw.add_argument("--gpus", default="0", help="'all', or comma-separated GPU indices: one process per GPU (default 0)")
    sw.add_argument("--only", help="comma-separated shape indices to run")
    sw.add_argument("--jobs", type=int, default=os.cpu_count() or 4,
                    help="compile processes (default: the CPU count; the CPUs the timing uses are left free)")
    sw.add_argument("--compiled-marker", help=argparse.SUPPRESS)  # set by `--gpus all` for its child processes
    sw.add_argument("--time-budget-s", type=float, default=1e9, help="start no new shape after this many seconds")
    sw.set_defaults(func=sweep_cmd)
