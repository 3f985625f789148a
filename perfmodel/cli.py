"""The `perfmodel` command.

Every user mistake (unknown device, malformed file, impossible numbers, bad flags) ends in
one line on stderr starting with `perfmodel: error:` and exit code 2; `--debug` shows the
traceback instead. Tables go to stdout; `--json` prints machine-readable output.
"""

from __future__ import annotations

import argparse
import json
import sys

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
    if unit in ("bytes",) and v >= 1024:
        for div, name in ((2**30, "GiB"), (2**20, "MiB"), (2**10, "KiB")):
            if v >= div and v % (div // 1024 if div > 1024 else 1) == 0:
                return f"{v / div:g} {name}"
    if unit in ("hz", "bytes_per_s", "ops_per_s") and v >= 1e6:
        for div, pre in ((1e12, "T"), (1e9, "G"), (1e6, "M")):
            if v >= div:
                u = {"hz": "Hz", "bytes_per_s": "B/s", "ops_per_s": "OP/s"}[unit]
                return f"{v / div:.4g} {pre}{u}"
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return f"{v:g} {unit}" if isinstance(v, float) else f"{v} {unit}"


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
    print(f"{spec.name}: {occ.blocks_per_sm} {unit}, {occ.warps_per_sm} "
          f"{'waves per CU' if spec.is_amd_like else 'warps per SM'}"
          + (f" ({occ.waves_per_simd:g} waves per SIMD)" if occ.waves_per_simd is not None else "")
          + f", occupancy {occ.occupancy:.0%}, limited by {occ.limiter}")
    rows = [("limit", unit)] + [(k, str(v)) for k, v in occ.limits.items()]
    _print_table(rows)
    return 0


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
    oc.add_argument("--dtype", default="fp16", help="with --config (default fp16)")
    oc.add_argument("--m", type=int, default=4096, help="with --config (default 4096)")
    oc.add_argument("--n", type=int, default=4096, help="with --config (default 4096)")
    oc.add_argument("--k", type=int, default=4096, help="with --config (default 4096)")
    oc.add_argument("--json", action="store_true")
    oc.set_defaults(func=_occupancy)
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
