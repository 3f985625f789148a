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
