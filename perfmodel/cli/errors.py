"""The CLI's own user error (a bad flag or combination); model errors are perfmodel.errors'."""

from perfmodel.errors import PerfmodelError


class UserError(PerfmodelError):
    """A mistake in what the user asked for on the command line; `str()` is one line. `prog`
    names the command it concerns ("perfmodel rank") where the parser knows it."""

    def __init__(self, message: str, prog: str | None = None):
        super().__init__(message)
        self.prog = prog
