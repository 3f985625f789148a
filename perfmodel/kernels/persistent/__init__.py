from perfmodel.kernels.persistent.model import PersistentKernel, WarpSpecializedKernel

__all__ = ["PersistentKernel", "WarpSpecializedKernel"]
