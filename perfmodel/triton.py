"""`import perfmodel.triton` then `perfmodel.triton.prune(...)`: the Triton autotuner hook
(implemented in perfmodel.integrations.triton; this is its short, stable import path)."""

from perfmodel.integrations.triton import prune

__all__ = ["prune"]
