"""`perfmodel validate | resources-check | plot`: the model against recorded runs and compiles,
and figures."""

from __future__ import annotations

import json
import sys

from perfmodel.bundled import data_dir, datasets
from perfmodel.cli.errors import UserError
from perfmodel.cli.outputs import FIGURE_SUFFIXES, make_dir, output_dir, output_file, write_atomically
from perfmodel.cli.render import markdown, print_table, text_table
from perfmodel.hardware.registry import load_hardware


def _progress(enabled: bool):
    if not enabled:
        return None

    def show(name, i, n):
        end = "\n" if i == n else "\r"
        print(f"[validate] {name}: shape {i}/{n}", end=end, file=sys.stderr, flush=True)

    return show


def _views(arg: str) -> list[str]:
    from perfmodel.scoring.metrics import VIEWS

    names = list(VIEWS) if arg == "all" else [r.strip() for r in arg.split(",") if r.strip()]
    for n in names:
        if n not in VIEWS:
            raise UserError(f"unknown ranker '{n}'; allowed: {', '.join(VIEWS)}, all")
    if not names:
        raise UserError(f"--ranker is empty; allowed: {', '.join(VIEWS)}, all")
    return names


def note_foreign_data(spec, data) -> None:
    """Scoring one device's model on another device's runs is allowed (a what-if), but said."""
    recorded = {(h.get("gpu_name"), h.get("sm_count")) for h in data.headers if h.get("sm_count")}
    foreign = sorted(f"{name} ({sms} SMs/CUs)" for name, sms in recorded if sms != spec.sm_count)
    if foreign:
        print(f"note: {data.path.name} was recorded on {', '.join(foreign)}; {spec.id}'s file says "
              f"{spec.sm_count}: the figures score {spec.id}'s model on another GPU's runs", file=sys.stderr)


def note_drift(data) -> None:
    """Shapes whose reference config's time moved while they were timed (perfmodel.gpu.drift) are
    scored like the rest, but said: their top-1 may be the GPU's change of speed, not the model's."""
    from perfmodel.scoring.datasets import WARN_DRIFT

    moved = [f"{s.label()} ({s.drift:.2f}x)" for s in data.shapes if s.drifted]
    if moved:
        print(f"note: {len(moved)} shape(s) of {data.path.name} drifted over {WARN_DRIFT}x while timed: "
              f"{', '.join(moved[:5])}{' ...' if len(moved) > 5 else ''} (--per-shape marks them)", file=sys.stderr)


def note_eager(data) -> None:
    """Short shapes whose grouped runs were timed as eager launches (files recorded before session
    29) are scored like the rest, but said: their times can hold the host's launch time."""
    from perfmodel.scoring.datasets import EAGER_SHORT_S

    short = [s.label() for s in data.shapes if s.eager_short]
    if short:
        print(f"note: {len(short)} shape(s) of {data.path.name} ran under {EAGER_SHORT_S * 1e6:.0f} us with their grouped "
              f"runs launched eagerly, whose times can hold the host's launch time: {', '.join(short[:3])}"
              f"{' ...' if len(short) > 3 else ''} (README: Host time in short runs)", file=sys.stderr)


def validate_cmd(args) -> int:
    from perfmodel.scoring import metrics, peers, report
    from perfmodel.scoring.datasets import load_runs
    from perfmodel.scoring.rankers import NEEDS_PEERS

    spec = load_hardware(args.hw)  # passed on as the object: a calibrated file's id is not a bundled name
    markdown_path = output_file(args.markdown, "--markdown") if args.markdown else None
    plots_dir = output_dir(args.plots, "--plots") if args.plots else None
    if markdown_path is not None and plots_dir is not None and markdown_path.resolve() == plots_dir.resolve():
        raise UserError(f"--markdown and --plots both name {args.plots}: the report is a file, the plots a folder")
    data = load_runs(args.data)
    names = _views(args.ranker)
    note_foreign_data(spec, data)
    note_drift(data)
    note_eager(data)
    skipped = []
    if not peers.available():
        skipped = [n for n in names if metrics.VIEWS[n].ranker in NEEDS_PEERS]
        names = [n for n in names if n not in skipped]
    results = metrics.evaluate(data, names, spec, progress=_progress(sys.stderr.isatty() and not args.json))
    if args.json:
        print(json.dumps({n: {"top1_geomean": r.top1_geomean, "top1_worst": r.top1_min, "top5_geomean": r.top5_geomean,
                              "spearman_median": r.spearman_median, "median_rel_err": r.rel_err_median,
                              "per_shape": [{"shape": s.shape.label(), "family": s.shape.family, "top1": s.top1,
                                             "top5": s.top5, "spearman": s.spearman, "rel_err": s.median_rel_err,
                                             "pick": s.pick, "drift": s.shape.drift} for s in r.scores]}
                          for n, r in results.items()}, indent=2, default=lambda v: None))
    else:
        print(text_table(report.summary_table(results, data)))
        if args.per_shape:
            print()
            print(text_table(report.per_shape_table(results, data)))
    for n in skipped:
        print(f"({n} skipped: nvidia-matmul-heuristics is not installed; pip install 'perfmodel[peers]')", file=sys.stderr)
    figures = {}
    if plots_dir is not None:
        from perfmodel.cli import plots

        if "perfmodel" in results:
            figures["predicted_vs_measured.png"] = plots.predicted_vs_measured(results, data)
        figures["efficiency_per_shape.png"] = plots.efficiency_per_shape(results, data)
    if markdown_path is not None:
        text = _markdown_report(results, data)
        write_atomically(markdown_path, lambda tmp: tmp.write_text(text))
        print(f"wrote {markdown_path}", file=sys.stderr)
    if plots_dir is not None:
        make_dir(plots_dir)
        for name, fig in figures.items():
            write_atomically(plots_dir / name, lambda tmp, fig=fig: fig.savefig(tmp, dpi=120))
        print(f"wrote plots to {plots_dir}", file=sys.stderr)
    return 0


def _markdown_report(results, data) -> str:
    from perfmodel.scoring import report

    hdr = data.headers[-1] if data.headers else {}
    return "\n".join([
        "# perfmodel validation report",
        "",
        f"Data: `{data.path.name}` — {len(data.shapes)} shapes, {sum(len(s.runs) for s in data.shapes)} correct "
        f"grouped/split-K runs; {hdr.get('gpu_name', '?')}, driver {hdr.get('driver', '?')}, "
        f"Triton {hdr.get('triton', '?')}, torch {hdr.get('torch', '?')}, {hdr.get('date_utc', '?')}.",
        "",
        "Efficiency = best measured time over all candidates / measured time of the ranker's pick.",
        "",
        markdown(report.summary_table(results, data)),
        "",
        "## Per shape (top-1 efficiency)",
        "",
        markdown(report.per_shape_table(results, data)),
        "",
    ])


def resources_check_cmd(args) -> int:
    from perfmodel.scoring.agreement import agreement, kernels_in, total
    from perfmodel.scoring.datasets import read_rows

    names = list(args.data) or [n for n in datasets("compile") if n.startswith("compile/compile_sweep")]
    rows = [r for n in names for _, r in read_rows(n)[1]]
    device = load_hardware(args.hw)
    tables = {k: agreement(rows, k, device) for k in kernels_in(rows)}
    tables = {k: t for k, t in tables.items() if t}
    if not tables:
        raise UserError(f"{', '.join(names)}: no compile rows (a compile sweep) or runs with n_regs and smem_bytes "
                        "(a runs file)")
    if args.json:
        print(json.dumps(tables, indent=2))
        return 0

    def cells(kernel, name, d):
        ho = f"{d['held_out_regs_within_10pct'] / d['held_out_n']:.1%}" if d["held_out_n"] else "-"
        return (kernel, name, str(d["n"]), f"{d['smem_exact'] / d['n']:.1%}", f"{d['regs_within_10pct'] / d['n']:.1%}",
                str(d["held_out_n"]), ho)

    out = [("kernel", "target/class", "kernels", "shared exact", "regs within 10%", "held out", "regs within 10%")]
    for kernel, table in tables.items():
        out += [cells(kernel, name, d) for name, d in table.items()]
        out.append(cells(kernel, "all", total(table)))
    print_table(out)
    print("class: all = K and N 16-divisible, k / n = only that one, none = neither (the TMA kernel loads any\n"
          "16-byte aligned stride in bulk: always all). held out: compiles that are not the kernel's register\n"
          "table's own (another num_stages, GROUP_M 1 or bf16); registers come from the kernel's compiled table\n"
          f"where it has the config, else the linear fit. Data: {', '.join(names)} (bundled under {data_dir()}).")
    return 0


def plot_cmd(args) -> int:
    from perfmodel.cli import plots
    from perfmodel.cli.model import problem_from

    out = output_file(args.output, "-o", FIGURE_SUFFIXES)
    if args.what == "occupancy":
        fig = _occupancy_figure(args)
    elif args.what == "roofline":
        from perfmodel.arch.roofline import roofline
        from perfmodel.ranking import rank

        if not args.hw or "," in args.hw:
            raise UserError("--hw takes one device for a roofline")
        spec = load_hardware(args.hw)
        problem = problem_from(args)
        fig = plots.roofline_plot(spec, problem, roofline(spec, problem), rank(spec, problem))
    elif args.what == "tile-factors":
        if not args.hw or "," in args.hw:
            raise UserError("--hw takes one device for its tile factors")
        spec = load_hardware(args.hw)
        if spec.calibration.tile_factors is None:
            raise UserError(f"{spec.id} has no measured tile factors (perfmodel fit-tiles writes them from its sweeps)")
        fig = plots.tile_factors_plot(spec)
    else:
        from perfmodel.scoring import metrics
        from perfmodel.scoring.datasets import load_runs

        data = load_runs(args.data)
        fig = plots.predicted_vs_measured(metrics.evaluate(data, ["perfmodel"], load_hardware(args.hw or "h200")),
                                          data)
    write_atomically(out, lambda tmp: fig.savefig(tmp, dpi=120))
    print(f"wrote {out}", file=sys.stderr)
    return 0


def _occupancy_figure(args):
    """The residency curves of each device with one kernel marked, the kernel checked exactly as
    `perfmodel occupancy` checks it (a config that cannot run is refused, not drawn)."""
    from perfmodel.arch.occupancy import occupancy
    from perfmodel.cli import plots
    from perfmodel.prediction import resources_of
    from perfmodel.problem import TileConfig, make_problem

    names = [h.strip() for h in (args.hw or "").split(",") if h.strip()]
    if not names:
        raise UserError("--hw is required (e.g. --hw gfx926,gfx936,h100)")
    specs = [load_hardware(n) for n in names]
    explicit = (args.threads, args.regs, args.shared)
    if args.config and any(v is not None for v in explicit):
        raise UserError("--config predicts threads, registers and shared memory itself; "
                        "give either --config or --threads/--regs/--shared, not both")
    if not args.config and (args.threads is None or args.regs is None):
        raise UserError("the kernel to mark is required: --config, or --threads and --regs (and --shared)")
    kernels = []
    for spec in specs:
        if args.config:
            problem = make_problem(M=args.m or 4096, N=args.n or 4096, K=args.k or 4096, dtype=args.dtype,
                                   layout=args.layout)
            res = resources_of(spec, problem, TileConfig.parse(args.config))
            kernel = (res.threads_per_block, res.regs_per_thread, res.smem_bytes)
        else:
            kernel = (args.threads, args.regs, args.shared or 0)
        occupancy(spec, *kernel)  # refuses what the device cannot run, with the reason
        kernels.append(kernel)
    return plots.occupancy_curves(specs, kernels)
