#!/usr/bin/env python3
"""Split-K timed both ways on the same GPU, inputs and compiled kernels: the two launches called
from Python inside do_bench (how the suites before the Hopper sweep timed them) and the same two
launches replayed as one CUDA graph (how perfmodel sweep times them now). Writes one JSON line
per (shape, config) with both medians, so the change in the committed split-K figures is a
measurement, not a guess.

    python3 validation/splitk_graph_check.py OUT.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SHAPES = [(64, 64, 65536), (128, 128, 131072), (512, 512, 32768), (16, 4096, 14336), (128, 4096, 14336),
          (1024, 1024, 16384), (32, 1024, 32768), (1536, 1536, 24576)]


def main(out_path: str) -> int:
    import torch

    from perfmodel.gpu import env
    from perfmodel.gpu import kernels as mk
    from perfmodel.gpu.bench import bench, check, quick_time_ms
    from perfmodel.gpu.configs import splitk_configs
    from perfmodel.gpu.bench import graphed
    from perfmodel.names import config_name

    configs = splitk_configs()[::3]
    with open(out_path, "w") as f:
        f.write(json.dumps(env.versions(sys.argv)) + "\n")
        for M, N, K in SHAPES:
            torch.manual_seed(M + N + K)
            a = torch.randn((M, K), device="cuda", dtype=torch.float16)
            b = torch.randn((K, N), device="cuda", dtype=torch.float16)
            c = torch.empty((M, N), device="cuda", dtype=torch.float16)
            ref = a.float() @ b.float()
            ws = torch.empty(max(x["SPLIT_K"] for x in configs) * M * N, device="cuda", dtype=torch.float32)
            for cf in configs:
                launch = lambda: mk.launch_splitk(a, b, c, cf, ws)  # noqa: E731
                c.fill_(float("nan"))
                launch()
                torch.cuda.synchronize()
                row = {"M": M, "N": N, "K": K, "dtype": "fp16", "config": config_name(cf), **check(c, ref, ref.norm().item(), "fp16")}
                row["direct_ms"] = bench(launch, quick_time_ms(launch))
                replay = graphed(launch)
                row["graph_ms"] = bench(replay, quick_time_ms(replay))
                f.write(json.dumps(row) + "\n")
                f.flush()
                print(f"{M}x{N}x{K} {row['config']}: direct {row['direct_ms']:.4f} graph {row['graph_ms']:.4f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "splitk_graph_check.jsonl"))
