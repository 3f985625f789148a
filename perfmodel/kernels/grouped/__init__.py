from perfmodel.kernels.grouped.model import GroupedKernel

__all__ = ["GroupedKernel"]
