"""A lone block's first k-step (perfmodel.kernels.pipeline.first_step_time): where one block per
SM loads an operand element by element, its first k-step's loads cannot overlap a dot, so the
tile pays top + loads there instead of max(top, loads). Checked against its definition, against
the configs it must leave alone, and against the recorded runs it was written for (validation/
NOTES.md, session 12)."""

from __future__ import annotations

import math

import numpy as np

import perfmodel
from perfmodel.kernels import pipeline
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.evaluate import context, evaluate
from perfmodel.kernels.registry import get
from perfmodel.kernels.tiled import kstep_of
from perfmodel.prediction import predict
from perfmodel.problem import GemmProblem, TileConfig
from perfmodel.scoring.datasets import load_runs

SPEC = perfmodel.load_hardware("h200")
CLASS_N = GemmProblem(M=131072, N=256, K=54, dtype="bf16")  # K not 16-divisible: A element by element


def _terms(problem, configs):
    ctx = context(SPEC, problem)
    cfgs = ConfigArrays.of([TileConfig.parse(c).as_dict() for c in configs])
    return ctx, cfgs, evaluate(get("grouped"), ctx, cfgs)


def test_the_term_is_min_of_top_and_loads_for_a_lone_block():
    """Recomputed from the k-step's own terms: min(max(mma, L2), element-wise loads), tile factor
    left out, where one block is resident; nothing where two or more are."""
    ctx, cfgs, out = _terms(CLASS_N, ["128x256x64_w8_s3_g8", "64x128x32_w4_s3_g8"])
    assert list(out["blocks_per_sm"]) == [1, 4]
    model = get("grouped")
    b = np.array([1.0, 4.0])
    step = kstep_of(ctx, cfgs, model.resources(SPEC, CLASS_N, cfgs), model.loop_rules(), blocks=b)
    ks = pipeline.kstep_time(ctx.params, step, blocks=b, active_sms=ctx.params.sms)
    top = np.maximum(ks.mma, ks.l2)
    assert ks.latency[0] > 0 and top[0] > 0
    assert math.isclose(out["first_step_s"][0], min(top[0], ks.latency[0]), rel_tol=1e-12)
    assert out["first_step_s"][1] == 0.0
    overhead = ctx.params.tile_overhead_ksteps * 128 * 256 * 2 / pipeline.TILE_OVERHEAD_BYTES  # k-steps
    # B's 16-byte copies of the two k-steps past the loop's end (pipeline.past_copies_time)
    past = 2 * ctx.params.vector_copy_weight * (64 * 256 * 2 / 16) / ctx.params.scalar_load_elems_per_s_per_sm
    assert math.isclose(out["past_copies_s"][0], past, rel_tol=1e-12)
    assert math.isclose(out["tile_s"][0], (out["k_steps"][0] + overhead) * out["kstep_s"][0] + out["first_step_s"][0]
                        + 2 * ctx.params.pipeline_latency_s + past
                        + 128 * 256 * 2 / pipeline.l2_per_sm(ctx.params, ctx.params.sms), rel_tol=1e-9)


def test_nothing_changes_where_every_load_is_pipelined_or_nothing_is_prefetched():
    """Load class "all", TF32 element-wise loads (pipelined at num_stages >= 2) and num_stages 1
    (already serial: loads + top) take no first-step term."""
    _, _, aligned = _terms(GemmProblem(M=8192, N=256, K=64, dtype="bf16"), ["128x256x64_w8_s3_g8"])
    _, _, tf32 = _terms(GemmProblem(M=131072, N=256, K=54, dtype="tf32"), ["128x256x32_w8_s2_g8"])
    _, _, serial = _terms(CLASS_N, ["128x256x64_w8_s1_g8"])
    assert aligned["blocks_per_sm"][0] == tf32["blocks_per_sm"][0] == serial["blocks_per_sm"][0] == 1
    assert aligned["first_step_s"][0] == tf32["first_step_s"][0] == serial["first_step_s"][0] == 0.0


def test_predict_shows_the_term_and_the_tile_still_adds_up():
    p = predict(SPEC, CLASS_N, TileConfig.parse("128x256x64_w8_s3_g8"))
    assert p.first_step_s > 0 and p.blocks_per_sm == 1
    assert math.isclose(p.waves_s, p.full_waves * p.tile_s + p.tail_tile_s, rel_tol=1e-9)


def test_it_brings_lone_short_k_class_n_blocks_toward_what_ran(monkeypatch):
    """The runs it was written for (read sets holdout16, 18, 22, 23): 16-bit class "n", near the
    best (within 1.3x), one block per SM, at most four k-steps. Measured / predicted, median:
    without the term (the model re-run with it set to 0) over 1 (1.17 when it was written; 1.06
    since session 15's memory share counts the whole tile; 1.045 since session 18's 2.5-norm of the
    waves and DRAM, which takes part of the same exposed time); with it under 1, by at most 8%
    (0.924 since session 20's copies past the loop's end, which add to these tiles too; 0.953 since
    session 18, 0.968 before: the term now overshoots about as much as its absence undershoots, but
    the picks still want it: the read sets lose 0.016 of top-1 summed without it,
    validation/NOTES.md, session 18)."""
    def ratios():
        out_ratios = []
        for name in ("holdout16", "holdout18", "holdout22", "holdout23"):
            for s in load_runs(f"h200/{name}").shapes:
                problem = GemmProblem(M=s.M, N=s.N, K=s.K, dtype=s.dtype, layout=s.layout)
                if s.dtype not in ("fp16", "bf16") or problem.alignment != "n":
                    continue
                runs = s.candidates(("grouped",))
                out = evaluate(get("grouped"), context(SPEC, problem), ConfigArrays.of(runs))
                t = np.array([r["time_ms"] for r in runs]) * 1e-3
                lone = (out["blocks_per_sm"] == 1) & (out["k_steps"] <= 4) & (t < 1.3 * t.min())
                out_ratios += list(t[lone] / out["time_s"][lone])
        return np.array(out_ratios)

    with_term = ratios()
    monkeypatch.setattr(pipeline, "first_step_time", lambda ks, blocks: np.zeros(np.shape(ks.total)))
    without = ratios()
    assert len(with_term) == len(without) >= 20
    assert 1.0 < np.median(without) < 1.07
    assert 0.92 < np.median(with_term) < 1.0
