from perfmodel.kernels.splitk.model import SplitKKernel

__all__ = ["SplitKKernel"]
