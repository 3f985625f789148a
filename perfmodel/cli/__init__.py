"""The `perfmodel` command (also `python -m perfmodel`).

Every user mistake (unknown device, malformed file, impossible numbers, bad flags) ends in
one line on stderr starting with `perfmodel: error:` and exit code 2; `--debug` shows the
traceback instead. Tables go to stdout; `--json` prints machine-readable output.

    parser      commands, flags and help
    hardware    hardware list / show
    model       rank, predict, compare, occupancy
    validation  validate, resources-check, plot
    render      tables and quantities as text;  plots: the figures
"""

from __future__ import annotations

import contextlib
import io
import sys

from perfmodel.cli.errors import UserError
from perfmodel.errors import PerfmodelError

__all__ = ["main", "UserError"]


def _prog(args) -> str:
    """`perfmodel <command>` (with the action, e.g. `perfmodel hardware show`) for error lines."""
    words = ["perfmodel", getattr(args, "command", None), getattr(args, "hw_command", None)]
    return " ".join(w for w in words if w)


def main(argv: list[str] | None = None) -> int:
    """Run one command. Its standard output is held until it has finished, so a failure never
    leaves half a table behind: errors print one line `perfmodel <command>: error: ...` and
    exit 2 (3 for a bug), `--debug` (before or after the command) shows the traceback."""
    from perfmodel.cli.parser import build_parser, commands_line

    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    parser = build_parser()
    prog = "perfmodel"
    out = io.StringIO()
    try:
        args, extra = parser.parse_known_args(argv)
        prog = _prog(args)
        if extra:
            raise UserError(f"unrecognized arguments: {' '.join(extra)} (see '{prog} --help')")
        func = getattr(args, "func", None)
        if func is None:
            raise UserError("a command is required: " + commands_line(parser) + " (see 'perfmodel --help')")
        with contextlib.redirect_stdout(out):
            rc = func(args)
    except PerfmodelError as e:
        if debug:
            raise
        line = (str(e).splitlines() or ["error"])[0]
        print(f"{getattr(e, 'prog', None) or prog}: error: {line}", file=sys.stderr)
        return 2
    except Exception as e:  # a bug, not the user's mistake: still one line unless --debug
        if debug:
            raise
        line = (f"{type(e).__name__}: {e}".splitlines() or [""])[0]
        print(f"{prog}: internal error: {line} (rerun with --debug for the traceback)", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    try:
        sys.stdout.write(out.getvalue())
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    return rc
