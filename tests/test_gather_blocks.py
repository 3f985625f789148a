"""One-by-one copies go faster with more blocks resident (perfmodel.kernels.pipeline.gather_rate):
the SM's copy rate at b blocks is R_g x (b / 2)^a, a = the calibration's gather_blocks_exponent, and
a block alone on its SM whose A is copied one by one (classes "n" and "none") copies at R_g x s1,
s1 = lone_copy_share. Checked against the formula recomputed from the config (TF32 with K and N not
16-divisible, every element its own pipelined copy), against the model with a = 0 and s1 = 0,
against the recorded runs it was written for (validation/NOTES.md, session 21), and s1 against the
microbenchmark it was fitted on (validation/fit_lone_copy.py, session 44)."""

from __future__ import annotations

import dataclasses
import math

import numpy as np

import perfmodel
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.evaluate import context, evaluate
from perfmodel.kernels.pipeline import GATHER_REFERENCE_BLOCKS, gather_rate
from perfmodel.kernels.registry import get
from perfmodel.problem import GemmProblem, TileConfig
from perfmodel.scoring.datasets import load_runs
from perfmodel.scoring.rankers import rank_perfmodel

SPEC = perfmodel.load_hardware("h200")
NONE = GemmProblem(M=262144, N=150, K=30, dtype="tf32")  # K and N not 16-divisible: every element copied
ONE_AND_TWO = ["128x128x32_w8_s2_g8", "128x64x32_w4_s2_g8"]  # one block per SM, then two


def _run(problem, configs, exponent=None, share=None):
    ctx = context(SPEC, problem)
    if exponent is not None:
        ctx = dataclasses.replace(ctx, params=dataclasses.replace(ctx.params, gather_blocks_exponent=exponent))
    if share is not None:
        ctx = dataclasses.replace(ctx, params=dataclasses.replace(ctx.params, lone_copy_share=share))
    return ctx, evaluate(get("grouped"), ctx, ConfigArrays.of([TileConfig.parse(c).as_dict() for c in configs]))


def test_the_rate_is_the_calibrated_one_at_two_blocks_and_scales_as_a_power():
    p = context(SPEC, NONE).params
    a = p.gather_blocks_exponent
    assert 0 < a < 1 and GATHER_REFERENCE_BLOCKS == 2
    rates = gather_rate(p, np.array([1.0, 2.0, 3.0, 4.0]))
    assert math.isclose(rates[1], p.gather_elems_per_s_per_sm, rel_tol=1e-12)
    for b, r in zip((1, 2, 3, 4), rates):
        assert math.isclose(r, p.gather_elems_per_s_per_sm * (b / 2) ** a, rel_tol=1e-12)


def test_the_copy_term_is_b_copies_over_the_rate_at_b():
    """(BM + BN) x BK elements per block and k-step, b blocks, times the L1 factor the model reports."""
    ctx, out = _run(NONE, ONE_AND_TWO)
    p = ctx.params
    assert list(out["alignment"]) == ["none", "none"] and list(out["blocks_per_sm"]) == [1, 2]
    assert 0 < p.lone_copy_share < 1
    for i, (bm, bn, bk) in enumerate(((128, 128, 32), (128, 64, 32))):
        b = out["blocks_per_sm"][i]
        share = p.lone_copy_share if b == 1 else (b / 2) ** p.gather_blocks_exponent  # one block alone: s1
        expect = b * (bm + bn) * bk / (p.gather_elems_per_s_per_sm * share)
        assert math.isclose(out["l2_s"][i], expect * out["l1_factor"][i], rel_tol=1e-12)


def test_one_block_is_slower_and_two_unchanged_against_a_single_rate():
    _, with_a = _run(NONE, ONE_AND_TWO, share=0.0)
    _, without = _run(NONE, ONE_AND_TWO, exponent=0.0, share=0.0)
    _, with_share = _run(NONE, ONE_AND_TWO)
    assert with_share["l2_s"][0] > with_a["l2_s"][0] > without["l2_s"][0]
    assert math.isclose(with_a["l2_s"][1], without["l2_s"][1], rel_tol=1e-12)
    assert math.isclose(with_share["l2_s"][1], without["l2_s"][1], rel_tol=1e-12)


def test_the_lone_share_applies_where_a_is_copied_one_by_one_and_one_block_is_resident():
    """s1 replaces (1/2)^a at one block in classes "n" and "none" alone; at two blocks and more, in
    classes "k" and "all", and with s1 = 0 (a device that measured none) the power stands."""
    from perfmodel.kernels.pipeline import LONE_COPY_CLASSES

    p = context(SPEC, NONE).params
    b = np.array([1.0, 2.0, 3.0])
    power = p.gather_elems_per_s_per_sm * (b / 2) ** p.gather_blocks_exponent
    assert LONE_COPY_CLASSES == ("n", "none")
    for load in ("n", "none"):
        rates = gather_rate(p, b, load)
        assert math.isclose(rates[0], p.gather_elems_per_s_per_sm * p.lone_copy_share, rel_tol=1e-12)
        assert np.allclose(rates[1:], power[1:], rtol=1e-12)
        assert np.allclose(gather_rate(dataclasses.replace(p, lone_copy_share=0.0), b, load), power, rtol=1e-12)
    for load in ("k", "all"):
        assert np.allclose(gather_rate(p, b, load), power, rtol=1e-12)


def test_the_lone_share_is_the_fit_on_the_recorded_microbenchmark():
    """The H200's lone_copy_share is validation/fit_lone_copy.py's choice on the recorded one-wave TF32
    tiles (39 with room for two blocks), and it fits them better than the power alone."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from validation.fit_lone_copy import choose, timed_rows

    chosen, errs = choose(timed_rows())
    assert chosen == context(SPEC, NONE).params.lone_copy_share
    assert len(errs[chosen]) == 39
    assert np.mean(np.abs(errs[chosen])) < 0.75 * np.mean(np.abs(errs[0.0]))


def test_the_recorded_shape_it_was_written_for():
    """holdout44's 262144x150x30 TF32 nn: with one rate per SM the model picked the one-block
    128x256x32_w8_s2 (0.673 of the best); with the rate rising with blocks it picks a two-block tile
    within 5% of the best."""
    shape = next(s for s in load_runs("h200/holdout44").shapes if s.label() == "262144x150x30 tf32")
    runs = shape.candidates(("grouped", "splitk"))
    order, _ = rank_perfmodel(shape, runs)
    best = min(r["time_ms"] for r in runs)
    pick = runs[order[0]]
    assert pick["time_ms"] < 1.05 * best and pick.get("driver_blocks_per_sm", 2) >= 2, pick["config"]


def test_element_wise_tiles_hide_their_latencies_behind_the_other_blocks_copies():
    """Candidate 22 (session 21): where an element-wise class's copies bind the k-step, a tile's
    prologue and epilogue latency costs 1 / b of itself, and its masked copies past the loop's end
    w = past_copy_weight of one that loads; with b = 1, or where the copies do not bind, the whole
    latency. Recomputed from predict's terms at w and the latency share set apart."""
    from perfmodel.kernels.pipeline import KStepTime, latency_share

    ctx, out = _run(NONE, ONE_AND_TWO)
    p = ctx.params
    assert 0 < p.past_copy_weight < 1
    for i in range(2):  # one k-step, 2 stages: one stage of masked copies
        assert math.isclose(out["past_copies_s"][i], p.past_copy_weight * out["l2_s"][i], rel_tol=1e-12)
    binds = KStepTime(*(np.array([x]) for x in (1.0, 0.2, 1.0, 0.5, 0.9, 0.0, 1.0, 0.0)))
    loose = KStepTime(*(np.array([x]) for x in (1.0, 0.8, 1.0, 0.5, 0.6, 0.0, 1.0, 0.0)))
    step = type("S", (), {"load": "none"})()
    assert latency_share(step, binds, np.array([2.0]))[0] == 0.5
    assert latency_share(step, binds, np.array([1.0]))[0] == 1.0
    assert latency_share(step, loose, np.array([2.0]))[0] == 1.0
    step.load = "all"
    assert latency_share(step, binds, np.array([2.0]))[0] == 1.0


def test_the_lone_share_read_from_other_tiles_lands_within_a_grid_step():
    """Cross-check of the H200's lone_copy_share (0.7, fitted by validation/fit_lone_copy.py on the 39 pairs of
    microbench_tf32_none_copies.json) on a file it was not fitted on: the kcopies rows of
    microbench_tf32_none_spills.json (ten TF32 `nt` tiles, 12 pairs with room for two blocks), by the same rule
    (perfmodel.calibration_copies.lone_copy_share), choose 0.65 at the file's u = 0.3: one grid step, and both
    share values fit those pairs better than none (the power's)."""
    import json
    from pathlib import Path

    from perfmodel.calibration_copies import LONE_GRID, lone_copy_share

    data = Path(__file__).resolve().parent.parent / "validation" / "data" / "h200"
    rows = [r for r in json.loads((data / "microbench_tf32_none_spills.json").read_text())["kstep_tf32_none_spills"]
            if "time_ms" in r]
    p = context(SPEC, NONE).params
    chosen, errs = lone_copy_share(SPEC, p, rows)
    assert len(errs[0.0]) == 12
    assert abs(LONE_GRID.index(chosen) - LONE_GRID.index(p.lone_copy_share)) <= 1, chosen
    for s1 in (chosen, p.lone_copy_share):
        assert np.mean(np.abs(errs[s1])) < 0.8 * np.mean(np.abs(errs[0.0]))
