"""The split-K kernel takes no tile factor where A is copied element by element (load classes "n"
and "none") at M > 64, and its runs there are left out of the fit (perfmodel.kernels.tile_factors
NO_ELEMENTWISE_FACTOR; validation/NOTES.md, session 24, candidate 27b): the rule here, its judge on
fresh shapes in tests/test_fresh_judges.py. At decode M it takes a class of its own (session 32,
candidate 37)."""

from __future__ import annotations

import perfmodel
from perfmodel.kernels.tile_factors import factor_table

H200 = perfmodel.load_hardware("h200")


def test_split_k_takes_no_factor_where_a_is_copied_element_by_element():
    odd_k = perfmodel.GemmProblem(M=1500, N=3001, K=1999, dtype="fp16", layout="nt")  # class "none"
    odd_k_only = perfmodel.GemmProblem(M=3327, N=256, K=3703, dtype="fp16", layout="nt")  # class "n"
    odd_n_only = perfmodel.GemmProblem(M=4096, N=397, K=768, dtype="bf16", layout="nt")  # class "k"
    for p in (odd_k, odd_k_only):
        assert factor_table(H200, "splitk", p) is None
        assert factor_table(H200, "grouped", p)
    assert factor_table(H200, "splitk", odd_n_only) == factor_table(H200, "grouped", odd_n_only)
    decode = perfmodel.GemmProblem(M=48, N=1024, K=479, dtype="fp16", layout="nt")  # class "none", M <= 64
    own = H200.calibration.tile_factors.loops["pointer"].factors["16-bit load none nt decode splitk"]
    assert factor_table(H200, "splitk", decode) is own
    assert factor_table(H200, "grouped", decode) is not own
