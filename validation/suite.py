"""The validation suite's shapes and configs now ship with perfmodel (perfmodel/gpu/suite.py),
so that `perfmodel sweep --suite NAME` times them on a user's GPU; this name stays for the
lab's scripts."""

from perfmodel.gpu.suite import *  # noqa: F401,F403
from perfmodel.gpu.suite import _plausible  # noqa: F401
