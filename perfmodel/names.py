"""The names every table, file and command uses for a tile config.

    CONFIG_KEYS   BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages, GROUP_M, SPLIT_K
                  (GROUP_M defaults to 8, SPLIT_K to 1)
    config name   [KERNEL:]BMxBNxBK_wW_sS[_gG][_kK], e.g. 128x128x64_w4_s3_g8_k1 or
                  tma:128x128x64_w4_s3_g8_k1. The kernel prefix is left out when it is the
                  implied one: "splitk" when SPLIT_K > 1, else "grouped".
    shape key     4096x4096x4096_fp16 (recorded data and peer picks are keyed by it)

Plain Python, so the lab's device scripts can import it without perfmodel's dependencies.
"""

from __future__ import annotations

import re
from typing import Mapping

CONFIG_KEYS = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M", "SPLIT_K")
#: keys a config may leave out, and their values then
CONFIG_DEFAULTS = {"GROUP_M": 8, "SPLIT_K": 1}
REQUIRED_KEYS = tuple(k for k in CONFIG_KEYS if k not in CONFIG_DEFAULTS)

NAME_FORM = "[KERNEL:]BMxBNxBK_wW_sS[_gG][_kK]"
NAME_EXAMPLE = "128x128x64_w4_s3_g8_k1"
_NAME = re.compile(r"\s*(?:([a-z][a-z0-9_\-]*):)?(\d+)x(\d+)x(\d+)_w(\d+)_s(\d+)(?:_g(\d+))?(?:_k(\d+))?\s*")


def implied_kernel(split_k: int) -> str:
    """The kernel a config means when it names none: the split-K pair when SPLIT_K > 1."""
    return "splitk" if split_k > 1 else "grouped"


def config_name(cfg: Mapping, kernel: str | None = None) -> str:
    """`128x128x64_w4_s3_g8_k1`, with `kernel:` in front when it is not the implied one."""
    sk = int(cfg.get("SPLIT_K", 1))
    name = (f"{cfg['BLOCK_M']}x{cfg['BLOCK_N']}x{cfg['BLOCK_K']}_w{cfg['num_warps']}_s{cfg['num_stages']}"
            f"_g{cfg.get('GROUP_M', CONFIG_DEFAULTS['GROUP_M'])}_k{sk}")
    return name if kernel is None or kernel == implied_kernel(sk) else f"{kernel}:{name}"


def parse_config_name(text: str) -> dict | None:
    """The config keys and "kernel" of a name (defaults filled in), or None if it is not one."""
    m = _NAME.fullmatch(text)
    if not m:
        return None
    kernel, *nums = m.groups()
    cfg = {k: int(v) for k, v in zip(CONFIG_KEYS, nums) if v is not None}
    cfg = {**CONFIG_DEFAULTS, **cfg}
    return {**cfg, "kernel": kernel or implied_kernel(cfg["SPLIT_K"])}


def shape_key(M: int, N: int, K: int, dtype: str) -> str:
    return f"{M}x{N}x{K}_{dtype}"
