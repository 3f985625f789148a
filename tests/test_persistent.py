"""The Hopper kernels (persistent TMA, warp-specialized, FP8): their resource rules against the
offline sm_90 compiles and the H200's JIT compiles, their config spaces against what Triton
3.6.0 does, and the model's choice across kernels against the recorded H200 runs."""

import gzip
import json
import math
from pathlib import Path

import numpy as np
import pytest

import perfmodel
from perfmodel.errors import ConfigError
from perfmodel.kernels import registry
from perfmodel.kernels.base import ConfigArrays
from perfmodel.scoring.agreement import agreement, problem_of_compile, total
from perfmodel.scoring.datasets import load_runs
from perfmodel.scoring.rankers import rank_perfmodel

DATA = Path(__file__).resolve().parent.parent / "validation" / "data"
H200 = perfmodel.load_hardware("h200")
PERSISTENT, WS = registry.get("persistent"), registry.get("persistent_ws")


def _rows(path):
    text = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" else path.read_text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _smem_misses(model, rows):
    """(compiles checked, |rule - metadata.shared| per compile) for the compiled rows."""
    diffs = []
    for r in rows:
        res = model.resources(H200, problem_of_compile(r), ConfigArrays.of([r]))
        diffs.append(abs(int(res.smem_bytes[0]) - r["smem_bytes"]))
    return np.array(diffs)


def test_persistent_shared_memory_rule_on_the_offline_compiles():
    """Exact for every 16-bit compile and every FP8 wgmma compile with B K-major (nt); FP8's
    extra mbarriers leave the others within 64 bytes, except a few MN-major FP8 wgmma tiles."""
    rows = [r for r in _rows(DATA / "compile" / "compile_sweep_persistent.jsonl")
            if r.get("kind") == "compile" and r["status"] == "ok"]
    sixteen = [r for r in rows if r["dtype"] == "fp16"]
    fp8_nt_wgmma = [r for r in rows if r["dtype"] == "fp8" and r.get("layout") == "nt" and r["mma"] == "wgmma"]
    assert len(sixteen) == 324 and (_smem_misses(PERSISTENT, sixteen) == 0).all()
    assert len(fp8_nt_wgmma) == 88 and (_smem_misses(PERSISTENT, fp8_nt_wgmma) == 0).all()
    d = _smem_misses(PERSISTENT, rows)
    assert (d <= 64).mean() >= 0.97, (d > 64).sum()


def test_warp_specialized_rule_and_space_follow_the_compiler():
    """Every compile Triton 3.6.0 warp-specialized is in the kernel's space and its rule is exact;
    every config of the sweep in the space that compiled was specialized."""
    rows = [r for r in _rows(DATA / "compile" / "compile_sweep_persistent_ws.jsonl") if r.get("kind") == "compile"]
    specialized = [r for r in rows if r.get("warp_specialized")]
    assert len(specialized) == 61
    assert (_smem_misses(WS, specialized) == 0).all()
    for r in rows:
        cfg = perfmodel.TileConfig.parse(f"persistent_ws:{r['config']}")
        in_space = WS.check(cfg) is None and r["num_stages"] >= 2
        if r.get("warp_specialized"):
            assert in_space, r["config"]
        elif in_space and r["status"] == "ok":
            pytest.fail(f"{r['config']} {r['dtype']} {r.get('layout')} compiled unspecialized inside the space")


def test_warp_specialized_config_outside_the_rule_is_a_one_line_error():
    msg = WS.check(perfmodel.TileConfig.parse("persistent_ws:128x128x64_w4_s3"))
    assert msg and "64" in msg and "\n" not in msg
    space = WS.space(H200, perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16"))
    assert set(space["BLOCK_M"].tolist()) == {64} and set(space["num_warps"].tolist()) == {4}
    assert space["BLOCK_N"].max() <= 128


@pytest.mark.parametrize("name", ["hopper.jsonl.gz", "fp8.jsonl"])
def test_resources_of_the_kernels_the_h200_compiled(name):
    """Shared memory exact and registers within 10% for the persistent kernels the H200's JIT
    compiled in the sweeps (every timed config)."""
    rows = _rows(DATA / "h200" / name)
    for kernel in ("persistent", "persistent_ws"):
        t = total(agreement(rows, kernel))
        assert t["n"] >= 80
        assert t["regs_within_10pct"] == t["n"]
        assert t["smem_exact"] / t["n"] >= (0.94 if name == "fp8.jsonl" else 1.0), (kernel, t)


def test_fp8_tiles_need_block_k_32():
    """FP8 wgmma/mma are k32: BLOCK_K 16 does not compile for sm_90; no kernel offers it."""
    p = perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp8", layout="nt")
    for model in registry.applicable(H200, p):
        assert model.space(H200, p)["BLOCK_K"].min() >= 32, model.name


def test_rank_fp8_picks_a_kernel_that_ran_fp8_on_the_h200():
    timed = {r["kernel"] for r in load_runs("h200/fp8").shapes[0].all_runs}
    for layout in ("nt", "nn"):
        best = perfmodel.rank(H200, perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp8", layout=layout)).best
        assert best.config.kernel in timed
    with pytest.raises(ConfigError):
        registry.get("tma").require(perfmodel.load_hardware("a100"), perfmodel.GemmProblem(M=64, N=64, K=64, dtype="fp8"))


def test_descriptor_kernels_pay_the_host_floor_and_pointer_kernels_do_not():
    p = perfmodel.GemmProblem(M=512, N=512, K=512, dtype="fp16")
    floor = H200.calibration.descriptor_launch_s.value
    cfg = {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64, "num_warps": 4, "num_stages": 3}
    times = {k: perfmodel.predict(H200, p, perfmodel.TileConfig(kernel=k, **cfg)).time_s
             for k in ("grouped", "tma", "persistent")}
    assert times["tma"] >= floor and times["persistent"] >= floor
    assert times["grouped"] < floor


def _pick_over_all_kernels(name):
    """Per shape: best measured time over every kernel / measured time of the model's pick."""
    out = []
    for shape in load_runs(name).shapes:
        order, _ = rank_perfmodel(shape, shape.all_runs)
        out.append(min(r["time_ms"] for r in shape.all_runs) / shape.all_runs[order[0]]["time_ms"])
    return out


def _gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def test_the_pick_across_kernels_on_the_recorded_shapes():
    """The acceptance figures of the Hopper issue, from the committed runs: the model's pick
    over all five kernels >= 0.95 of the best timed on the aligned suite (38 shapes), >= 0.90 on
    FP8 (10 shapes). validation/score_kernels.py prints them per shape."""
    hopper, fp8 = _pick_over_all_kernels("h200/hopper"), _pick_over_all_kernels("h200/fp8")
    assert len(hopper) == 38 and len(fp8) == 10
    assert _gmean(hopper) >= 0.95, _gmean(hopper)
    assert _gmean(fp8) >= 0.90, _gmean(fp8)


def test_split_k_rows_are_timed_as_cuda_graphs_and_the_graph_changed_little():
    rows = _rows(DATA / "h200" / "hopper.jsonl.gz")
    splitk = [r for r in rows if r.get("kind") == "run" and r.get("kernel") == "splitk" and r.get("status") == "ok"]
    assert splitk and all(r.get("timing") == "cudagraph" for r in splitk)
    check = [r for r in _rows(DATA / "h200" / "splitk_graph_check.jsonl") if "graph_ms" in r]
    ratios = np.array([r["graph_ms"] / r["direct_ms"] for r in check])
    assert len(check) == 64 and all(r["correct"] for r in check)
    assert 0.95 <= np.median(ratios) <= 1.02 and ratios.min() > 0.9


def test_warpgroups_sharing_a_k_major_b_tile():
    """The nt slowdown rule (perfmodel.kernels.operands.shares_kmajor_b): 16-bit and FP8 wgmma
    tiles with two warpgroups and B stored N x K take the fitted factor on their matrix term, in
    the pointer kernel from BLOCK_N 256 (BLOCK_M 64 too) and the TMA kernel from 128 (BLOCK_M
    128); nn, 4 warps, TF32 and the persistent kernels do not."""
    from perfmodel.kernels.operands import shares_kmajor_b

    grouped, tma = registry.get("grouped"), registry.get("tma")
    nt = perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16", layout="nt")
    cfgs = ConfigArrays.of([dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, num_warps=8, num_stages=3),
                            dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, num_warps=8, num_stages=3),
                            dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, num_warps=4, num_stages=3),
                            dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=128, num_warps=8, num_stages=2)])
    wg = np.ones(4, dtype=bool)
    assert shares_kmajor_b(nt, cfgs, wg, grouped.shared_b_min_bn).tolist() == [True, False, False, False]
    assert shares_kmajor_b(nt, cfgs, wg, tma.shared_b_min_bn).tolist() == [True, True, False, False]
    for p in (perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16"),
              perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="tf32", layout="nt")):
        assert not shares_kmajor_b(p, cfgs, wg, 128).any()
    assert not shares_kmajor_b(nt, cfgs, wg, PERSISTENT.shared_b_min_bn).any()
    fp8 = perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp8", layout="nt")
    assert shares_kmajor_b(fp8, cfgs, wg, grouped.shared_b_min_bn).tolist() == [True, False, False, False]
    # the pointer kernel's 64-row tiles at 8 warps (warpgroups side by side along N) from BLOCK_N 256
    narrow = ConfigArrays.of([dict(BLOCK_M=64, BLOCK_N=256, BLOCK_K=64, num_warps=8, num_stages=3),
                              dict(BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, num_warps=8, num_stages=3)])
    two = np.ones(2, dtype=bool)
    assert shares_kmajor_b(nt, narrow, two, grouped.shared_b_min_bn, grouped.shared_b_min_bm).tolist() == [True, False]
    assert not shares_kmajor_b(nt, narrow, two, tma.shared_b_min_bn, tma.shared_b_min_bm).any()  # not measured there
    cfg = perfmodel.TileConfig.parse("128x256x64_w8_s3")
    t_nt = perfmodel.predict(H200, nt, cfg).time_s
    t_nn = perfmodel.predict(H200, perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16"), cfg).time_s
    assert t_nt > 1.2 * t_nn  # measured +33% (layouts suite)


def test_the_shared_b_factor_is_what_its_fit_gives(capsys):
    from validation import fit_shared_kmajor_b

    assert fit_shared_kmajor_b.main([]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert float(line.split("=")[1]) == pytest.approx(H200.calibration.shared_kmajor_b_factor.value, rel=0.01)


def test_fp8_wide_tiles_sharing_b_are_predicted_slow_as_measured():
    """FP8 nt, grouped kernel: 128x256 at 8 warps (two warpgroups reading one K-major B tile) ran
    1.26-1.41x the time of 256x128 with the same BLOCK_K <= 64, stages and GROUP_M on the seven
    large shapes of h200/fp8 (median per shape); the model, with the shared-B factor now applied
    to FP8, predicts 1.25-1.29 there. (On the three decode and partial-wave shapes it measured
    1.12-1.29 where the model, whose matrix term is not the top there, predicts ~1.0.)"""
    from perfmodel.scoring.rankers import rank_perfmodel

    large = 0
    for shape in load_runs("h200/fp8").shapes:
        runs = [r for r in shape.all_runs if r["kernel"] == "grouped" and r["num_warps"] == 8
                and (r["BLOCK_M"], r["BLOCK_N"]) in ((128, 256), (256, 128)) and r["BLOCK_K"] <= 64]
        _, pred = rank_perfmodel(shape, runs)
        t = {(r["BLOCK_M"], r["BLOCK_K"], r["num_stages"], r["GROUP_M"]): (r["time_ms"], p) for r, p in zip(runs, pred)}
        pairs = np.array([(tm / t[(256, *k)][0], tp / t[(256, *k)][1])
                          for (bm, *k), (tm, tp) in t.items() if bm == 128 and (256, *k) in t])
        if shape.M >= 1024 and shape.N >= 3072:
            large += 1
            measured, predicted = np.median(pairs, axis=0)
            assert measured > 1.2 and predicted > 1.2, (shape.label(), measured, predicted)
    assert large == 7


def test_the_all_kernel_score_skips_kernels_rank_leaves_out():
    """The descriptor kernels are declared for fp16, bf16 and FP8: rank leaves them out for IEEE
    fp32 (and TF32), so the all-kernel score never picks them there, though their runs were timed
    (h200/holdout10: fp32 nt with tensor descriptors ran 2.3-3.7x the pointer kernel)."""
    from perfmodel.scoring.metrics import VIEWS, score_shape

    nt = perfmodel.GemmProblem(M=2048, N=3072, K=768, dtype="fp32", layout="nt")
    assert set(perfmodel.rank(H200, nt).kernels) == {"grouped", "splitk"}
    shapes = [s for s in load_runs("h200/holdout10").shapes if s.dtype == "fp32"]
    assert len(shapes) == 4 and all(any(r["kernel"] == "persistent" for r in s.all_runs) for s in shapes)
    picks = [score_shape(s, VIEWS["perfmodel:all"]).pick for s in shapes]
    assert not any(p.startswith(("tma:", "persistent")) for p in picks), picks
