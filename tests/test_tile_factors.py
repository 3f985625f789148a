"""The H200's measured tile factors (perfmodel.kernels.tile_factors): the device file holds what
validation/fit_tile_factors.py derives, the model applies them where they were fitted and nowhere
else, and the fit's fixed point is checked by recomputing the residuals with the factors on."""

from __future__ import annotations

import numpy as np
import pytest

import perfmodel
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.evaluate import context, evaluate
from perfmodel.kernels.registry import get
from perfmodel.kernels.tile_factors import factor_class, lookup_keys, tile_key, tile_of
from perfmodel.problem import GemmProblem
from perfmodel.scoring.datasets import Dataset, load_runs
from perfmodel.scoring.metrics import evaluate as score
from perfmodel.scoring.tile_fit import MIN_EFFECT, MIN_STAGE_EFFECT, _log_ratios, fit_tile_factors, with_factors
from validation import fit_tile_factors as script

SPEC = perfmodel.load_hardware("h200")


@pytest.fixture(scope="module")
def fit():
    return script.fit(SPEC)


def test_the_device_file_holds_the_derived_factors(fit):
    text = (script.HERE.parent / "hardware" / "h200.yaml").read_text()
    assert script.yaml_block(fit) in text
    loaded = SPEC.calibration.tile_factors.loops["pointer"]
    assert loaded.kernels == ("grouped", "splitk") and loaded.factors == fit.factors["pointer"]
    from validation.score_sets import UNREAD

    # the hold-out kept unread stays out of the fit, and so do the repeat and the contended runs
    assert not set(script.FIT_SETS) & (set(UNREAD) | {"repeat", "holdout5_contended", "hopper_contended",
                                                        "layouts_contended", "mixed2_contended"})


def test_the_fit_records_the_tf32_8_warp_slowdown(fit):
    tf32 = fit.factors["pointer"]["tf32"]
    assert tf32["128x128x64_w8"] > 1.2 and tf32["128x128x32_w8"] > 1.2
    assert tf32["128x256x32_w8"] == 1.0  # within 10% of the formulas: kept as 1 (no neighbour stands in)
    assert tf32["128x256x64_w8"] > 1.2  # at most 2 stages fit in TF32: slower than the formulas say
    # |ln f| >= MIN_EFFECT before rounding to 3 digits: 1.105 (ln 0.0998) is a kept 1.1052; a staged
    # key's effect, >= MIN_STAGE_EFFECT, is over the factor its tile takes without it (rounded twice:
    # 0.002 of slack)
    for cls, table in fit.factors["pointer"].items():
        if " load " in cls and " decode" in cls:
            continue  # the decode round keeps every ratio (test_element_wise_decode_classes_refine_their_class)
        for key, f in table.items():
            bm, bn, bk, w, stages = tile_of(key)
            base = table.get(tile_key(bm, bn, bk, w), table.get(tile_key(0, 0, bk, w), 1.0)) if stages else 1.0
            if f == 1.0 and not stages:
                continue  # a tile seen often enough, within MIN_EFFECT of 1: kept as 1
            assert abs(np.log(f / base)) >= (MIN_STAGE_EFFECT if stages else MIN_EFFECT) - 0.002, (cls, key, f, base)


def test_the_fit_refines_one_block_tiles_by_their_stages(fit):
    """Session 16's lead, adopted in session 17 (holdout40: 0.943 -> 0.954): 256x128x64_w8, one block
    per SM, runs 1.35x the formulas at two stages and near them at three and four; its stage-free
    median had averaged these. Kept from 2% (session 19), four stages (and from session 30 three)
    take a key of their own a few percent under the formulas. Only the aligned classes (STAGED) carry staged keys."""
    from perfmodel.kernels.tile_factors import STAGED

    b16 = fit.factors["pointer"]["16-bit"]
    assert b16["256x128x64_w8_s2"] > 1.25 and b16["256x128x64_w8"] == 1.0  # the tile, within 10% of 1
    # three and four stages within a few percent under the tile's 1 (three stages took a key of its own,
    # 0.979, from session 30's graph-timed short shapes: |ln| just over MIN_STAGE_EFFECT)
    assert 0.95 < b16.get("256x128x64_w8_s3", 1.0) <= 1.0 and 0.9 < b16["256x128x64_w8_s4"] < 1.0
    staged = {cls for cls, table in fit.factors["pointer"].items() for key in table if tile_of(key)[4]}
    assert staged and all(" load " not in cls for cls in staged) and STAGED == ("all",)


def test_residuals_with_the_factors_on_sit_near_one():
    """Independent of the fit's own bookkeeping: recompute every fitted run's measured / predicted
    with the device's factors applied through the model; each compute-bound class with a factor has
    a median within 8% of 1 (the factors were fitted toward that fixed point in two rounds). The
    decode classes are not held to it: their time is mostly the memory term, which a k-step factor
    moves only in part, and more rounds (four) scored worse left-one-set-out (NOTES, session 8)."""
    data = [load_runs(f"h200/{s}") for s in ("holdout8", "holdout9", "holdout10", "holdout11", "layouts")]
    logs = _log_ratios(data, SPEC, {"pointer": ("grouped", "splitk")})
    table = SPEC.calibration.tile_factors.loops["pointer"].factors
    checked = 0
    staged = _log_ratios(data, SPEC, {"pointer": ("grouped", "splitk")}, "staged")
    for (_, cls, key), v in list(logs.items()) + list(staged.items()):
        if key in table.get(cls, {}) and len(v) >= 100 and not cls.endswith("decode"):
            assert abs(np.median([x for x, _ in v])) < np.log(1.03) + 0.05, (cls, key)
            checked += 1
    assert checked >= 20 and any(tile_of(key)[4] for (_, cls, key) in staged if key in table.get(cls, {}))


def _times(spec, problem, kernel, cfg):
    ctx = context(spec, problem)
    return evaluate(get(kernel), ctx, ConfigArrays.of([cfg]))


CFG = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "num_warps": 8, "num_stages": 3, "GROUP_M": 8, "SPLIT_K": 1}


def test_the_factor_scales_the_kstep_where_it_was_fitted_only():
    bare = with_factors(SPEC, None)
    p = GemmProblem(M=4096, N=4096, K=4096, dtype="tf32", layout="nt")
    table = SPEC.calibration.tile_factors.loops["pointer"].factors[factor_class(p)]
    f = next(table[k] for k in lookup_keys(128, 128, 64, 8, CFG["num_stages"]) if k in table)  # first present
    on, off = _times(SPEC, p, "grouped", CFG), _times(bare, p, "grouped", CFG)
    assert on["tile_factor"][0] == f and off["tile_factor"][0] == 1.0
    assert on["kstep_s"][0] == pytest.approx(f * off["kstep_s"][0])
    mid = GemmProblem(M=200, N=4096, K=4096, dtype="tf32", layout="nt")  # 64 < M < 256: read, not fitted on
    assert _times(SPEC, mid, "grouped", CFG)["tile_factor"][0] == f
    for other in (GemmProblem(M=4096, N=4096, K=4004, dtype="tf32", layout="nt"),  # K not 16-divisible
                  GemmProblem(M=4096, N=4096, K=4096, dtype="fp32", layout="nt")):  # no matrix instruction
        assert _times(SPEC, other, "grouped", CFG)["tile_factor"][0] == 1.0, other
    assert _times(SPEC, p, "tma", CFG)["tile_factor"][0] == 1.0  # the TMA loop has no factors
    assert factor_class(GemmProblem(M=4096, N=4096, K=4096, dtype="tf32", layout="nn")) == "tf32 gathered"
    assert factor_class(GemmProblem(M=1024, N=4096, K=4096, dtype="bf16", layout="nt")) == "16-bit"
    assert factor_class(GemmProblem(M=16, N=4096, K=4096, dtype="bf16", layout="nt")) == "16-bit decode"
    assert factor_class(GemmProblem(M=128, N=4096, K=4096, dtype="bf16", layout="nt")) == "16-bit"  # session 25


def test_tf32_tiles_storing_c_element_by_element_keep_apart():
    """Candidate 26 (session 23): a TF32 `nt` problem whose N is not 16-divisible (loads class "all",
    C stored element by element, which the model prices for 16-bit C only) takes the "odd N" class,
    not the aligned TF32 factors; 16-bit C keeps its class (its store has a term of its own)."""
    assert factor_class(GemmProblem(M=8192, N=30522, K=256, dtype="tf32", layout="nt")) == "tf32 odd N"
    assert factor_class(GemmProblem(M=16, N=30522, K=256, dtype="tf32", layout="nt")) == "tf32 odd N decode"
    assert factor_class(GemmProblem(M=8192, N=30528, K=256, dtype="tf32", layout="nt")) == "tf32"
    assert factor_class(GemmProblem(M=8192, N=30522, K=256, dtype="bf16", layout="nt")) == "16-bit"
    p = GemmProblem(M=8192, N=30522, K=256, dtype="tf32", layout="nt")
    cfg = dict(CFG, BLOCK_M=128, BLOCK_N=256, BLOCK_K=32, num_warps=8, num_stages=3)
    aligned = SPEC.calibration.tile_factors.loops["pointer"].factors["tf32"]
    assert any(k in aligned for k in lookup_keys(128, 256, 32, 8, 3))  # the aligned class has a factor for it
    assert _times(SPEC, p, "grouped", cfg)["tile_factor"][0] == 1.0  # the odd-N class does not


def test_holdout12_judged_the_factors():
    """The twelfth hold-out, recorded before the factors (validation/data/h200/
    holdout12_scored_at_recording.txt: median errors 0.110-0.153, Spearman 0.906-0.946): with them,
    every (dtype, layout) group's median error is <= 0.12 and Spearman >= 0.95, top-1 >= 0.94."""
    data = load_runs("h200/holdout12")
    for group in sorted({(s.dtype, s.layout) for s in data.shapes}):
        d = Dataset(data.path, data.headers, [s for s in data.shapes if (s.dtype, s.layout) == group])
        r = score(d, ["perfmodel"])["perfmodel"]
        assert r.rel_err_median <= 0.12 and r.spearman_median >= 0.95 and r.top1_geomean >= 0.94, (group, r)


def test_fit_tiles_writes_a_device_file_that_ranks(cli, tmp_path):
    """A user's own sweeps -> a device file with their tile factors, usable wherever a device is named;
    too few runs is a one-line error, exit 2."""
    out = tmp_path / "mine.yaml"
    r = cli("fit-tiles", "--hw", "h200", "--data", "h200/holdout8,h200/holdout9,h200/holdout11", "-o", out)
    assert r.returncode == 0, r.stderr
    assert "with them" in r.stdout and out.exists()
    mine = perfmodel.load_hardware(str(out))
    assert mine.calibration.tile_factors.loops["pointer"].factors["tf32"]["128x128x64_w8"] > 1.2
    # the summary counts every loop's classes apart (two loops share class names: session 22)
    loops = mine.calibration.tile_factors.loops
    written = sum(len(t) for lf in loops.values() for t in lf.factors.values())
    assert set(loops) == {"pointer", "descriptor"} and f"{written} factors (" in r.stdout
    r = cli("rank", "--hw", out, "--m", 4096, "--n", 4096, "--k", 4096, "--dtype", "tf32", "--layout", "nt", "--top", 3)
    assert r.returncode == 0, r.stderr
    r = cli("fit-tiles", "--hw", "h200", "--data", "h200/mixed", "-o", tmp_path / "x.yaml")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "no tile class" in r.stderr
    r = cli("fit-tiles", "--hw", "h200", "--data", "h200/holdout8", "--min-runs", 0, "-o", tmp_path / "y.yaml")
    assert r.returncode == 2 and "at least 1" in r.stderr


def test_the_vectorised_lookup_agrees_with_the_table():
    from perfmodel.kernels.tile_factors import factor_table, neighbour, tile_factors

    p = GemmProblem(M=4096, N=4096, K=4096, dtype="tf32", layout="nn")
    space = get("grouped").space(SPEC, p)
    table = factor_table(SPEC, "grouped", p)
    got = tile_factors(SPEC, "grouped", p, space)
    tiles = zip(*(space[c] for c in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages")))

    def one(bm, bn, bk, w, st):  # the module doc's order, key by key
        for key in (tile_key(bm, bn, bk, w, st), tile_key(bm, bn, bk, w), tile_key(0, 0, bk, w)):
            if key in table:
                return table[key]
        near = neighbour(table, bm, bn, bk, w)
        return near[1] if near else 1.0

    want = [one(*t) for t in tiles]
    pooled = [table.get(tile_key(*k[:4]), 1.0) for k in zip(*(space[c] for c in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps")))]
    assert np.array_equal(got, np.array(want)) and (got != 1.0).sum() > 100
    assert (got != np.array(pooled)).sum() > 10  # staged keys take over their tile's factor


def test_holdout13_judged_the_decode_classes_and_gives_the_final_figures():
    """The thirteenth hold-out, kept back unread until the end of session 8 (validation/data/h200/
    holdout13_scored.txt has it under the session's three models): with the factors and their decode
    classes every (dtype, layout) group and the decode shapes reach top-1 >= 0.95, Spearman >= 0.95
    and median error <= 0.09; the decode shapes' top-1 rose (0.965 without the decode classes)."""
    from validation.score_holdout13 import subsets

    data = load_runs("h200/holdout13")
    for name, shapes in subsets(data):
        r = score(Dataset(data.path, data.headers, shapes), ["perfmodel"])["perfmodel"]
        assert r.top1_geomean >= 0.95 and r.spearman_median >= 0.95 and r.rel_err_median <= 0.09, (name, r)
        if name == "decode":
            assert r.top1_geomean > 0.965


def test_hardware_show_lists_the_tile_factors(cli):
    r = cli("hardware", "show", "h200")
    n = sum(map(len, SPEC.calibration.tile_factors.loops["pointer"].factors.values()))
    assert r.returncode == 0 and "calibration.tile_factors.pointer" in r.stdout and f" {n} factors" in r.stdout


def test_plot_tile_factors(cli, tmp_path):
    out = tmp_path / "tf.png"
    r = cli("plot", "tile-factors", "--hw", "h200", "-o", out)
    assert r.returncode == 0 and out.stat().st_size > 10_000, r.stderr
    r = cli("plot", "tile-factors", "--hw", "h100", "-o", tmp_path / "x.png")
    assert r.returncode == 2 and "no measured tile factors" in r.stderr


def test_holdout15_judged_the_regime_bound():
    """The fifteenth hold-out (mid-size layers, recorded to judge the main regime's bound, 256
    against 512; validation/NOTES.md): at 256 its shapes with M or N in 256..511 reach top-1 0.946
    (0.922 at 512), and all 48 Spearman >= 0.95 with median error <= 0.07."""
    from perfmodel.kernels.tile_factors import MIN_MN

    assert MIN_MN == 256
    data = load_runs("h200/holdout15")
    mid = Dataset(data.path, data.headers, [s for s in data.shapes if 256 <= min(s.M, s.N) < 512])
    assert len(mid.shapes) == 44 and score(mid, ["perfmodel"])["perfmodel"].top1_geomean > 0.94
    r = score(data, ["perfmodel"])["perfmodel"]
    assert r.spearman_median >= 0.95 and r.rel_err_median <= 0.07


def test_element_wise_load_classes_and_their_block_k_fallback():
    """Shapes loading an operand element by element read a class per (dtype class, load class,
    layout) at any size (refined at decode M: test_element_wise_decode_classes_refine_their_class); class "k" tiles without a factor of their own take their BLOCK_K x
    warps class's (BK128_w8: ~1.6x on the H200), a tile's own factor wins over it; class "none" has
    its own since holdout20 judged them (session 10; holdout17 had judged them worse in session 9),
    TF32 shapes none (holdout19 judged them worse: validation/NOTES.md, session 10)."""
    from perfmodel.kernels.tile_factors import tile_factors, tile_of

    k = GemmProblem(M=512, N=32001, K=4096, dtype="fp16", layout="nn")
    assert factor_class(k) == "16-bit load k nn"
    assert factor_class(GemmProblem(M=65, N=32001, K=4096, dtype="bf16")) == "16-bit load k nn"  # any size
    assert factor_class(GemmProblem(M=64, N=32001, K=4096, dtype="bf16")) == "16-bit load k nn decode"  # refines it
    assert factor_class(GemmProblem(M=4096, N=4096, K=1000, dtype="fp16")) == "16-bit load n nn"
    assert factor_class(GemmProblem(M=1000, N=1000, K=1000, dtype="fp16")) == "16-bit load none nn"
    assert factor_class(GemmProblem(M=512, N=32001, K=4096, dtype="tf32")) is None
    assert tile_key(0, 0, 128, 8) == "BK128_w8" and tile_of("BK128_w8") == (0, 0, 128, 8, 0)
    table = SPEC.calibration.tile_factors.loops["pointer"].factors["16-bit load k nn"]
    # 2.2 before the L1 term (session 10) explained part of it: BLOCK_K 128 doubles the lines re-read
    assert table["BK128_w8"] > 1.5 and "256x128x128_w8" not in table and "128x128x32_w4" in table
    cfgs = ConfigArrays.of([dict(CFG, BLOCK_M=256, BLOCK_N=128, BLOCK_K=128, num_stages=2),
                            dict(CFG, BLOCK_K=32, num_warps=4), dict(CFG, BLOCK_M=32, BLOCK_N=32, BLOCK_K=32, num_warps=2)])
    got = tile_factors(SPEC, "grouped", k, cfgs)
    assert got[0] == table["BK128_w8"] and got[1] == table["128x128x32_w4"]
    assert got[2] == table.get("32x32x32_w2", table.get("BK32_w2", 1.0))
    big_k = dict(CFG, BLOCK_M=256, BLOCK_N=128, BLOCK_K=128, num_stages=2)
    on, off = _times(SPEC, k, "grouped", big_k), _times(with_factors(SPEC, None), k, "grouped", big_k)
    assert on["kstep_s"][0] == pytest.approx(table["BK128_w8"] * off["kstep_s"][0])


def _without_element_wise(spec):
    factors = {loop: {c: t for c, t in lf.factors.items() if " load " not in c}
               for loop, lf in spec.calibration.tile_factors.loops.items()}
    return with_factors(spec, factors)


def test_holdout16_and_17_judged_the_element_wise_classes():
    """The sixteenth and seventeenth hold-outs, recorded before these classes were scored on them
    (each scored at recording into a file, unread): the shapes of load class "k" gain top-1
    (0.761 -> 0.814) and Spearman (0.860 -> 0.922), those of class "n" top-1 (0.945 -> 0.955) and
    median error (0.263 -> 0.119); no (dtype, layout) group loses top-1. Since the L1 term of the
    element-wise loads (session 10, perfmodel.kernels.pipeline.l1_thrash) class "k" reads 0.825 ->
    0.885 (Spearman 0.887 -> 0.949): the factors still add what they did. Since a lone block's
    first k-step (session 12, perfmodel.kernels.pipeline.first_step_time) the model without them
    reads class "k" 0.833, class "n" 0.945 (with them 0.974 and 0.982). Since the 16-byte copies
    past the loop's end (session 20, pipeline.past_copies_time) class "n" without them has Spearman
    0.810 (0.928 with them; before, under 0.80 and 0.88), "k" 0.886 (0.983)."""
    from perfmodel.scoring.rankers import problem_of

    before = _without_element_wise(SPEC)
    for name in ("holdout16", "holdout17"):
        data = load_runs(f"h200/{name}")
        for group in sorted({(s.dtype, s.layout) for s in data.shapes}):
            d = Dataset(data.path, data.headers, [s for s in data.shapes if (s.dtype, s.layout) == group])
            a, b = (score(d, ["perfmodel"], hw)["perfmodel"] for hw in (before, SPEC))
            assert b.top1_geomean >= a.top1_geomean - 1e-9, (name, group)
    shapes = [s for n in ("holdout16", "holdout17") for s in load_runs(f"h200/{n}").shapes]
    for load, top1, spearman in (("k", (0.83, 0.88), (0.88, 0.94)), ("n", (0.94, 0.954), (0.80, 0.90))):
        d = Dataset(data.path, data.headers, [s for s in shapes if problem_of(s).alignment == load])
        a, b = (score(d, ["perfmodel"], hw)["perfmodel"] for hw in (before, SPEC))
        assert a.top1_geomean < top1[0] + 0.01 and b.top1_geomean >= top1[1], (load, a, b)
        assert a.spearman_median < spearman[0] + 0.02 and b.spearman_median >= spearman[1], (load, a, b)


def test_predict_names_the_factor_it_applied(cli):
    """`predict`'s tile-factor row says which table entry applied: the tile's own, or its BLOCK_K x
    warps class's (a class-k tile without a factor of its own)."""
    r = cli("predict", "--hw", "h200", "--m", 512, "--n", 32001, "--k", 4096, "--config", "256x128x128_w8_s2_g8")
    assert r.returncode == 0 and "16-bit load k nn / BK128_w8" in r.stdout, r.stderr
    r = cli("predict", "--hw", "h200", "--m", 4096, "--n", 4096, "--k", 4096, "--dtype", "tf32", "--layout", "nt",
            "--config", "128x128x64_w8_s3_g8")
    assert r.returncode == 0 and "tf32 / 128x128x64_w8" in r.stdout, r.stderr


def test_the_descriptor_loop_has_factors_of_its_own(fit):
    """Session 22: the TMA, persistent and warp-specialized kernels' k-steps are fitted as one loop,
    apart from the pointer loop. What it was fitted for: their compute-bound k-steps ran faster than
    the formulas (the all-kernel pick went to pointer kernels), their decode k-steps slower."""
    loaded = SPEC.calibration.tile_factors.loops["descriptor"]
    assert loaded.kernels == ("tma", "persistent", "persistent_ws") and loaded.factors == fit.factors["descriptor"]
    assert loaded.factors["16-bit"]["128x256x64_w8"] < 0.95
    assert np.median(list(loaded.factors["16-bit decode"].values())) > 1.1


@pytest.mark.parametrize("kernel", ["tma", "persistent"])
def test_a_descriptor_kernels_kstep_takes_its_factor(kernel):
    """Cross-check: the k-step with the device's factors over the k-step without them is the factor
    `predict` reports, and that is the descriptor loop's entry for the tile (not the pointer loop's)."""
    from perfmodel.kernels.tile_factors import factor_key, without_factors

    p = perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16")
    cfg = perfmodel.TileConfig.parse(f"{kernel}:128x256x64_w8_s4")
    with_f, without = perfmodel.predict(SPEC, p, cfg), perfmodel.predict(without_factors(SPEC), p, cfg)
    key = factor_key(SPEC, kernel, p, cfg.BLOCK_M, cfg.BLOCK_N, cfg.BLOCK_K, cfg.num_warps, cfg.num_stages)
    table = SPEC.calibration.tile_factors.loops["descriptor"].factors["16-bit"]
    assert key is not None and key.split(" / ")[1] in table
    assert with_f.tile_factor == table[key.split(" / ")[1]] != 1.0
    assert with_f.kstep_s / without.kstep_s == pytest.approx(with_f.tile_factor, rel=1e-9)


def test_the_warp_specialized_kernel_takes_the_factor_of_its_launch_warps():
    """Its runs are fitted under the launch's num_warps (4); its k-step sees the dot's warps, two
    consumer warpgroups (2 x num_warps: mma_configs). The factor is looked up on the launch's config
    (candidate 24, validation/NOTES.md, session 22; before, it found no key and took none)."""
    from perfmodel.kernels.tile_factors import without_factors

    p = perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16")
    cfg = perfmodel.TileConfig.parse("persistent_ws:64x64x64_w4_s3")
    table = SPEC.calibration.tile_factors.loops["descriptor"].factors["16-bit"]
    assert "64x64x64_w8" not in table
    with_f, without = perfmodel.predict(SPEC, p, cfg), perfmodel.predict(without_factors(SPEC), p, cfg)
    assert with_f.tile_factor == table["64x64x64_w4"] != 1.0
    assert with_f.kstep_s / without.kstep_s == pytest.approx(with_f.tile_factor, rel=1e-9)


def test_a_tile_no_sweep_timed_takes_its_nearest_block_k_neighbour_floored_at_one():
    """Session 25, candidate 28: TF32 `nn` shapes picked 128x64x64_w2 (never swept, so no factor of
    its own) over 128x64x32_w2 (x1.35) and ran 0.69-0.89 of the sweeps' best. A tile without a key
    nor a BLOCK_K x warps class takes its BM x BN x warps neighbour's at the nearest BLOCK_K, never
    under 1; a tile the fit saw enough of keeps its own (1 where near it)."""
    from perfmodel.kernels.tile_factors import factor_key, factor_table, neighbour, tile_factors

    p = GemmProblem(M=25088, N=384, K=1536, dtype="tf32", layout="nn")
    table = factor_table(SPEC, "grouped", p)
    assert factor_class(p) == "tf32 gathered" and "128x64x64_w2" not in table and table["128x64x32_w2"] > 1.2
    assert neighbour(table, 128, 64, 64, 2) == ("128x64x32_w2", table["128x64x32_w2"])
    cfgs = ConfigArrays.of([dict(CFG, BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, num_warps=2, num_stages=2)])
    assert tile_factors(SPEC, "grouped", p, cfgs)[0] == table["128x64x32_w2"]
    assert factor_key(SPEC, "grouped", p, 128, 64, 64, 2, 2).startswith("tf32 gathered / 128x64x32_w2 (nearest")
    # floored at 1: a neighbour under 1 lends nothing
    assert neighbour({"64x64x32_w4": 0.7}, 64, 64, 64, 4) == ("64x64x32_w4", 1.0)
    # the smaller BLOCK_K on a tie; a held BLOCK_K x warps class or the tile itself wins
    assert neighbour({"64x64x32_w4": 1.3, "64x64x128_w4": 1.6}, 64, 64, 64, 4)[0] == "64x64x32_w4"
    assert neighbour({"64x64x32_w4": 1.3, "BK64_w4": 1.1}, 64, 64, 64, 4) is None
    assert neighbour({"64x64x32_w4": 1.3, "64x64x64_w4": 1.0}, 64, 64, 64, 4) is None
    assert neighbour({"64x64x32_w4": 1.3}, 64, 128, 64, 4) is None


def test_mid_size_aligned_shapes_read_the_compute_bound_class_unfitted():
    """Candidate 29 (validation/NOTES.md, session 25): an aligned shape with M or N under 256 (M > 64)
    reads the compute-bound class, which the fit still takes from M, N >= 256 alone (its judge:
    tests/test_fresh_judges.py)."""
    from perfmodel.kernels.tile_factors import fitted_on

    mid = GemmProblem(M=192, N=2048, K=1408, dtype="fp16", layout="nt")
    assert factor_class(mid) == "16-bit" and not fitted_on(mid)
    assert fitted_on(GemmProblem(M=256, N=256, K=64)) and fitted_on(GemmProblem(M=16, N=96, K=64))


def test_element_wise_decode_classes_refine_their_class(fit):
    """Candidate 37 (validation/NOTES.md, session 32): at decode M an element-wise tile takes its class's
    factor times its decode class's ratio (its tile's, else its BLOCK_K x warps class's, else 1); the
    split-K kernel, which takes no factor of the grouped kernel's where A is copied element by element,
    takes its own class's there. Checked against the tables key by key, and the decode ratios against
    the runs they rest on: the grouped kernel's element-wise k-steps at M <= 64 ran over their class's
    factors (16-bit load k nn: median ratio 1.1-1.2), split-K's under the formulas."""
    from perfmodel.kernels.tile_factors import factor_key, factor_tables, tile_factors

    table = SPEC.calibration.tile_factors.loops["pointer"].factors
    dec = GemmProblem(M=40, N=1024, K=429, dtype="fp16", layout="nt")  # class none, both operands element-wise
    names = [(n, refines) for n, _, refines in factor_tables(SPEC, "grouped", dec)]
    assert names == [("16-bit load none nt", False), ("16-bit load none nt decode", True)]
    assert [n for n, _, _ in factor_tables(SPEC, "splitk", dec)] == ["16-bit load none nt decode splitk"]
    assert factor_tables(SPEC, "splitk", dec.model_copy(update={"M": 65})) == []  # candidate 27b's side
    cfgs = ConfigArrays.of([dict(CFG, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, num_warps=w, num_stages=3)
                            for bm, bn, bk, w in ((64, 64, 64, 4), (64, 32, 64, 4), (16, 64, 128, 4))])
    base, ratio = table["16-bit load none nt"], table["16-bit load none nt decode"]

    def one(t, bm, bn, bk, w):
        return next((t[k] for k in (tile_key(bm, bn, bk, w), tile_key(0, 0, bk, w)) if k in t), 1.0)

    tiles = ((64, 64, 64, 4), (64, 32, 64, 4), (16, 64, 128, 4))
    got = tile_factors(SPEC, "grouped", dec, cfgs)
    assert np.allclose(got, [one(base, *t) * one(ratio, *t) for t in tiles])
    assert "16-bit load none nt decode / " in factor_key(SPEC, "grouped", dec, 64, 64, 64, 4, 3)
    own = table["16-bit load none nt decode splitk"]
    assert np.allclose(tile_factors(SPEC, "splitk", dec, cfgs), [one(own, *t) for t in tiles])
    # the fit's decode ratios are what the device holds, and the k class's sit over 1 (a shift of the class)
    for cls in ("16-bit load k nn decode", "16-bit load none nt decode", "16-bit load none nt decode splitk"):
        assert fit.factors["pointer"][cls] == table[cls] and len(table[cls]) >= 8
    k_ratios = list(table["16-bit load k nn decode"].values())
    assert np.median(k_ratios) > 1.1 and min(k_ratios) > 0.9
