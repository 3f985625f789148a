"""Config tables for serving engines: the model's best config per M, in vLLM's tuned-config format.

vLLM (and engines that copied its loader) ship one JSON file per (device, N, K, dtype) of a
GEMM or fused-MoE kernel, keyed by the number of tokens M:

    {"1": {"BLOCK_SIZE_M": 16, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 128, "GROUP_SIZE_M": 1,
           "num_warps": 4, "num_stages": 3}, "16": {...}, ...}

and read it with `{int(k): v for k, v in json.load(f).items()}`, picking the entry of the
nearest M at run time. Such files are usually the result of hours of exhaustive tuning on the
device; `config_table` writes the model's picks instead, for a device nobody has tuned. The
kernel is the grouped pointer-based kernel (what vLLM's Triton GEMMs are) unless another is
named; split-K has no place in the format. `top_k` > 1 writes a list of the best k per M, for a
short autotune on the device.
"""

from __future__ import annotations

from perfmodel.errors import ConfigError
from perfmodel.hardware.registry import load_hardware
from perfmodel.problem import make_problem
from perfmodel.ranking import rank

DEFAULT_MS = tuple(2**i for i in range(13))  # 1, 2, 4, ..., 4096

#: vLLM's key for each perfmodel config key
VLLM_KEYS = {"BLOCK_M": "BLOCK_SIZE_M", "BLOCK_N": "BLOCK_SIZE_N", "BLOCK_K": "BLOCK_SIZE_K", "GROUP_M": "GROUP_SIZE_M",
             "num_warps": "num_warps", "num_stages": "num_stages"}


def vllm_entry(config) -> dict[str, int]:
    """One config in vLLM's six integer keys."""
    return {VLLM_KEYS[k]: int(getattr(config, k)) for k in VLLM_KEYS}


def config_table(hw, n: int, k: int, dtype: str, ms=DEFAULT_MS, kernel: str = "grouped", top_k: int = 1,
                 layout: str = "nn") -> dict:
    """{str(M): entry} (or {str(M): [entries]} for top_k > 1), M ascending. A serving engine's
    linear layers are x @ W.T with W stored N x K: layout "nt"."""
    if top_k < 1:
        raise ConfigError(f"--top-k must be at least 1, got {top_k}")
    spec = load_hardware(hw)
    table: dict = {}
    for m in sorted(set(ms)):
        problem = make_problem(M=m, N=n, K=k, dtype=dtype, layout=layout)
        ranking = rank(spec, problem, kernels=kernel)
        if len(ranking) == 0:
            raise ConfigError(f"no {kernel} config fits on {spec.id} for {problem}")
        picks = [vllm_entry(r.config) for r in ranking.top(top_k)]
        table[str(m)] = picks[0] if top_k == 1 else picks
    return table


def parse_ms(text: str) -> list[int]:
    """"1,2,4,16" -> [1, 2, 4, 16] (a one-line ConfigError for anything else)."""
    try:
        ms = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise ConfigError(f"--m must be comma-separated whole numbers, e.g. 1,16,256, got {text!r}") from None
    if not ms or min(ms) < 1:
        raise ConfigError(f"--m must list positive whole numbers, e.g. 1,16,256, got {text!r}")
    return ms
