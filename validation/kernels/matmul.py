"""The bundled Triton GEMM kernels now ship with perfmodel (perfmodel/gpu/kernels.py), so that
`perfmodel sweep` and `perfmodel calibrate` run them on a user's GPU; this name stays for the
lab's scripts."""

from perfmodel.gpu.kernels import *  # noqa: F401,F403
from perfmodel.gpu.kernels import (  # noqa: F401
    REDUCE_BLOCK,
    grouped_pid,
    launch_matmul,
    launch_splitk,
    launch_tma,
    make_tma_descriptors,
    matmul_kernel,
    matmul_splitk_kernel,
    matmul_tma_kernel,
    splitk_reduce_kernel,
)
