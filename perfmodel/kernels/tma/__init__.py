from perfmodel.kernels.tma.model import TmaKernel

__all__ = ["TmaKernel"]
