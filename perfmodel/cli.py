"""The `perfmodel` command.

Every user mistake (unknown device, malformed file, impossible numbers, bad flags) ends in
one line on stderr starting with `perfmodel: error:` and exit code 2; `--debug` shows the
traceback instead. Tables go to stdout; `--json` prints machine-readable output.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from perfmodel import __version__
from perfmodel.spec import (
    DTYPES,
    HardwareSpec,
    SpecError,
    iter_quantities,
    known_devices,
    load_hardware,
)


class UserError(ValueError):
    """A mistake in what the user asked for; `str()` is one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, no usage dump
        raise UserError(f"{self.prog}: {message} (see '{self.prog} --help')")


def _fmt_value(v: float, unit: str) -> str:
    """A quantity for people: binary prefixes for bytes, SI prefixes for rates and clocks."""
    if unit == "bytes" and v >= 1024:
        for div, name in ((2**30, "GiB"), (2**20, "MiB"), (2**10, "KiB")):
            if v >= div:
                return f"{v / div:.4g} {name}"
    names = {"hz": "Hz", "bytes_per_s": "B/s", "ops_per_s": "OP/s", "elems_per_s": "elem/s"}
    if unit in names and v >= 1e6:
        for div, pre in ((1e12, "T"), (1e9, "G"), (1e6, "M")):
            if v >= div:
                return f"{v / div:.4g} {pre}{names[unit]}"
    if float(v).is_integer() and abs(v) < 1e15:
        return f"{int(v)} {unit}"
    return f"{v:.4g} {unit}"


# ---------------------------------------------------------------------------------------
# hardware
# ---------------------------------------------------------------------------------------


def _hardware_list(args) -> int:
    devices = known_devices()
    if args.json:
        print(json.dumps([
            {"id": d.id, "name": d.name, "vendor": d.vendor, "target": d.target, "aliases": list(d.aliases)}
            for d in devices
        ], indent=2))
        return 0
    rows = [("id", "target", "vendor", "name", "aliases")]
    rows += [(d.id, d.target, d.vendor, d.name, ", ".join(d.aliases)) for d in devices]
    _print_table(rows)
    return 0


def spec_to_json(spec: HardwareSpec) -> dict:
    """The spec as JSON: every number an object with value, unit, source, confidence;
    derived numbers under `derived`, each with its formula and confidence 'derived'."""
    data = spec.model_dump(mode="json", exclude_none=True)
    data["derived"] = {k: v.model_dump(mode="json") for k, v in spec.derived().items()}
    return data


def _hardware_show(args) -> int:
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
        rows.append((path, _fmt_value(q.value, q.unit), q.confidence.value, q.source))
    for dt in DTYPES:
        t = getattr(spec.throughput, dt)
        if t is not None and t.matrix is not None:
            m = t.matrix
            rows.append((f"throughput.{dt}.matrix.instruction", f"{m.instruction} ({m.m}x{m.n}x{m.k})", "", m.shape_source))
    for name, d in spec.derived().items():
        rows.append((name, _fmt_value(d.value, d.unit), "derived", d.formula))
    _print_table(rows, wrap_last=True)
    return 0


def _print_table(rows, wrap_last: bool = False) -> None:
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    if wrap_last:
        widths[-1] = 0
    for j, r in enumerate(rows):
        cells = [str(c).ljust(widths[i]) if widths[i] else str(c) for i, c in enumerate(r)]
        print("  ".join(cells).rstrip())
        if j == 0:
            print("  ".join("-" * max(w, len(str(r[i]))) for i, w in enumerate(widths)))


# ---------------------------------------------------------------------------------------
# occupancy
# ---------------------------------------------------------------------------------------


def _occupancy(args) -> int:
    from perfmodel.occupancy import occupancy

    spec = load_hardware(args.hw)
    source = None
    if args.config:
        if any(v is not None for v in (args.threads, args.regs, args.sgprs, args.agprs, args.shared)):
            raise UserError("--config predicts threads, registers and shared memory itself; "
                            "give either --config or --threads/--regs/--shared, not both")
        from perfmodel.problem import TileConfig, make_problem
        from perfmodel.resources import predict_resources

        cfg = TileConfig.parse(args.config)
        problem = make_problem(M=args.m, N=args.n, K=args.k, dtype=args.dtype)
        res = predict_resources(spec, problem, cfg)
        occ = occupancy(spec, res.threads_per_block, res.regs_per_thread, res.smem_bytes)
        source = res
    else:
        missing = [f for f, v in (("--threads", args.threads), ("--regs", args.regs)) if v is None]
        if missing:
            raise UserError(f"perfmodel occupancy: {' and '.join(missing)} required (or --config)")
        occ = occupancy(spec, args.threads, args.regs, args.shared or 0, sgprs=args.sgprs, agprs=args.agprs)
    if args.json:
        out = occ.model_dump()
        if source is not None:
            out["resources"] = source.model_dump()
        print(json.dumps(out, indent=2))
        return 0
    unit = "workgroups per CU" if spec.is_amd_like else "blocks per SM"
    if source is not None:
        print(f"{args.config} on {spec.id} ({args.dtype}, M={args.m} N={args.n} K={args.k}): predicted "
              f"{source.threads_per_block} threads, {source.regs_per_thread} registers/thread, "
              f"{source.smem_bytes} B shared ({source.rule})")
    print(f"{spec.name}: {unit} {occ.blocks_per_sm}, "
          f"{'waves per CU' if spec.is_amd_like else 'warps per SM'} {occ.warps_per_sm}"
          + (f" (waves per SIMD {occ.waves_per_simd:g})" if occ.waves_per_simd is not None else "")
          + f", occupancy {occ.occupancy:.0%}, limited by {occ.limiter}")
    rows = [("limit", unit)] + [(k, str(v)) for k, v in occ.limits.items()]
    _print_table(rows)
    return 0



# ---------------------------------------------------------------------------------------
# rank / predict / compare
# ---------------------------------------------------------------------------------------


def _problem_from(args):
    from perfmodel.problem import make_problem

    for name in ("m", "n", "k"):
        v = getattr(args, name)
        if v is None:
            raise UserError(f"--{name} is required (a positive whole number)")
    return make_problem(M=args.m, N=args.n, K=args.k, dtype=args.dtype)


def _read_configs(path: str):
    from pathlib import Path

    from perfmodel.rank import validate_configs

    p = Path(path)
    if not p.exists():
        raise UserError(f"--configs {path}: no such file")
    if p.is_dir():
        raise UserError(f"--configs {path}: is a directory, expected a JSON file")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UserError(f"--configs {path}: cannot read ({e.__class__.__name__})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise UserError(f"--configs {path}: not valid JSON ({e.msg} at line {e.lineno})") from None
    return validate_configs(data)


def _rank(args) -> int:
    from perfmodel.rank import rank

    spec = load_hardware(args.hw)
    problem = _problem_from(args)
    if args.top is not None and args.top < 1:
        raise UserError(f"--top must be at least 1, got {args.top}")
    configs = _read_configs(args.configs) if args.configs else None
    ranking = rank(spec, problem, configs)
    if len(ranking) == 0:
        raise UserError(f"none of the {ranking.n_considered} configs fits on {spec.id} for {problem}")
    top = ranking.top(args.top or (len(ranking) if args.json and args.configs else 10))
    sens = None
    if args.sensitivity:
        from perfmodel.sensitivity import sensitivity

        sens = sensitivity(spec, problem, configs)
    if args.json:
        out = [r.as_json() for r in top]
        if sens is None:
            print(json.dumps(out, indent=2))
        else:
            print(json.dumps({"ranking": out, "sensitivity": _sens_json(sens)}, indent=2))
        return 0
    from perfmodel.roofline import roofline

    rl = roofline(spec, problem)
    print(f"{spec.name}, {problem}: {len(ranking)} of {ranking.n_considered} configs fit; "
          f"compute path {rl.compute_path} ({rl.instruction}), peak {rl.peak_ops_per_s / 1e12:.0f} TFLOP/s, "
          f"floor {rl.floor_s * 1e3:.4f} ms")
    rows = [("#", "config", "predicted ms", "TFLOP/s", "% peak", "bound", "limiter", "blocks/SM")]
    for i, r in enumerate(top, 1):
        rows.append((str(i), r.config.name, f"{r.predicted_ms:.4f}", f"{r.tflops:.0f}",
                     f"{problem.flops / (r.predicted_ms * 1e-3) / rl.peak_ops_per_s:.0%}", r.bound, r.limiter,
                     str(r.blocks_per_sm)))
    _print_table(rows)
    if problem.alignment != "all":
        _print_padding_note(spec, problem, configs, top[0].predicted_ms)
    if ranking.estimated:
        print(f"estimated inputs (no measurement on this device): {', '.join(ranking.estimated)}")
    spec_est = [p for p, q in iter_quantities(spec) if q.confidence.value == "estimated"]
    if spec_est:
        print(f"estimated spec numbers: {len(spec_est)} (see 'perfmodel hardware show {spec.id}'); "
              f"'--sensitivity' shows how much the pick depends on them")
    if sens is not None:
        _print_sensitivity(sens)
    return 0


def _print_padding_note(spec, problem, configs, best_ms: float) -> None:
    """K or N not a multiple of 16: say what zero-padding them would buy, by the same model.
    Measured: on the six shapes with only K or only N aligned (validation/data/h200/padded.jsonl
    against mixed.jsonl) padding ran 1.8-3.8x faster where the model predicted 1.4-1.7x, so the
    note understates the gain there; on 1000^3 and 4095x4097x4093 (neither aligned, against
    1024^3 and 4096^3 of runs.jsonl, scaled by FLOPs) measured 3.5x and 6.9x, predicted 4.0x and 6.6x."""
    from perfmodel.rank import rank

    padded = problem.padded_to_16()
    best = rank(spec, padded, configs)
    if len(best) == 0:
        return
    padded_ms = best.best.predicted_ms
    what = " and ".join(f"{d} to {new}" for d, new, old in (("K", padded.K, problem.K), ("N", padded.N, problem.N))
                        if new != old)
    caveat = "; on the H200 the measured gains for such shapes were larger, see README" \
        if problem.alignment in ("k", "n") else ""
    print(f"note: {ALIGNMENT_NOTE[problem.alignment]}. Zero-padding {what} is predicted at {padded_ms:.4f} ms "
          f"with {best.best.config.name} ({best_ms / padded_ms:.1f}x the speed{caveat}).")


def _sens_json(sens):
    base, base_ms, items = sens
    return {"top1": base, "predicted_ms": base_ms,
            "perturbations": [{"input": p.name, "factor": p.factor, "top1": p.top1, "predicted_ms": p.predicted_ms,
                               "top1_changed": p.changed, "time_change_pct": p.delta_pct} for p in items]}


def _print_sensitivity(sens):
    base, base_ms, items = sens
    print(f"\nsensitivity: every estimated input x0.8 and x1.2 (one at a time, then all together); "
          f"baseline top-1 {base} at {base_ms:.4f} ms")
    if not items:
        print("  nothing is estimated for this device and dtype")
        return
    rows = [("input", "x", "top-1", "changed", "predicted ms", "change")]
    for p in items:
        rows.append((p.name, f"{p.factor:.1f}", p.top1, "yes" if p.changed else "no", f"{p.predicted_ms:.4f}",
                     f"{p.delta_pct:+.1f}%"))
    _print_table(rows)
    n = sum(p.changed for p in items)
    print(f"top-1 changed in {n} of {len(items)} perturbations; "
          f"predicted time moved by at most {max(abs(p.delta_pct) for p in items):.1f}%")


ALIGNMENT_NOTE = {"all": "K and N 16-divisible: both operands in vectors, pipelined",
                  "k": "only K 16-divisible: A in vectors, pipelined; B element-wise",
                  "n": "only N 16-divisible: B in vectors, pipelined; A element-wise",
                  "none": "K and N not 16-divisible: element-wise loads, no pipelining"}


def _predict(args) -> int:
    from perfmodel.problem import TileConfig
    from perfmodel.timing import predict

    spec = load_hardware(args.hw)
    problem = _problem_from(args)
    cfg = TileConfig.parse(args.config)
    p = predict(spec, problem, cfg)
    if args.json:
        print(json.dumps({**cfg.as_dict(), **p.model_dump(), "predicted_ms": p.predicted_ms}, indent=2))
        return 0
    if not p.time_s < float("inf"):
        raise UserError(f"{cfg.name} cannot run on {spec.id}: {p.smem_bytes} B of shared memory per block "
                        f"(the limit is {int(spec.shared_memory.max_per_block_bytes.value)}) or no block fits")
    print(f"{cfg.name} on {spec.name}, {problem}: {p.predicted_ms:.4f} ms, {p.tflops:.0f} TFLOP/s "
          f"({p.pct_of_peak:.0f}% of the {p.compute_path} peak), {p.bound}-bound")
    us = 1e6
    rows = [("term", "value", "note"),
            ("instruction", p.instruction, f"compute path {p.compute_path}"),
            ("alignment", p.alignment, ALIGNMENT_NOTE[p.alignment]),
            ("registers/thread", str(p.regs_per_thread),
             (f"{p.spilled_regs_per_thread} spilled" if p.spilled_regs_per_thread else "no spills") + f"; {p.registers_from}"),
            ("shared bytes/block", str(p.smem_bytes), ""),
            ("blocks per SM", str(p.blocks_per_sm), f"limited by {p.limiter}"),
            ("programs", str(p.programs), f"{p.waves:.2f} waves"),
            ("k-steps per program", str(p.k_steps), ""),
            ("k-step", f"{p.kstep_s * us:.3f} us",
             "max(mma, L2, latency) + leak + spills + overhead" if p.alignment == "all" else
             "max(mma, element-wise loads) + spills + overhead" if p.alignment == "none" else
             "max(mma, L2, element-wise loads) + spills + overhead"),
            ("  mma (incl. shared mem)", f"{p.mma_s_per_kstep * us:.3f} us", ""),
            ("  L2 -> SM", f"{p.l2_s_per_kstep * us:.3f} us", ""),
            ("  latency / depth" if p.alignment == "all" else "  element-wise loads", f"{p.latency_s_per_kstep * us:.3f} us",
             f"num_stages {cfg.num_stages}" if p.alignment == "all" else "one element per load, per thread or SM rate"),
            ("  spills", f"{p.spill_s_per_kstep * us:.3f} us", "local-memory traffic of spilled registers"),
            ("tile (full wave)", f"{p.tile_s * us:.2f} us", "k-steps + prologue + epilogue"),
            ("DRAM traffic", f"{p.dram_bytes / 1e6:.1f} MB", f"{p.dram_s * us:.2f} us at the DRAM bandwidth"),
            ("split-K reduction", f"{p.reduce_s * us:.2f} us", ""),
            ("launch", f"{p.launch_s * us:.2f} us", ""),
            ("roofline floor", f"{p.floor_s * us:.2f} us", "no config is faster"),
            ("total", f"{p.time_s * us:.2f} us", "")]
    _print_table(rows)
    if p.estimated:
        print(f"estimated inputs: {', '.join(p.estimated)}")
    return 0


def _compare(args) -> int:
    from perfmodel.rank import rank
    from perfmodel.roofline import roofline

    names = [h.strip() for h in args.hw.split(",") if h.strip()]
    if not names:
        raise UserError("--hw needs at least one device, e.g. --hw h100,gfx936,gfx926")
    problem = _problem_from(args)
    results = []
    for name in names:
        spec = load_hardware(name)
        r = rank(spec, problem)
        if len(r) == 0:
            raise UserError(f"no config fits on {spec.id} for {problem}")
        results.append((spec, r.best, roofline(spec, problem), r.estimated))
    if args.json:
        print(json.dumps([{"device": s.id, **b.as_json(), "compute_path": rl.compute_path,
                           "peak_tflops": rl.peak_ops_per_s / 1e12, "estimated": est} for s, b, rl, est in results],
                         indent=2))
        return 0
    rows = [("device", "best config", "ms", "TFLOP/s", "% peak", "path", "bound", "limiter", "blocks/SM", "waves/SIMD")]
    for spec, b, rl, est in results:
        waves = (f"{b.blocks_per_sm * b.config.num_warps / spec.compute.simds_per_sm.value:g}"
                 if spec.is_amd_like else "-")
        rows.append((spec.id, b.config.name, f"{b.predicted_ms:.4f}", f"{b.tflops:.0f}",
                     f"{b.tflops * 1e12 / rl.peak_ops_per_s:.0%}", rl.compute_path, b.bound, b.limiter,
                     str(b.blocks_per_sm), waves))
    print(f"{problem}: the best config per device")
    _print_table(rows)
    if len(results) > 1:
        base = results[0]
        print()
        for spec, b, rl, est in results[1:]:
            c0, c1 = base[1].config, b.config
            diffs = [f"{k} {getattr(c0, k)} -> {getattr(c1, k)}" for k in
                     ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M", "SPLIT_K")
                     if getattr(c0, k) != getattr(c1, k)]
            why = f"{spec.id} is {b.bound}-bound on its {rl.compute_path} path, residency limited by {b.limiter}"
            print(f"{base[0].id} -> {spec.id}: {', '.join(diffs) if diffs else 'same config'} ({why})")
    for spec, b, rl, est in results:
        if est:
            print(f"{spec.id}: estimated inputs: {', '.join(est)}")
    return 0


# ---------------------------------------------------------------------------------------
# validate / plots / resources-check
# ---------------------------------------------------------------------------------------


def _progress(enabled: bool):
    if not enabled:
        return None

    def show(name, i, n):
        end = "\n" if i == n else "\r"
        print(f"[validate] {name}: shape {i}/{n}", end=end, file=sys.stderr, flush=True)

    return show


def _load_runs(path):
    from validation import report

    try:
        return report.load_runs(path)
    except report.DataError as e:
        raise UserError(str(e)) from None


def _validate(args) -> int:
    from validation import report

    data = _load_runs(args.data)
    names = list(report.RANKERS) if args.ranker == "all" else [r.strip() for r in args.ranker.split(",")]
    for n in names:
        if n not in report.RANKERS:
            raise UserError(f"unknown ranker '{n}'; allowed: {', '.join(report.RANKERS)}, all")
    skipped = []
    if not report.peers_available():
        skipped = [n for n in names if n in report.NEEDS_PEERS]
        names = [n for n in names if n not in report.NEEDS_PEERS]
    results = report.evaluate(data, names, progress=_progress(sys.stderr.isatty() and not args.json))
    if args.json:
        print(json.dumps({n: {"top1_geomean": r.top1_geomean, "top1_worst": r.top1_min, "top5_geomean": r.top5_geomean,
                              "spearman_median": r.spearman_median, "median_rel_err": r.rel_err_median,
                              "per_shape": [{"shape": s.shape.label(), "family": s.shape.family, "top1": s.top1,
                                             "top5": s.top5, "spearman": s.spearman, "rel_err": s.median_rel_err,
                                             "pick": s.pick} for s in r.scores]}
                          for n, r in results.items()}, indent=2, default=lambda v: None))
    else:
        print(report.text_table(report.summary_table(results, data)))
        if args.per_shape:
            print()
            print(report.text_table(report.per_shape_table(results, data)))
    for n in skipped:
        print(f"({n} skipped: nvidia-matmul-heuristics is not installed; pip install '.[peers]')", file=sys.stderr)
    if args.markdown:
        report.write_markdown(Path(args.markdown), results, data)
        print(f"wrote {args.markdown}", file=sys.stderr)
    if args.plots:
        d = Path(args.plots)
        d.mkdir(parents=True, exist_ok=True)
        if "perfmodel" in results:
            report.plot_predicted_vs_measured(results, data).savefig(d / "predicted_vs_measured.png", dpi=120)
        report.plot_efficiency(results, data).savefig(d / "efficiency_per_shape.png", dpi=120)
        print(f"wrote plots to {d}", file=sys.stderr)
    return 0


def _check_output(path: str) -> Path:
    p = Path(path)
    if p.suffix.lower() not in (".png", ".pdf", ".svg"):
        raise UserError(f"-o {path}: the file must end in .png, .pdf or .svg")
    if p.exists() and p.is_dir():
        raise UserError(f"-o {path}: is a directory")
    if not p.parent.exists():
        raise UserError(f"-o {path}: the folder {p.parent} does not exist")
    return p


def _plot(args) -> int:
    from perfmodel import plots

    out = _check_output(args.output)
    if args.what == "occupancy":
        names = [h.strip() for h in (args.hw or "").split(",") if h.strip()]
        if not names:
            raise UserError("perfmodel plot occupancy: --hw is required (e.g. --hw gfx926,gfx936,h100)")
        specs = [load_hardware(n) for n in names]
        kernels = []
        for spec in specs:
            if args.config:
                from perfmodel.problem import TileConfig, make_problem
                from perfmodel.resources import predict_resources

                res = predict_resources(spec, make_problem(M=args.m or 4096, N=args.n or 4096, K=args.k or 4096,
                                                           dtype=args.dtype), TileConfig.parse(args.config))
                kernels.append((res.threads_per_block, res.regs_per_thread, res.smem_bytes))
            else:
                threads = args.threads or 4 * spec.warp_size
                kernels.append((threads, args.regs if args.regs is not None else 64, args.shared or 0))
        fig = plots.occupancy_curves(specs, kernels)
    elif args.what == "roofline":
        from perfmodel.rank import rank
        from perfmodel.roofline import roofline

        if not args.hw or "," in args.hw:
            raise UserError("perfmodel plot roofline: --hw takes one device")
        spec = load_hardware(args.hw)
        problem = _problem_from(args)
        fig = plots.roofline_plot(spec, problem, roofline(spec, problem), rank(spec, problem))
    else:
        from validation import report

        data = _load_runs(args.data)
        results = report.evaluate(data, ["perfmodel"])
        fig = report.plot_predicted_vs_measured(results, data)
    fig.savefig(out, dpi=120)
    print(f"wrote {out}", file=sys.stderr)
    return 0


def _resources_check(args) -> int:
    from perfmodel import resources

    from perfmodel.spec import SpecError

    for path in args.data:
        if not Path(path).is_file():
            raise SpecError(f"{path}: no such file (a compile_sweep.jsonl from validation/compile_sweep.py "
                            "or an H200 runs.jsonl from validation/device_sweep.py)")
    try:
        return resources.main(list(args.data) + (["--json"] if args.json else []))
    except (json.JSONDecodeError, KeyError) as e:
        raise SpecError(f"{' '.join(args.data)}: not a compile sweep or runs file ({e.__class__.__name__}: {e})") from None


# ---------------------------------------------------------------------------------------
# entry point
# ---------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="perfmodel",
        description="Which tile config should this GEMM use on this GPU, and why.",
        epilog="example: perfmodel hardware show h200",
    )
    p.add_argument("--version", action="version", version=f"perfmodel {__version__}")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    hw = sub.add_parser("hardware", help="list the known devices or show one spec",
                        epilog="examples: perfmodel hardware list; perfmodel hardware show gfx936 --json")
    hw_sub = hw.add_subparsers(dest="hw_command", metavar="ACTION", parser_class=_Parser)
    hw.set_defaults(func=_missing_action("perfmodel hardware", "list, show"))
    hl = hw_sub.add_parser("list", help="ids, names and aliases of the bundled devices",
                           epilog="example: perfmodel hardware list --json")
    hl.add_argument("--json", action="store_true")
    hl.set_defaults(func=_hardware_list)
    hs = hw_sub.add_parser("show", help="every quantity with value, unit, source and confidence",
                           epilog="example: perfmodel hardware show k100")
    hs.add_argument("name", help="device id, alias, target name, or path to a .yaml file")
    hs.add_argument("--json", action="store_true")
    hs.set_defaults(func=_hardware_show)

    def problem_args(sp, required=True, default=None):
        note = f" (default {default})" if default is not None else ""
        sp.add_argument("--m", type=int, required=required, default=default, help="rows of A and C" + note)
        sp.add_argument("--n", type=int, required=required, default=default, help="columns of B and C" + note)
        sp.add_argument("--k", type=int, required=required, default=default, help="the reduced dimension" + note)
        sp.add_argument("--dtype", default="fp16", help="fp16 (default), bf16, fp32, tf32, fp64, int8, fp8")

    oc = sub.add_parser(
        "occupancy", help="residency of one kernel: blocks/waves per SM or CU and the limiter",
        epilog="examples: perfmodel occupancy --hw h200 --threads 256 --regs 128 --shared 98304; "
               "perfmodel occupancy --hw gfx936 --threads 256 --regs 96 --sgprs 40 --shared 32768; "
               "perfmodel occupancy --hw gfx942 --config 128x128x64_w4_s2 --dtype fp16")
    oc.add_argument("--hw", required=True, help="device id, alias or .yaml path")
    oc.add_argument("--threads", type=int, help="threads per block (workgroup size)")
    oc.add_argument("--regs", type=int, help="registers per thread (VGPRs on AMD)")
    oc.add_argument("--sgprs", type=int, help="SGPRs per wave (AMD/Hygon)")
    oc.add_argument("--agprs", type=int, help="AGPRs per wave (AMD gfx908/gfx90a/gfx942)")
    oc.add_argument("--shared", type=int, help="shared memory / LDS bytes per block")
    oc.add_argument("--config", help="a bundled-GEMM tile config, e.g. 128x128x64_w4_s3_g8; resources are predicted")
    problem_args(oc, required=False, default=4096)  # the problem a --config is predicted for
    oc.add_argument("--json", action="store_true")
    oc.set_defaults(func=_occupancy)

    rk = sub.add_parser(
        "rank", help="rank tile configs for a GEMM by predicted time (the main job)",
        epilog="examples: perfmodel rank --hw h200 --m 4096 --n 4096 --k 4096 --dtype fp16 --top 5; "
               "perfmodel rank --hw h200 --m 16 --n 6144 --k 4096 --configs my_configs.json --json; "
               "perfmodel rank --hw gfx936 --m 4096 --n 4096 --k 4096 --dtype bf16 --sensitivity")
    rk.add_argument("--hw", required=True, help="device id, alias or .yaml path")
    problem_args(rk)
    rk.add_argument("--configs", help="JSON list of config objects (BLOCK_M, BLOCK_N, BLOCK_K, num_warps, "
                                      "num_stages, GROUP_M, optional SPLIT_K); default: the built-in space")
    rk.add_argument("--top", type=int, help="how many to print (default 10)")
    rk.add_argument("--json", action="store_true", help="a JSON list, fastest first")
    rk.add_argument("--sensitivity", action="store_true", help="perturb every estimated input by +-20%% and report the pick's stability")
    rk.set_defaults(func=_rank)

    pr = sub.add_parser("predict", help="explain one config's predicted time term by term",
                        epilog="example: perfmodel predict --hw h200 --m 4096 --n 4096 --k 4096 --dtype fp16 --config 128x256x64_w8_s4_g8")
    pr.add_argument("--hw", required=True)
    problem_args(pr)
    pr.add_argument("--config", required=True, help="BMxBNxBK_wW_sS[_gG][_kK], e.g. 128x128x64_w4_s3_g8")
    pr.add_argument("--json", action="store_true")
    pr.set_defaults(func=_predict)

    cp = sub.add_parser("compare", help="the best config per device side by side",
                        epilog="example: perfmodel compare --hw h100,gfx936,gfx926 --m 8192 --n 8192 --k 8192 --dtype fp16")
    cp.add_argument("--hw", required=True, help="comma-separated devices")
    problem_args(cp)
    cp.add_argument("--json", action="store_true")
    cp.set_defaults(func=_compare)

    va = sub.add_parser("validate", help="score rankers against recorded GPU runs (CPU only)",
                        epilog="examples: perfmodel validate; perfmodel validate --ranker perfmodel,tutorial --per-shape; "
                               "perfmodel validate --markdown report.md --plots figs/")
    va.add_argument("--data", help="runs .jsonl (default: validation/data/h200/runs.jsonl)")
    va.add_argument("--ranker", default="all", help="comma-separated: perfmodel, default, tutorial, nvmh-top1, nvmh-top8, nvmh-model, or all")
    va.add_argument("--per-shape", action="store_true", help="also print top-1 efficiency per shape")
    va.add_argument("--markdown", help="write the tables to this markdown file")
    va.add_argument("--plots", help="write predicted-vs-measured and efficiency PNGs to this folder")
    va.add_argument("--json", action="store_true")
    va.set_defaults(func=_validate)

    pl = sub.add_parser("plot", help="figures: occupancy curves, roofline, predicted vs measured",
                        epilog="examples: perfmodel plot occupancy --hw gfx926,gfx936,h100 --config 128x128x64_w4_s3 -o occ.png; "
                               "perfmodel plot roofline --hw h200 --m 4096 --n 4096 --k 4096 -o roof.png; "
                               "perfmodel plot validation -o val.png")
    pl.add_argument("what", choices=["occupancy", "roofline", "validation"])
    pl.add_argument("-o", "--output", required=True, help="output file (.png, .pdf or .svg)")
    pl.add_argument("--hw", help="device(s)")
    pl.add_argument("--m", type=int)
    pl.add_argument("--n", type=int)
    pl.add_argument("--k", type=int)
    pl.add_argument("--dtype", default="fp16")
    pl.add_argument("--config", help="occupancy: mark this bundled-GEMM config (resources predicted)")
    pl.add_argument("--threads", type=int)
    pl.add_argument("--regs", type=int)
    pl.add_argument("--shared", type=int)
    pl.add_argument("--data", help="validation: runs .jsonl")
    pl.set_defaults(func=_plot)

    rc = sub.add_parser("resources-check", help="print how often the resource rules match recorded compiles",
                        epilog="examples: perfmodel resources-check; "
                               "perfmodel resources-check validation/data/h200/runs.jsonl")
    rc.add_argument("data", nargs="*", help="compile sweeps or H200 runs.jsonl files (default: the committed compile "
                                            "sweeps, validation/data/compile/compile_sweep*.jsonl)")
    rc.add_argument("--json", action="store_true")
    rc.set_defaults(func=_resources_check)
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        func = getattr(args, "func", None)
        if func is None:
            raise UserError("perfmodel: a command is required: " + _commands_line(parser) + " (see 'perfmodel --help')")
        return func(args)
    except (SpecError, UserError) as e:
        if debug:
            raise
        msg = str(e)
        if not msg.startswith("perfmodel"):
            msg = f"perfmodel: error: {msg}"
        elif ": error:" not in msg:
            msg = msg.replace(": ", ": error: ", 1)
        print(msg.splitlines()[0] if msg else "perfmodel: error", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug, not the user's mistake: still one line unless --debug
        if debug:
            raise
        print(f"perfmodel: internal error: {type(e).__name__}: {e} (rerun with --debug for the traceback)",
              file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        print("perfmodel: interrupted", file=sys.stderr)
        return 130


def _missing_action(prog: str, actions: str):
    def fail(args) -> int:
        raise UserError(f"{prog}: an action is required: {actions} (see '{prog} --help')")

    return fail


def _commands_line(parser: argparse.ArgumentParser) -> str:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return ", ".join(action.choices)
    return ""


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
