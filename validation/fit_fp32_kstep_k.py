#!/usr/bin/env python3
"""IEEE fp32 `nn` k-steps in load class "k" (N not 16-divisible: B copied element by element)
beside the same tiles in class "all", measured and as the model has them.

The rows: validation/microbench.py kstep_fp32_k and kstep_fp32_all (one wave of tiles, 1 or 2 per
SM, walking K = 4096; validation/data/h200/microbench_kstep_fp32.json). For each config and tiles
per SM: the measured k-step (time / k-steps), the model's (evaluate's kstep_s, the resident blocks'
k-step) and their ratio, in both classes, and what class "k" adds (its k-step over class "all"'s),
measured and predicted. Prints one table and the medians of measured over predicted by BLOCK_N,
BLOCK_K, BLOCK_M and warps.

    python validation/fit_fp32_kstep_k.py [--file PATH]
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels import registry  # noqa: E402
from perfmodel.kernels.base import ConfigArrays  # noqa: E402
from perfmodel.kernels.evaluate import context, evaluate  # noqa: E402
from perfmodel.problem import GemmProblem  # noqa: E402

DATA = HERE / "data" / "h200" / "microbench_kstep_fp32.json"
TILE = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages")


def predicted(spec, row: dict) -> dict:
    """The model's columns for one row's config at its shape (grouped kernel, GROUP_M 8)."""
    p = GemmProblem(M=row["M"], N=row["N"], K=row["K"], dtype="fp32", layout="nn")
    out = evaluate(registry.get("grouped"), context(spec, p), ConfigArrays.of([{**row, "GROUP_M": 8, "SPLIT_K": 1}]))
    return {k: v[0] for k, v in out.items()}


def joined(spec, data: dict) -> list[dict]:
    """One dict per (config, tiles per SM) timed in both classes: measured and predicted k-steps."""
    by = collections.defaultdict(dict)
    for cls in ("k", "all"):
        for r in data.get(f"kstep_fp32_{cls}", []):
            if "time_ms" not in r or not r.get("correct", True):
                continue
            m = predicted(spec, r)
            by[(*(r[k] for k in TILE), r["tiles_per_sm"])][cls] = {
                "meas_us": r["time_ms"] * 1e3 / r["k_steps"], "pred_us": m["time_s"] * 1e6 / r["k_steps"],
                "blocks": int(m["blocks_per_sm"]), "spills": r.get("n_spills", 0), "regs": r.get("n_regs")}
    return [{"tile": key[:5], "per_sm": key[5], **v} for key, v in by.items() if len(v) == 2]


def summary(rows: list[dict]) -> None:
    """Medians of measured over predicted, by one tile dimension at a time."""
    for i, name in enumerate(TILE[:4]):
        groups = collections.defaultdict(lambda: ([], [], []))
        for r in rows:
            g = groups[r["tile"][i]]
            g[0].append(r["k"]["meas_us"] / r["k"]["pred_us"])
            g[1].append(r["all"]["meas_us"] / r["all"]["pred_us"])
            g[2].append((r["k"]["meas_us"] - r["all"]["meas_us"]) / max(r["k"]["pred_us"] - r["all"]["pred_us"], 1e-9))
        print(f"by {name}: " + "; ".join(f"{v}: k {statistics.median(a):.2f}, all {statistics.median(b):.2f} "
                                        f"(n {len(a)})" for v, (a, b, _) in sorted(groups.items())))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, default=DATA)
    args = ap.parse_args(argv)
    rows = joined(load_hardware("h200"), json.loads(args.file.read_text()))
    print("tile (BM BN BK w s) x tiles/SM: k-step us measured / predicted in class k | all; k - all measured / "
          "predicted; blocks; spills k/all")
    for r in sorted(rows, key=lambda r: (r["tile"], r["per_sm"])):
        k, a = r["k"], r["all"]
        print(f"{'x'.join(map(str, r['tile'][:3]))}_w{r['tile'][3]}_s{r['tile'][4]} x{r['per_sm']}: "
              f"{k['meas_us']:.3f} / {k['pred_us']:.3f} ({k['meas_us'] / k['pred_us']:.2f}) | "
              f"{a['meas_us']:.3f} / {a['pred_us']:.3f} ({a['meas_us'] / a['pred_us']:.2f}); "
              f"{k['meas_us'] - a['meas_us']:+.3f} / {k['pred_us'] - a['pred_us']:+.3f}; b {k['blocks']}/{a['blocks']}; "
              f"sp {k['spills']}/{a['spills']}")
    summary(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
