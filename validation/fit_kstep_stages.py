#!/usr/bin/env python3
"""What the 2-5 stage k-step rows say (validation/data/h200/microbench_kstep_stages.json, recorded
by validation/kstep_stages_sweep.sh; not used by the model): the committed model's time per
k-step against the measured one, and the 2-stage rows' latency once each stage's own transfer is
taken out.

    python validation/fit_kstep_stages.py            (seconds, 2 cores)

Part 1, per row: measured and predicted microseconds per k-step (one wave, 1 or 2 tiles per SM,
K = 8192; the whole model, perfmodel.ranking.predict_many) and their ratio, then the mean
|log(measured / predicted)| per dtype.

Part 2, the 2-stage rows with one tile per SM: Triton 3.6.0 waits for every outstanding copy at
the top of a 2-stage loop (async_wait 0 in the TTGIR; 3+ stages keep one stage in flight), so
such a k-step is at least latency + the stage's own transfer. L' = t(2 stages) - stage bytes /
(the L2 -> SM rate one SM gets: calibration l2_bw_achieved_bytes_per_s / SMs) is printed per
tile; a constant L' (0.63-0.74 us on the H200) is what a model of the form
t_lat = (L + own transfer) / (stages - 1) needs. validation/NOTES.md (session 7) has what that
form did to the committed sets and why it was not adopted.
"""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import perfmodel  # noqa: E402
from perfmodel.dtypes import DTYPES  # noqa: E402
from perfmodel.hardware import load_hardware  # noqa: E402
from perfmodel.ranking import predict_many  # noqa: E402

DATA = HERE / "data" / "h200" / "microbench_kstep_stages.json"


def predicted_s(r: dict) -> float:
    problem = perfmodel.GemmProblem(M=r["M"], N=r["N"], K=r["K"], dtype=r.get("dtype", "fp16"),
                                    layout=r.get("layout", "nn"))
    cfg = {"kernel": "grouped", "GROUP_M": 8, "SPLIT_K": 1,
           **{k: r[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages")}}
    return float(predict_many("h200", problem, [cfg])[0])


def tile(r: dict) -> str:
    return f"{r.get('dtype', 'fp16'):4s} {r['BLOCK_M']}x{r['BLOCK_N']}x{r['BLOCK_K']}_w{r['num_warps']}"


def main() -> int:
    rows = timed_rows()
    print("1. per row: us per k-step (all tiles of the wave), measured / predicted")
    errs = collections.defaultdict(list)
    for r in rows:
        meas, pred = r["time_ms"] * 1e-3, predicted_s(r)
        errs[r.get("dtype", "fp16")].append(abs(np.log(meas / pred)))
        print(f"   {tile(r)} s{r['num_stages']} {r['tiles_per_sm']} tile/SM  {meas * 1e6 / r['k_steps']:6.3f} "
              f"{pred * 1e6 / r['k_steps']:6.3f}  {meas / pred:5.2f}")
    for dtype, e in errs.items():
        print(f"   {dtype}: mean |log(measured / predicted)| {np.mean(e):.3f} over {len(e)} rows")
    print("2. 2-stage rows, one tile per SM: L' = t - stage bytes / (L2 -> SM rate per SM), us")
    for name, (kb, t, lat) in latency_after_transfer(rows).items():
        print(f"   {name}  stage {kb:3d} KB  t {t * 1e6:.3f}  L' {lat * 1e6:.3f}")
    return 0


def latency_after_transfer(rows: list[dict]) -> dict[str, tuple[int, float, float]]:
    """{tile: (stage KB, seconds per k-step, that less the stage's own transfer)} of the 2-stage
    rows with one tile per SM (part 2 of the module doc)."""
    spec = load_hardware("h200")
    share = spec.calibration.l2_bw_achieved_bytes_per_s.value / spec.sm_count
    out = {}
    for r in rows:
        if r["num_stages"] == 2 and r["tiles_per_sm"] == 1:
            stage = (r["BLOCK_M"] + r["BLOCK_N"]) * r["BLOCK_K"] * DTYPES[r.get("dtype", "fp16")].in_bytes
            t = r["time_ms"] * 1e-3 / r["k_steps"]
            out[tile(r)] = (stage // 1024, t, t - stage / share)
    return out


def timed_rows() -> list[dict]:
    return [r for r in json.loads(DATA.read_text())["kstep_stages"] if "time_ms" in r and r["rel_err"] < 1e-2]


if __name__ == "__main__":
    sys.exit(main())
