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

import sys

from perfmodel.cli.errors import UserError
from perfmodel.errors import PerfmodelError

__all__ = ["main", "UserError"]


def main(argv: list[str] | None = None) -> int:
    from perfmodel.cli.parser import build_parser, commands_line

    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        func = getattr(args, "func", None)
        if func is None:
            raise UserError("perfmodel: a command is required: " + commands_line(parser) + " (see 'perfmodel --help')")
        return func(args)
    except PerfmodelError as e:
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
