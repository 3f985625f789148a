"""Vector copies beside element-wise ones (perfmodel.kernels.pipeline.vector_copy_time): where a
4-byte dtype's pipeline copies one operand element by element (load class "k" or "n"), the other
operand's 16-byte copies add v x their count / R_g to the copy term. Checked against the formula
recomputed from the config, against the configs it must leave alone, against the model with v = 0,
and against the recorded runs it was written for (validation/NOTES.md, session 15)."""

from __future__ import annotations

import dataclasses
import math

import numpy as np

import perfmodel
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.evaluate import context, evaluate
from perfmodel.kernels.registry import get
from perfmodel.prediction import predict
from perfmodel.problem import GemmProblem, TileConfig
from perfmodel.scoring.datasets import load_runs

SPEC = perfmodel.load_hardware("h200")
CLASS_K = GemmProblem(M=16384, N=397, K=2048, dtype="tf32")  # N not 16-divisible: B element by element


def _run(problem, configs, weight=None):
    ctx = context(SPEC, problem)
    if weight is not None:
        ctx = dataclasses.replace(ctx, params=dataclasses.replace(ctx.params, vector_copy_weight=weight))
    cfgs = ConfigArrays.of([TileConfig.parse(c).as_dict() for c in configs])
    return ctx, evaluate(get("grouped"), ctx, cfgs)


def test_the_term_is_v_times_the_other_operands_vectors_over_the_gather_rate():
    """A's tile BM x BK of 4-byte elements is BM BK / 4 16-byte copies; b blocks per SM."""
    ctx, out = _run(CLASS_K, ["256x32x32_w4_s3_g8", "128x128x32_w4_s3_g8"])
    p = ctx.params
    assert p.vector_copy_weight > 0 and list(out["alignment"]) == ["k", "k"]
    for i, (bm, bk) in enumerate(((256, 32), (128, 32))):
        b = out["blocks_per_sm"][i]
        expect = b * p.vector_copy_weight * (bm * bk / 4) / p.gather_elems_per_s_per_sm
        assert math.isclose(out["vector_copy_s"][i], expect, rel_tol=1e-12)


def test_it_moves_the_copy_term_by_itself_and_nothing_where_v_is_zero():
    """With v = 0 the copy term loses exactly the vector term where the copies bind it."""
    configs = ["256x32x32_w4_s3_g8"]
    _, with_v = _run(CLASS_K, configs)
    _, without = _run(CLASS_K, configs, weight=0.0)
    assert without["vector_copy_s"][0] == 0.0
    assert math.isclose(with_v["l2_s"][0] - without["l2_s"][0], with_v["vector_copy_s"][0], rel_tol=1e-9)
    assert with_v["time_s"][0] > without["time_s"][0]


def test_nothing_where_no_operand_is_copied_element_by_element():
    """Aligned TF32 nn (B transposed by the gather, class "all"), aligned 16-bit, 16-bit class "k"
    (element-wise loads through registers, not the pipeline) and num_stages 1 take no vector term."""
    cases = [(GemmProblem(M=4096, N=4096, K=4096, dtype="tf32"), "256x32x32_w4_s3_g8"),
             (GemmProblem(M=4096, N=4096, K=4096, dtype="fp16"), "128x128x64_w4_s3_g8"),
             (GemmProblem(M=16384, N=397, K=2048, dtype="fp16"), "128x128x64_w4_s3_g8"),
             (CLASS_K, "128x64x32_w4_s1_g8")]
    for problem, config in cases:
        _, out = _run(problem, [config])
        assert out["vector_copy_s"][0] == 0.0, (problem, config)


def test_predict_names_the_term_where_it_applies():
    p = predict(SPEC, CLASS_K, TileConfig.parse("256x32x32_w4_s3_g8"))
    assert p.vector_copy_s > 0


def test_the_recorded_tile_it_was_written_for_now_ranks_behind_the_wider_one():
    """holdout27's 16384x397x2048 tf32 (read): 256x32x32_w4_s3 ran 0.322 ms and 256x128x32_w8_s4
    0.229; without the term the model put the narrow tile first (0.218 against 0.239 ms predicted)."""
    shape = next(s for s in load_runs("h200/holdout27").shapes
                 if (s.M, s.N, s.K, s.dtype, s.layout) == (16384, 397, 2048, "tf32", "nn"))
    runs = {r["config"]: r["time_ms"] for r in shape.candidates(("grouped",))}
    narrow, wide = "256x32x32_w4_s3_g8_k1", "256x128x32_w8_s4_g8_k1"
    assert runs[narrow] > 1.3 * runs[wide]
    _, with_v = _run(CLASS_K, [narrow, wide])
    _, without = _run(CLASS_K, [narrow, wide], weight=0.0)
    assert without["time_s"][0] < without["time_s"][1]
    assert with_v["time_s"][0] > with_v["time_s"][1]
    assert np.all(np.isfinite(with_v["time_s"]))
