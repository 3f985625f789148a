"""`python -m perfmodel ...` is the `perfmodel` command."""

import sys

from perfmodel.cli import main

sys.exit(main())
