"""The README's Triton autotune example, run on the CPU: pruning only, no launch."""

import re
from pathlib import Path

import pytest

triton = pytest.importorskip("triton")  # the `test` extra installs triton==3.6.0

REPO = Path(__file__).resolve().parent.parent


def test_readme_example_prunes_to_top_k():
    text = (REPO / "README.md").read_text()
    block = re.search(r"<!-- triton-example -->\n```python\n(.+?)\n```", text, re.S).group(1)
    ns: dict = {}
    exec(compile(block, "README.md", "exec"), ns)
    kept = ns["kept"]
    assert len(kept) == 4
    assert all(k in ns["configs"] for k in kept)


def test_autotuner_accepts_the_pruner():
    import triton.language as tl

    import perfmodel.triton

    configs = [triton.Config({"BLOCK_SIZE_M": bm, "BLOCK_SIZE_N": bn, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8},
                             num_warps=w, num_stages=3) for bm, bn, w in ((128, 256, 8), (64, 64, 4), (32, 32, 2))]
    prune = perfmodel.triton.prune("h200", top_k=1, dtype="fp16")

    @triton.autotune(configs=configs, key=["M", "N", "K"], prune_configs_by={"early_config_prune": prune})
    @triton.jit
    def k(x_ptr, M, N, K, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
          GROUP_SIZE_M: tl.constexpr):
        pass

    k.nargs = {"x_ptr": None, "M": 8192, "N": 8192, "K": 8192}
    kept = k.prune_configs({})
    assert len(kept) == 1 and kept[0].kwargs["BLOCK_SIZE_M"] == 128
    k.nargs = {"x_ptr": None, "M": 16, "N": 64, "K": 64}
    assert k.prune_configs({})[0].kwargs["BLOCK_SIZE_M"] in (32, 64)


def test_unreadable_configs_are_kept():
    import perfmodel.triton

    prune = perfmodel.triton.prune("h200", top_k=1, dtype="fp16")
    odd = triton.Config({"TILE": 7}, num_warps=4, num_stages=2)
    good = triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=4, num_stages=3)
    assert prune([odd, good], {"M": 512, "N": 512, "K": 512}) == [good, odd]
    assert prune([good], {"X": 1}) == [good]  # no M/N/K: nothing pruned


class _FakeTensor:
    """A 2-D tensor as the pruner sees it: strides, no data (no torch needed)."""

    ndim = 2

    def __init__(self, strides):
        self._strides = strides

    def stride(self):
        return self._strides


def _tf32_configs():
    return [triton.Config({"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": 32, "GROUP_M": 8}, num_warps=w, num_stages=4)
            for bm, bn, w in ((128, 256, 8), (128, 64, 2), (64, 64, 2))]


def test_prune_infers_nt_from_the_strides_of_a_transposed_weight():
    """x @ W.T with W an nn.Linear weight stored N x K: B's K x N view has strides (1, K). The
    pruner ranks it as nt, where TF32 wgmma reads B K-major (fast); in nn the same configs are
    ranked with B gathered element by element, and the pick changes."""
    import perfmodel.triton

    M = N = K = 4096
    x, w_t = _FakeTensor((K, 1)), _FakeTensor((1, K))  # A row-major; B = W.T, W stored N x K
    prune = perfmodel.triton.prune("h200", top_k=1, dtype="tf32")
    nt = prune(_tf32_configs(), {"a_ptr": x, "b_ptr": w_t, "M": M, "N": N, "K": K})
    assert prune.last_problem.layout == "nt"
    nn = prune(_tf32_configs(), {"a_ptr": x, "b_ptr": _FakeTensor((N, 1)), "M": M, "N": N, "K": K})
    assert prune.last_problem.layout == "nn"
    assert nt[0].num_warps == 8 and nn[0].num_warps == 2  # wgmma in nt; mma.sync where B is N-major
    # stride arguments win over tensors, as the tutorial kernel passes them
    by_args = prune(_tf32_configs(), {"M": M, "N": N, "K": K, "stride_am": K, "stride_ak": 1, "stride_bk": 1,
                                      "stride_bn": K})
    assert prune.last_problem.layout == "nt" and by_args[0].kwargs == nt[0].kwargs


class _Float32(_FakeTensor):
    dtype = "torch.float32"


def test_float32_tensors_rank_as_tl_dot_s_default_tf32_unless_told_ieee():
    """A float32 launch is what tl.dot does with it by default, TF32 (wgmma: the 8-warp tile in
    nt), unless the pruner is told dtype="fp32" (IEEE: FMAs, where 8 warps pay more K-major reads)."""
    import perfmodel.triton

    args = {"a_ptr": _Float32((4096, 1)), "b_ptr": _Float32((1, 4096)), "M": 4096, "N": 4096, "K": 4096}
    default = perfmodel.triton.prune("h200", top_k=1)
    default(_tf32_configs(), args)
    assert default.last_problem.dtype == "tf32"
    ieee = perfmodel.triton.prune("h200", top_k=1, dtype="fp32")
    ieee(_tf32_configs(), args)
    assert ieee.last_problem.dtype == "fp32"


def test_prune_says_when_it_cannot_tell_the_layout():
    import perfmodel.triton

    prune = perfmodel.triton.prune("h200", top_k=1, dtype="fp16")
    with pytest.warns(UserWarning, match="ranking as nn"):
        prune(_tf32_configs(), {"M": 512, "N": 512, "K": 512})
    assert prune.last_problem.layout == "nn"
    fixed = perfmodel.triton.prune("h200", top_k=1, dtype="fp16", layout="nt")
    fixed(_tf32_configs(), {"M": 512, "N": 512, "K": 512})
    assert fixed.last_problem.layout == "nt"
