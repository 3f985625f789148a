"""IEEE fp32 `nn` class "k" k-steps beside class "all" (h200/microbench_kstep_fp32.json, session 37):
what class "k" adds is a cost per resident warp and k-row, flat in BLOCK_N, and the model prices it by
reading B as K-major there (operands.b_kmajor_in_shared, candidate 46); without that it is 2-3x fast."""

from __future__ import annotations

import json
import statistics

import pytest

import perfmodel
from perfmodel.kernels import operands
from perfmodel.layouts import LAYOUTS
from validation.fit_fp32_kstep_k import DATA, joined

H200 = perfmodel.load_hardware("h200")


@pytest.fixture(scope="module")
def data():
    return json.loads(DATA.read_text())


def _extra_ns_per_warp_krow(r) -> float:
    bm, bn, bk, w, _ = r["tile"]
    return (r["k"]["meas_us"] - r["all"]["meas_us"]) * 1e3 / (r["per_sm"] * w * bk)


def test_what_class_k_adds_grows_with_warps_and_block_k_not_block_n(data):
    rows = joined(H200, data)
    assert len(rows) == 110  # 55 tiles x 1 and 2 per SM, timed in both classes
    big = [r for r in rows if r["tile"][1] >= 32 and r["tile"][0] * r["tile"][1] // (32 * r["tile"][3]) >= 16
           and not r["k"]["spills"] and not r["all"]["spills"]]
    per = [_extra_ns_per_warp_krow(r) for r in big]
    assert len(per) >= 40 and 12 < statistics.median(per) < 20
    by = {r["tile"][:4]: r["k"]["meas_us"] - r["all"]["meas_us"] for r in rows if r["per_sm"] == 1}
    flat = [by[(64, bn, 32, 4)] for bn in (32, 64, 128)]  # 4x the B elements from the first to the last
    assert max(flat) / min(flat) < 1.3
    assert by[(64, 64, 32, 8)] / by[(64, 64, 32, 4)] > 1.6  # twice the warps
    assert by[(64, 32, 128, 4)] / by[(64, 32, 32, 4)] > 3.0  # four times BLOCK_K


def test_the_model_reads_b_k_major_there_and_meets_the_class_k_k_steps(data, monkeypatch):
    def ratio():
        rows = joined(H200, data)
        return statistics.median(r["k"]["meas_us"] / r["k"]["pred_us"] for r in rows)

    assert 0.85 < ratio() < 1.25
    monkeypatch.setattr(operands, "b_kmajor_in_shared", lambda problem, load: LAYOUTS[problem.layout].b_k_major)
    assert ratio() > 2.0


def test_nt_runs_the_class_k_tiles_as_nn_class_k_does(data):
    """The independent check of candidate 46's reason: the same 55 tiles in `nt` aligned (B stored K-major,
    h200/microbench_kstep_fp32_2.json kstep_fp32_nt) take k-steps near `nn` class "k"'s (B copied element by
    element into a K-major shared tile: median 0.91, most within 20%), and far from `nn` class "all"'s (B
    N-major: median 2.8x)."""
    nt = json.loads((DATA.parent / "microbench_kstep_fp32_2.json").read_text())["kstep_fp32_all_nt"]
    tile = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "tiles_per_sm")
    by = {cls: {tuple(r[k] for k in tile): r["time_ms"] / r["k_steps"] for r in data[f"kstep_fp32_{cls}"]}
          for cls in ("k", "all")}
    rows = [r for r in nt if not r.get("n_spills")]
    to_k = [r["time_ms"] / r["k_steps"] / by["k"][tuple(r[k] for k in tile)] for r in rows]
    to_all = [r["time_ms"] / r["k_steps"] / by["all"][tuple(r[k] for k in tile)] for r in rows]
    assert len(rows) >= 80
    assert 0.8 < statistics.median(to_k) < 1.1 and sum(abs(x - 1) < 0.2 for x in to_k) >= 0.75 * len(rows)
    assert statistics.median(to_all) > 1.8
