"""`perfmodel validate | resources-check | plot`: the model against recorded runs and compiles,
and figures."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from perfmodel.bundled import data_dir, datasets
from perfmodel.cli.errors import UserError
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
    return names


def validate_cmd(args) -> int:
    from perfmodel.scoring import metrics, peers, report
    from perfmodel.scoring.datasets import load_runs
    from perfmodel.scoring.rankers import NEEDS_PEERS

    hw = load_hardware(args.hw).id
    data = load_runs(args.data)
    names = _views(args.ranker)
    skipped = []
    if not peers.available():
        skipped = [n for n in names if metrics.VIEWS[n].ranker in NEEDS_PEERS]
        names = [n for n in names if n not in skipped]
    results = metrics.evaluate(data, names, hw, progress=_progress(sys.stderr.isatty() and not args.json))
    if args.json:
        print(json.dumps({n: {"top1_geomean": r.top1_geomean, "top1_worst": r.top1_min, "top5_geomean": r.top5_geomean,
                              "spearman_median": r.spearman_median, "median_rel_err": r.rel_err_median,
                              "per_shape": [{"shape": s.shape.label(), "family": s.shape.family, "top1": s.top1,
                                             "top5": s.top5, "spearman": s.spearman, "rel_err": s.median_rel_err,
                                             "pick": s.pick} for s in r.scores]}
                          for n, r in results.items()}, indent=2, default=lambda v: None))
    else:
        print(text_table(report.summary_table(results, data)))
        if args.per_shape:
            print()
            print(text_table(report.per_shape_table(results, data)))
    for n in skipped:
        print(f"({n} skipped: nvidia-matmul-heuristics is not installed; pip install 'perfmodel[peers]')", file=sys.stderr)
    if args.markdown:
        Path(args.markdown).write_text(_markdown_report(results, data))
        print(f"wrote {args.markdown}", file=sys.stderr)
    if args.plots:
        from perfmodel.cli import plots

        d = Path(args.plots)
        d.mkdir(parents=True, exist_ok=True)
        if "perfmodel" in results:
            plots.predicted_vs_measured(results, data).savefig(d / "predicted_vs_measured.png", dpi=120)
        plots.efficiency_per_shape(results, data).savefig(d / "efficiency_per_shape.png", dpi=120)
        print(f"wrote plots to {d}", file=sys.stderr)
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


def _read_jsonl(name: str) -> list[dict]:
    from perfmodel.bundled import resolve_dataset

    path = resolve_dataset(name)
    try:
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise UserError(f"{name}: not a compile sweep or runs file ({e.__class__.__name__}: {e})") from None


def resources_check_cmd(args) -> int:
    from perfmodel.scoring.agreement import agreement, kernels_in, total

    names = list(args.data) or [n for n in datasets("compile") if n.startswith("compile/compile_sweep")]
    rows = [r for n in names for r in _read_jsonl(n)]
    device = load_hardware(args.hw).id
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


def _check_output(path: str) -> Path:
    p = Path(path)
    if p.suffix.lower() not in (".png", ".pdf", ".svg"):
        raise UserError(f"-o {path}: the file must end in .png, .pdf or .svg")
    if p.exists() and p.is_dir():
        raise UserError(f"-o {path}: is a directory")
    if not p.parent.exists():
        raise UserError(f"-o {path}: the folder {p.parent} does not exist")
    return p


def plot_cmd(args) -> int:
    from perfmodel.cli import plots
    from perfmodel.cli.model import problem_from

    out = _check_output(args.output)
    if args.what == "occupancy":
        fig = _occupancy_figure(args)
    elif args.what == "roofline":
        from perfmodel.arch.roofline import roofline
        from perfmodel.ranking import rank

        if not args.hw or "," in args.hw:
            raise UserError("perfmodel plot roofline: --hw takes one device")
        spec = load_hardware(args.hw)
        problem = problem_from(args)
        fig = plots.roofline_plot(spec, problem, roofline(spec, problem), rank(spec, problem))
    else:
        from perfmodel.scoring import metrics
        from perfmodel.scoring.datasets import load_runs

        data = load_runs(args.data)
        fig = plots.predicted_vs_measured(metrics.evaluate(data, ["perfmodel"], load_hardware(args.hw or "h200").id),
                                          data)
    fig.savefig(out, dpi=120)
    print(f"wrote {out}", file=sys.stderr)
    return 0


def _occupancy_figure(args):
    from perfmodel.cli import plots
    from perfmodel.prediction import resources_of
    from perfmodel.problem import TileConfig, make_problem

    names = [h.strip() for h in (args.hw or "").split(",") if h.strip()]
    if not names:
        raise UserError("perfmodel plot occupancy: --hw is required (e.g. --hw gfx926,gfx936,h100)")
    specs = [load_hardware(n) for n in names]
    kernels = []
    for spec in specs:
        if args.config:
            res = resources_of(spec, make_problem(M=args.m or 4096, N=args.n or 4096, K=args.k or 4096,
                                                  dtype=args.dtype), TileConfig.parse(args.config))
            kernels.append((res.threads_per_block, res.regs_per_thread, res.smem_bytes))
        else:
            threads = args.threads or 4 * spec.warp_size
            kernels.append((threads, args.regs if args.regs is not None else 64, args.shared or 0))
    return plots.occupancy_curves(specs, kernels)
