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
