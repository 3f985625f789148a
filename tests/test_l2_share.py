"""The L2 rate one SM gets while few are busy (perfmodel.kernels.pipeline.l2_per_sm): a measured
ceiling (calibration l2_sm_share_ratio, validation/l2_share_probe.py) where the model had a guessed
2x; the probe's recorded rows say what the docstring says."""

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from perfmodel.calibration import CalibrationError, l2_sm_share
from perfmodel.hardware import load_hardware
from perfmodel.kernels import pipeline
from perfmodel.kernels.params import timing_params
from validation.calibrate import l2_sm_read_rows

PROBE = Path(__file__).resolve().parent.parent / "validation" / "data" / "h200" / "l2_share_probe.jsonl"


def _rows():
    lines = PROBE.read_text().splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def test_the_probe_spread_one_program_per_sm_and_says_where_it_ran():
    header, rows = _rows()
    assert header["gpu_name"] == "NVIDIA H200" and header["triton"] == "3.6.0" and header["driver"]
    assert all(r["sms_distinct"] == r["programs"] for r in rows)


def test_a_lone_sm_reads_about_twice_its_all_sms_share_and_the_aggregate_levels_off():
    """1-8 SMs at 32 warps: 228-230 GB/s each, flat within 2%; all 132 SMs: 8.4-8.8 TB/s for the
    reads of 16 and 32 warps and the dot rows that were faster per SM at 66 (distinct slices, so
    no line is shared between SMs); the highest aggregate of any row is in that band."""
    _, rows = _rows()
    lone = [r["bytes_per_s_per_sm"] for r in rows if r["kind"] == "ld" and r["num_warps"] == 32 and r["programs"] <= 8]
    assert max(lone) / min(lone) < 1.02 and 2.2e11 < max(lone) < 2.4e11
    per_sm = {(r["kind"], r["num_warps"], r.get("BLOCK_M"), r.get("BLOCK_N"), r.get("BLOCK_K"), r["programs"]):
              r["bytes_per_s_per_sm"] for r in rows}
    bound = [r["bytes_per_s"] for r in rows if r["programs"] == 132 and (
        (r["kind"] == "ld" and r["num_warps"] >= 16) or
        (r["kind"] == "dot" and per_sm[("dot", r["num_warps"], r["BLOCK_M"], r["BLOCK_N"],
                                        r["BLOCK_K"], 66)] > 1.1 * r["bytes_per_s_per_sm"]))]
    assert len(bound) >= 5 and all(8.3e12 < b < 8.9e12 for b in bound), bound
    assert 8.3e12 < max(r["bytes_per_s"] for r in rows) < 8.9e12


def test_the_grouped_loop_of_a_lone_block_is_as_fast_on_one_sm_as_on_half_of_them():
    """The latency term, not the port, holds a lone block: each dot row's k-step at 66 busy SMs is
    within 7% of its k-step on one."""
    _, rows = _rows()
    dots = {}
    for r in rows:
        if r["kind"] == "dot":
            dots.setdefault((r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_stages"]), {})[r["programs"]] = r["s_per_kstep"]
    assert len(dots) == 6
    for tile, by_n in dots.items():
        assert by_n[66] / by_n[1] < 1.07, tile
        assert all(r["cp_async"] > 0 for r in rows if r["kind"] == "dot")


def test_the_h200_ratio_is_its_lone_rows_over_the_all_sms_share():
    spec = load_hardware("h200")
    reads = l2_sm_read_rows(PROBE.parent)
    l2 = spec.calibration.l2_bw_achieved_bytes_per_s.value
    assert spec.calibration.l2_sm_share_ratio.value == pytest.approx(l2_sm_share(reads, l2, spec.sm_count), rel=1e-5)
    assert 1.7 < spec.calibration.l2_sm_share_ratio.value < 2.0


def test_no_lone_row_is_a_one_line_error():
    with pytest.raises(CalibrationError, match="8 SMs or fewer"):
        l2_sm_share([{"programs": 132, "bytes_per_s_per_sm": 6.6e10}], 1.65e13, 132)


def test_l2_per_sm_is_the_even_share_capped_at_the_ratio():
    p = timing_params(load_hardware("h200"), "fp16")
    even = p.l2_bw_bytes_per_s / p.sms
    assert pipeline.l2_per_sm(p, p.sms) == pytest.approx(even)
    assert pipeline.l2_per_sm(p, 1) == pytest.approx(p.l2_sm_share_ratio * even)
    halved = dataclasses.replace(p, l2_sm_share_ratio=1.0)
    np.testing.assert_allclose(pipeline.l2_per_sm(halved, np.array([1, 66, 132])), even)


def test_a_device_borrowing_from_the_h200_takes_its_ratio_as_an_estimate():
    p = timing_params(load_hardware("gfx936"), "fp16")
    assert p.l2_sm_share_ratio == pytest.approx(load_hardware("h200").calibration.l2_sm_share_ratio.value)
    assert "l2_sm_share_ratio" in p.estimated
