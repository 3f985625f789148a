"""The `perfmodel` command line: every command, flag and help text."""

from __future__ import annotations

import argparse

from perfmodel import __version__
from perfmodel.cli import gpu, hardware, model, predict, tiles, validation
from perfmodel.cli.errors import UserError
from perfmodel.dtypes import NAMES as DTYPES
from perfmodel.layouts import NAMES as LAYOUTS
from perfmodel.names import NAME_EXAMPLE, NAME_FORM


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors that name the command, and `--debug` on every command."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        if self.prog != "perfmodel":  # the top level adds its own, with help
            self.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    def error(self, message: str):  # one line, exit 2, no usage dump
        raise UserError(f"{message} (see '{self.prog} --help')", prog=self.prog)


def _missing_action(prog: str, actions: str):
    def fail(args) -> int:
        raise UserError(f"an action is required: {actions} (see '{prog} --help')")

    return fail


def _problem_args(sp, required=True, default=None):
    note = f" (default {default})" if default is not None else ""
    sp.add_argument("--m", type=int, required=required, default=default, help="rows of A and C" + note)
    sp.add_argument("--n", type=int, required=required, default=default, help="columns of B and C" + note)
    sp.add_argument("--k", type=int, required=required, default=default, help="the reduced dimension" + note)
    sp.add_argument("--dtype", default="fp16", help=f"one of {', '.join(DTYPES)} (default fp16)")
    _layout_arg(sp)


def _layout_arg(sp):
    sp.add_argument("--layout", default="nn", help=f"how A and B are stored: {', '.join(LAYOUTS)} (nt: B stored N x K, as torch.nn.Linear's weight; default nn)")


def _kernels_arg(sp):
    from perfmodel.kernels.registry import names

    sp.add_argument("--kernels", help=f"comma-separated kernels to draw configs from: {', '.join(names())} "
                                      "(default: every kernel that can run the problem on the device)")


CONFIG_HELP = f"{NAME_FORM}, e.g. {NAME_EXAMPLE} or tma:{NAME_EXAMPLE}"


def _hardware(sub):
    hw = sub.add_parser("hardware", help="list the known devices or show one spec",
                        epilog="examples: perfmodel hardware list; perfmodel hardware show gfx936 --json")
    hw_sub = hw.add_subparsers(dest="hw_command", metavar="ACTION", parser_class=Parser)
    hw.set_defaults(func=_missing_action("perfmodel hardware", "list, show"))
    hl = hw_sub.add_parser("list", help="ids, names and aliases of the bundled devices",
                           epilog="example: perfmodel hardware list --json")
    hl.add_argument("--json", action="store_true", help="a JSON list of devices")
    hl.set_defaults(func=hardware.hardware_list)
    hs = hw_sub.add_parser("show", help="every quantity with value, unit, source and confidence",
                           epilog="example: perfmodel hardware show k100")
    hs.add_argument("name", help="device id, alias, target name, or path to a .yaml file")
    hs.add_argument("--json", action="store_true", help="the spec as JSON, derived numbers with their formulas")
    hs.set_defaults(func=hardware.hardware_show)


def _model_commands(sub):
    _occupancy_command(sub)
    _rank_commands(sub)
    _table_command(sub)


def _occupancy_command(sub):
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
    oc.add_argument("--config", help=f"a bundled-kernel config, {CONFIG_HELP}; resources are predicted")
    _problem_args(oc, required=False, default=4096)  # the problem a --config is predicted for
    oc.add_argument("--json", action="store_true", help="residency (and predicted resources) as JSON")
    oc.set_defaults(func=model.occupancy_cmd)


def _rank_commands(sub):
    rk = sub.add_parser(
        "rank", help="rank kernels and tile configs for a GEMM by predicted time (the main job)",
        epilog="examples: perfmodel rank --hw h200 --m 4096 --n 4096 --k 4096 --dtype fp16 --top 5; "
               "perfmodel rank --hw h200 --m 16 --n 6144 --k 4096 --configs my_configs.json --json; "
               "perfmodel rank --hw h200 --m 1000 --n 1000 --k 1000 --kernels grouped,tma; "
               "perfmodel rank --hw h200 --m 4096 --n 14336 --k 4096 --dtype fp8 --layout nt --kernels persistent; "
               "perfmodel rank --hw gfx936 --m 4096 --n 4096 --k 4096 --dtype bf16 --sensitivity")
    rk.add_argument("--hw", required=True, help="device id, alias or .yaml path")
    _problem_args(rk)
    rk.add_argument("--configs", help="JSON list of config objects (BLOCK_M, BLOCK_N, BLOCK_K, num_warps, "
                                      "num_stages, GROUP_M, optional SPLIT_K and kernel); default: the built-in spaces")
    _kernels_arg(rk)
    rk.add_argument("--top", type=int, help="how many to print (default 10)")
    rk.add_argument("--json", action="store_true", help="a JSON list, fastest first")
    rk.add_argument("--sensitivity", action="store_true",
                    help="perturb every estimated input by +-20%% and report the pick's stability")
    rk.set_defaults(func=model.rank_cmd)

    pr = sub.add_parser("predict", help="explain one config's predicted time term by term",
                        epilog="examples: perfmodel predict --hw h200 --m 4096 --n 4096 --k 4096 --dtype fp16 "
                               "--config 128x256x64_w8_s4_g8; perfmodel predict --hw h200 --m 1000 --n 1000 --k 1000 "
                               "--config tma:128x128x64_w4_s3")
    pr.add_argument("--hw", required=True, help="device id, alias or .yaml path")
    _problem_args(pr)
    pr.add_argument("--config", required=True, help=CONFIG_HELP)
    pr.add_argument("--json", action="store_true", help="every term as JSON")
    pr.set_defaults(func=predict.predict_cmd)

    cp = sub.add_parser("compare", help="the best kernel and config per device side by side",
                        epilog="example: perfmodel compare --hw h100,gfx936,gfx926 --m 8192 --n 8192 --k 8192 --dtype fp16")
    cp.add_argument("--hw", required=True, help="comma-separated devices")
    _problem_args(cp)
    _kernels_arg(cp)
    cp.add_argument("--json", action="store_true", help="the best config per device as JSON")
    cp.set_defaults(func=model.compare_cmd)


def _table_command(sub):
    tb = sub.add_parser("table", help="the best config per M as a serving engine's tuned-config JSON (vLLM's format)",
                        epilog="example: perfmodel table --hw gfx936 --n 4096 --k 4096 --dtype bf16 --m 1,16,256,4096 "
                               "-o E=1,N=4096,device_name=BW.json")
    tb.add_argument("--hw", required=True, help="device id, alias or .yaml path")
    tb.add_argument("--n", type=int, required=True, help="columns of B and C (the layer's output features)")
    tb.add_argument("--k", type=int, required=True, help="the reduced dimension (the layer's input features)")
    tb.add_argument("--dtype", default="fp16", help=f"one of {', '.join(DTYPES)} (default fp16)")
    _layout_arg(tb)
    tb.add_argument("--m", help="comma-separated token counts M (default 1, 2, 4, ..., 4096)")
    tb.add_argument("--kernel", default="grouped", help="the kernel the engine runs (default grouped)")
    tb.add_argument("--top-k", type=int, default=1, help="write the best K configs per M (a list), for a short autotune")
    tb.add_argument("-o", "--output", help="the .json file to write (default: print it)")
    tb.set_defaults(func=model.table_cmd)


def _validation_commands(sub):
    from perfmodel.scoring.metrics import VIEWS
    from perfmodel.scoring.tile_fit import MIN_RUNS, MIN_SHAPES

    va = sub.add_parser("validate", help="score rankers against recorded GPU runs (CPU only)",
                        epilog="examples: perfmodel validate; perfmodel validate --data h200/holdout; "
                               "perfmodel validate --ranker perfmodel,perfmodel:tma --per-shape; "
                               "perfmodel validate --markdown report.md --plots figs/")
    va.add_argument("--data", help="a bundled dataset (h200/runs, h200/holdout, h200/mixed, h200/padded, h200/repeat) "
                                   "or a runs .jsonl file (default h200/runs)")
    va.add_argument("--hw", default="h200", help="the device the runs were recorded on (default h200)")
    va.add_argument("--ranker", default="all", help=f"comma-separated: {', '.join(VIEWS)}, or all (default)")
    va.add_argument("--per-shape", action="store_true", help="also print top-1 efficiency per shape")
    va.add_argument("--markdown", help="write the tables to this markdown file")
    va.add_argument("--plots", help="write predicted-vs-measured and efficiency PNGs to this folder")
    va.add_argument("--json", action="store_true", help="every score as JSON")
    va.set_defaults(func=validation.validate_cmd)

    pl = sub.add_parser("plot", help="figures: occupancy curves, roofline, predicted vs measured",
                        epilog="examples: perfmodel plot occupancy --hw gfx926,gfx936,h100 --config 128x128x64_w4_s3 "
                               "-o occ.png; perfmodel plot roofline --hw h200 --m 4096 --n 4096 --k 4096 -o roof.png; "
                               "perfmodel plot validation -o val.png; perfmodel plot tile-factors --hw h200 -o tf.png")
    pl.add_argument("what", choices=["occupancy", "roofline", "validation", "tile-factors"], help="which figure")
    pl.add_argument("-o", "--output", required=True, help="output file (.png, .pdf or .svg)")
    pl.add_argument("--hw", help="device(s): comma-separated for occupancy, one for roofline and tile-factors")
    pl.add_argument("--m", type=int, help="rows of A and C (roofline; occupancy with --config, default 4096)")
    pl.add_argument("--n", type=int, help="columns of B and C")
    pl.add_argument("--k", type=int, help="the reduced dimension")
    pl.add_argument("--dtype", default="fp16", help=f"one of {', '.join(DTYPES)} (default fp16)")
    _layout_arg(pl)
    pl.add_argument("--config", help=f"occupancy: mark this config ({CONFIG_HELP}; resources predicted)")
    pl.add_argument("--threads", type=int, help="occupancy: threads per block of the marked kernel")
    pl.add_argument("--regs", type=int, help="occupancy: registers per thread of the marked kernel")
    pl.add_argument("--shared", type=int, help="occupancy: shared bytes per block of the marked kernel")
    pl.add_argument("--data", help="validation: a bundled dataset or runs .jsonl (default h200/runs)")
    pl.set_defaults(func=validation.plot_cmd)

    rc = sub.add_parser("resources-check", help="how often the resource rules match recorded compiles",
                        epilog="examples: perfmodel resources-check; perfmodel resources-check h200/runs")
    rc.add_argument("data", nargs="*", help="compile sweeps or runs files: bundled names (compile/compile_sweep, "
                                            "h200/runs, ...) or .jsonl paths (default: every bundled compile sweep)")
    rc.add_argument("--hw", default="h200", help="the device runs files were recorded on (default h200)")
    rc.add_argument("--json", action="store_true", help="the counts per kernel and target/class as JSON")
    rc.set_defaults(func=validation.resources_check_cmd)

    ft = sub.add_parser("fit-tiles", help="fit a device's measured tile factors on its recorded sweeps (CPU only)",
                        epilog="examples: perfmodel fit-tiles --hw my-gpu.yaml --data runs.jsonl,more.jsonl "
                               "-o my-gpu-tiles.yaml; then perfmodel rank --hw my-gpu-tiles.yaml ...")
    ft.add_argument("--hw", required=True, help="the device the runs were recorded on (bundled name or .yaml)")
    ft.add_argument("--data", required=True, help="comma-separated runs files of `perfmodel sweep` (or bundled names)")
    ft.add_argument("-o", "--output", help="the device file to write (.yaml; default <id>-tiles.yaml)")
    ft.add_argument("--min-runs", type=int, default=MIN_RUNS, help=f"fewest runs a tile class needs (default {MIN_RUNS})")
    ft.add_argument("--min-shapes", type=int, default=MIN_SHAPES,
                    help=f"fewest shapes those runs come from (default {MIN_SHAPES})")
    ft.set_defaults(func=tiles.fit_tiles_cmd)


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="perfmodel", description="Which kernel and tile config should this GEMM use on this GPU, and why.",
               epilog="example: perfmodel rank --hw h200 --m 4096 --n 4096 --k 4096 --dtype fp16 --top 5")
    p.add_argument("--version", action="version", version=f"perfmodel {__version__}")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    _hardware(sub)
    _model_commands(sub)
    _validation_commands(sub)
    gpu.add_parsers(sub)
    return p


def commands_line(parser: argparse.ArgumentParser) -> str:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return ", ".join(action.choices)
    return ""
