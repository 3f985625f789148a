"""IEEE fp32's FMA dot (candidate 30, session 26): the K-major B reads per thread and k, and a warp
per scheduler; (candidate 31b, session 27) two warps per scheduler to hide a K-major B's reads
(perfmodel.kernels.pipeline, perfmodel.kernels.operands.fma_kmajor_b_reads)."""

import numpy as np
import pytest

import perfmodel
from perfmodel.kernels.operands import fma_kmajor_b_reads

H200 = perfmodel.load_hardware("h200")


def _predict(layout, config, m=2048, n=2048, k=1024, spec=H200):
    problem = perfmodel.GemmProblem(M=m, N=n, K=k, dtype="fp32", layout=layout)
    return perfmodel.predict(spec, problem, perfmodel.TileConfig.parse(config))


def test_the_reads_count_threads_times_block_k_where_b_is_k_major_and_the_dot_is_fma():
    nt = perfmodel.GemmProblem(M=64, N=64, K=64, dtype="fp32", layout="nt")
    nn = perfmodel.GemmProblem(M=64, N=64, K=64, dtype="fp32", layout="nn")
    threads, bk = np.array([128, 256]), np.array([32, 64])
    assert list(fma_kmajor_b_reads(nt, threads, bk, True)) == [128 * 32, 256 * 64]
    assert fma_kmajor_b_reads(nn, threads, bk, True) is None
    assert fma_kmajor_b_reads(nt, threads, bk, False) is None  # a matrix instruction: not this term


def test_nt_costs_more_than_nn_and_eight_warps_more_than_four():
    """The measured order the term gives (h200/layouts, 2048^2 x 1024 fp32 nt: 128x64x32 at 4 warps
    1.19 of the best, at 8 warps 1.85; nn 1.02 and 1.01): nt over nn, and in nt 8 warps over 4."""
    nt4, nt8 = _predict("nt", "128x64x32_w4_s5_g8"), _predict("nt", "128x64x32_w8_s5_g8")
    nn4, nn8 = _predict("nn", "128x64x32_w4_s5_g8"), _predict("nn", "128x64x32_w8_s5_g8")
    assert nt4.time_s > 1.3 * nn4.time_s
    assert nt8.time_s > 1.3 * nt4.time_s
    assert nn8.time_s == pytest.approx(nn4.time_s, rel=0.02)  # candidate 43's norm: 8 warps (8x4 tiles) +1.3%


def test_fewer_warps_than_schedulers_issue_at_their_share():
    """A block of 2 warps alone on its SM (128x128x64 at 3 stages: one block fits the shared
    memory) uses two of the four schedulers: its FMA term is twice the 4-warp block's (without the
    shared reads' norm, fma_smem_norm_nn, which adds alike to both)."""
    flat = H200.with_calibration(fma_smem_norm_nn=0.0)
    w2, w4 = _predict("nn", "128x128x64_w2_s3_g8", spec=flat), _predict("nn", "128x128x64_w4_s3_g8", spec=flat)
    assert w2.blocks_per_sm == w4.blocks_per_sm == 1
    assert w2.mma_s_per_kstep == pytest.approx(2 * w4.mma_s_per_kstep, rel=0.01)


def test_the_read_time_is_what_its_fit_gives(capsys):
    """fma_kmajor_b_read_s in hardware/h200.yaml is what validation/fit_fma_reads.py derives from the
    read fp32 nt runs, and the fit narrows their per-shape spread by 40% or more (0.220 -> 0.114
    since the shared-memory term counts the dot's reads in bank passes, which takes part of what the
    read term took alone: 0.338 -> 0.114 before)."""
    from validation import fit_fma_reads

    assert fit_fma_reads.main([]) == 0
    out = capsys.readouterr().out
    got = dict(line.split(" = ") for line in out.splitlines() if " = " in line)
    assert float(got["fma_kmajor_b_read_s"]) == pytest.approx(H200.calibration.fma_kmajor_b_read_s.value, rel=0.01)
    best, score = fit_fma_reads.fit(H200)
    assert score[best] < 0.6 * score[0.0]


def test_every_timed_launch_carries_the_dtype_s_precision():
    """The sweeps and the side-by-side judges launch through one helper that sets tl.dot's input
    precision: IEEE for fp32 (tl.dot's default for fp32 tensors is TF32)."""
    from perfmodel.gpu.bench import with_precision

    cfg = {"BLOCK_M": 64, "BLOCK_N": 64}
    assert with_precision(cfg, "fp32")["PRECISION"] == "ieee"
    assert with_precision(cfg, "tf32")["PRECISION"] == "tf32"
    assert with_precision(cfg, "fp16")["PRECISION"] is None and "PRECISION" not in cfg


def test_a_scheduler_needs_fma_hide_warps_warps_to_hide_its_shared_reads():
    """vector_issue_share: m / c, m = warps / schedulers, c = max(1, ceil(m)) the busiest scheduler's
    warps (fewer warps than schedulers leave some idle; 6 warps on 4 schedulers finish when the two
    schedulers holding two warps do, candidate 49, session 38); where the dot's warps must hide their
    shared reads, x min(1, c / h) ** q: fewer than h warps on the busiest scheduler expose those reads'
    latency. Elsewhere the second factor is left out."""
    from perfmodel.kernels.params import timing_params
    from perfmodel.kernels.fma import vector_issue_share

    p = timing_params(H200, "fp32")
    h, q = p.fma_hide_warps, p.fma_hide_exponent
    assert p.simds_per_sm == 4 and h == 2.0
    warps = np.array([2, 4, 6, 8, 16])
    share = vector_issue_share(p, warps, hides=True)
    assert list(share) == pytest.approx([0.5 * (1 / h) ** q, (1 / h) ** q, 0.75, 1.0, 1.0])
    assert share[0] < share[1] < share[2] < share[3]
    assert list(vector_issue_share(p, warps, hides=False)) == pytest.approx([0.5, 1.0, 0.75, 1.0, 1.0])


def test_where_b_is_read_k_major_the_share_takes_the_mean_scheduler():
    """Candidate 50 (session 39): where the FMA dot reads B K-major, c = max(1, m), the mean scheduler's
    warps, not the busiest's (the others' warps spend its extra time on the reads): 6 warps issue at
    (6 / 8) ** q of the rate with the hide factor, where the busiest scheduler's c = 2 gives 0.75; whole
    counts of warps per scheduler are unchanged. The k-step asks for it exactly where B is read K-major."""
    from perfmodel.kernels.params import timing_params
    from perfmodel.kernels.fma import vector_issue_share

    p = timing_params(H200, "fp32")
    h, q = p.fma_hide_warps, p.fma_hide_exponent
    warps = np.array([2, 4, 6, 8, 16])
    mean = vector_issue_share(p, warps, hides=True, busiest=False)
    assert list(mean) == pytest.approx([0.5 * (1 / h) ** q, (1 / h) ** q, (1.5 / h) ** q, 1.0, 1.0])
    busiest = vector_issue_share(p, warps, hides=True)
    assert mean[2] > busiest[2] and list(np.delete(mean, 2)) == pytest.approx(list(np.delete(busiest, 2)))


@pytest.mark.parametrize("layout,k_major", [("nt", True), ("nn", False)])
def test_the_k_step_asks_for_the_mean_scheduler_where_b_is_read_k_major(monkeypatch, layout, k_major):
    """fma_dot_time asks vector_issue_share for the busiest scheduler where B is read N-major (`nn`
    aligned) and for the mean where K-major (`nt`): a spy records what every call asked."""
    from perfmodel.kernels import fma

    asked = []
    real = fma.vector_issue_share

    def spy(p, warps, hides=False, busiest=True):
        asked.append(busiest)
        return real(p, warps, hides, busiest)

    monkeypatch.setattr(fma, "vector_issue_share", spy)
    _predict(layout, "64x128x32_w2_s3_g8")
    assert asked and all(np.all(np.asarray(b) != k_major) for b in asked)


def test_six_warps_issue_their_fmas_in_the_time_eight_do():
    """The busiest scheduler, counted warp by warp (an independent count: warps dealt round-robin to
    the schedulers, the k-step ends with the scheduler dealt the most): the FMA time of b blocks of w
    warps, b w / share, is that of the busiest scheduler's warps x the schedulers, for every count."""
    from perfmodel.kernels.params import timing_params
    from perfmodel.kernels.fma import vector_issue_share

    p = timing_params(H200, "fp32")
    for warps in range(1, 33):
        dealt = [0] * p.simds_per_sm
        for i in range(warps):
            dealt[i % p.simds_per_sm] += 1
        assert warps / vector_issue_share(p, warps) == pytest.approx(max(dealt) * p.simds_per_sm)


def test_the_reads_are_hidden_by_warps_where_b_is_k_major_or_the_loads_are_aligned():
    """hides_reads (candidate 41, session 35): B K-major in shared memory, in every load class; in
    `nn` the aligned class, and classes "k" and "none", where B is copied element by element and so
    sits K-major too (operands.b_kmajor_in_shared, candidate 46, session 37). A 4-warp block alone on
    its SM (one warp per scheduler, half of h) has its FMA term (1 / h) ** -q longer than with the
    factor left out (exponent 0) in aligned `nn`; in `nt` and `nn` class "k" longer still, beside the
    K-major B reads' own time; with K not 16-divisible (class "n": B N-major, A element by element),
    `nn` keeps its element-wise class's own term."""
    cal = H200.calibration
    spec = H200.with_calibration(fma_smem_norm_nn=0.0)  # the shared reads' norm in `nn` left out: it adds to both
    flat = spec.with_calibration(fma_hide_exponent=0.0)
    slower = (cal.fma_hide_warps.value / 1.0) ** cal.fma_hide_exponent.value
    config = perfmodel.TileConfig.parse("128x128x64_w4_s3_g8_k1")
    ratio = {}
    for layout, n, k in (("nn", 2048, 1024), ("nn", 2047, 1024), ("nn", 2048, 1023), ("nt", 2048, 1024),
                         ("nt", 2047, 1024)):
        problem = perfmodel.GemmProblem(M=2048, N=n, K=k, dtype="fp32", layout=layout)
        got, base = (perfmodel.predict(x, problem, config) for x in (spec, flat))
        assert got.blocks_per_sm == 1, (layout, n)
        ratio[(layout, n, k)] = got.mma_s_per_kstep / base.mma_s_per_kstep
    assert ratio[("nn", 2048, 1024)] == pytest.approx(slower, rel=1e-6)
    assert ratio[("nn", 2048, 1023)] == pytest.approx(1.0, rel=1e-12)
    for key in (("nn", 2047, 1024), ("nt", 2048, 1024), ("nt", 2047, 1024)):
        assert ratio[key] > 1.2, key  # beside the K-major B reads' own time


def test_b_copied_element_by_element_sits_k_major_in_shared_memory():
    """b_kmajor_in_shared (candidate 46, session 37): where B is copied one element at a time (`nn`
    load classes "k" and "none") the FMA dot reads it as from a K-major B: the same per-thread reads and
    the same bank passes as the `nt` problem of the same sizes, and more passes than `nn`'s aligned
    class, whose B is N-major (sm_90 TTGIR: B's shared tile order [0, 1] in those classes)."""
    from perfmodel.kernels.operands import b_kmajor_in_shared, fma_kmajor_b_reads, fma_smem_bytes

    def problem(layout, n, k=512):
        return perfmodel.GemmProblem(M=1024, N=n, K=k, dtype="fp32", layout=layout)

    cases = {"all": problem("nn", 1024), "k": problem("nn", 1023), "n": problem("nn", 1024, 511),
             "none": problem("nn", 1023, 511)}
    assert {c: p.alignment for c, p in cases.items()} == {c: c for c in cases}
    assert {c: b_kmajor_in_shared(p, c) for c, p in cases.items()} == {"all": False, "k": True, "n": False, "none": True}
    assert b_kmajor_in_shared(problem("nt", 1024), "all")
    nt = float(fma_smem_bytes(problem("nt", 1024), 64, 64, 32, 4, 4, "all"))
    for cls in ("k", "none"):
        assert float(fma_smem_bytes(cases[cls], 64, 64, 32, 4, 4, cls)) == nt
        assert list(fma_kmajor_b_reads(cases[cls], np.array([128]), np.array([32]), True, cls)) == [128 * 32]
    assert float(fma_smem_bytes(cases["all"], 64, 64, 32, 4, 4, "all")) < nt
    assert fma_kmajor_b_reads(cases["n"], np.array([128]), np.array([32]), True, "n") is None


def test_the_latency_constants_are_what_their_fit_gives():
    """fma_hide_warps, fma_hide_exponent and fma_kmajor_b_read_s in hardware/h200.yaml are
    validation/fit_fma_latency.py's joint grid point, which narrows the read fp32 nt runs' per-shape
    spread against one warp per scheduler taken as enough."""
    from validation import fit_fma_latency

    (hide, exponent, read_s), score = fit_fma_latency.fit(H200)
    cal = H200.calibration
    assert hide == cal.fma_hide_warps.value and exponent == pytest.approx(cal.fma_hide_exponent.value)
    assert read_s == pytest.approx(cal.fma_kmajor_b_read_s.value, rel=0.01)
    assert score[(hide, exponent)][1] < 0.95 * score[(1.0, 0.0)][1]
    (h_nn, q_nn), nn = fit_fma_latency.fit_nn(H200)  # the aligned `nn` runs, fitted apart: the same point
    assert (h_nn, q_nn) == (hide, exponent) and nn[(h_nn, q_nn)] < 0.7 * nn[(1.0, 0.0)]


def test_the_fma_dot_reads_what_its_compiles_issue():
    """fma_thread_tile's rows and cols give the FMA dot's instructions in the sm_90 SASS of 368
    offline compiles (validation/fma_sass_counts.py, all four layouts, BLOCK_K 16-64, 2-8 warps):
    rows x cols x BK FFMA, and rows x BK / 4 (A K-major) or / spt (M-major) plus cols x BK / 4 (B
    K-major) or / spt (N-major) 16- or 8-byte shared reads, beside the C tile's own pass through
    shared memory on the way out (none, or rows x cols / 4 reads)."""
    import json
    from pathlib import Path

    from perfmodel.kernels.operands import fma_thread_tile
    from perfmodel.layouts import LAYOUTS

    path = Path(__file__).resolve().parent.parent / "validation" / "data" / "compile" / "fma_sass_counts.jsonl"
    rows_ = [json.loads(line) for line in path.read_text().splitlines()]
    compiled = [r for r in rows_ if r.get("kind") != "header" and "error" not in r]
    assert len(compiled) == 368 and {r["layout"] for r in compiled} == {"nn", "nt", "tn", "tt"}
    for r in compiled:
        bm, bn, bk, w, lay = r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"], LAYOUTS[r["layout"]]
        rows, cols, _, _, spt = (int(x) for x in fma_thread_tile(bm, bn, w))
        assert r.get("FFMA", 0) == rows * cols * bk, r
        reads = rows * bk // (4 if lay.a_k_major else spt) + cols * bk // (4 if lay.b_k_major else spt)
        assert r.get("LDS.128", 0) + r.get("LDS.64", 0) - reads in (0, rows * cols // 4), r


def test_a_k_major_a_read_by_more_lanes_along_m_takes_more_bank_passes():
    """fma_smem_bytes: 64x32 at 2 warps (four lanes along M) reads A in four passes per read, its
    mirror 32x64 (two lanes) in two; the same FFMA and reads otherwise. Measured, 64x32 w2 ran 7-9%
    slower than 32x64 w2 on the read fp32 `nn` shapes (validation/NOTES.md, session 28)."""
    from perfmodel.kernels.operands import fma_smem_bytes
    from perfmodel.problem import GemmProblem

    p = GemmProblem(M=2048, N=2048, K=2048, dtype="fp32")
    tall, wide = (float(fma_smem_bytes(p, bm, bn, 32, 2, 4)) for bm, bn in ((64, 32), (32, 64)))
    # each thread: 8 rows x 4 cols; A: 8 x 32 / 4 = 64 reads, in 4 (tall) or 2 (wide) passes; B: 32
    # reads, 8 or 16 lanes of 16 bytes side by side: 1 or 2 passes; 2 warps, 128 bytes a pass
    assert tall - wide == 2 * 128 * (64 * (4 - 2) - 32 * (2 - 1))


def test_mirrored_nt_tiles_are_ordered_by_their_bank_passes_and_nn_is_not():
    """Candidate 40 (session 34): in `nt`, 128x64 at 4 warps makes fewer shared-memory bank passes than
    64x128 (operands.fma_smem_bytes), and the leak of the shorter term orders them as the read sets'
    pairs ran (the tile with fewer passes faster in 86% of 91 pairs); with the leak 0 they tie. In
    `nn` the term is left out: the two stay as the FMA and shared-memory bound give them."""
    from validation.fit_fma_smem_leak import with_leak

    problem = perfmodel.GemmProblem(M=1536, N=768, K=768, dtype="fp32", layout="nt")
    a, b = (perfmodel.TileConfig.parse(c) for c in ("128x64x64_w4_s3_g8_k1", "64x128x64_w4_s3_g8_k1"))
    assert perfmodel.predict(H200, problem, a).time_s < perfmodel.predict(H200, problem, b).time_s
    tied = with_leak(H200, 0.0)
    assert perfmodel.predict(tied, problem, a).time_s == pytest.approx(perfmodel.predict(tied, problem, b).time_s, rel=1e-12)
    nn = perfmodel.GemmProblem(M=1536, N=768, K=768, dtype="fp32", layout="nn")
    assert perfmodel.predict(H200, nn, a).time_s == perfmodel.predict(tied, nn, a).time_s


def test_the_smem_leak_is_what_its_fit_gives():
    from validation import fit_fma_smem_leak

    found = fit_fma_smem_leak.pairs(H200)
    assert len(found) >= 80
    leak, curve = fit_fma_smem_leak.fit(H200, found)
    assert leak == H200.calibration.fma_smem_leak.value
    assert curve[0.0] == 1.0 and curve[leak] < 1.0  # with the leak 0 every pair ties: that is how they were chosen


def test_the_nn_norm_falls_on_tiles_whose_reads_match_their_fmas():
    """Candidate 43 (session 35): where B is N-major, in the aligned class, the dot's term is the
    n-norm of the FMA and shared terms, n = fma_smem_norm_nn. A 4x4 thread tile (32x64 at 4 warps:
    2 + 2 bank passes a warp and k against 16 FMAs over four schedulers) gains up to 2^(1/n); an 8x4
    tile (64x64 at 4 warps), whose reads are the shorter by more, gains much less; with N not
    16-divisible nothing changes."""
    flat = H200.with_calibration(fma_smem_norm_nn=0.0)
    n = H200.calibration.fma_smem_norm_nn.value
    assert n > 0

    def gain(width, config):
        problem = perfmodel.GemmProblem(M=768, N=width, K=4096, dtype="fp32", layout="nn")
        c = perfmodel.TileConfig.parse(config)
        return perfmodel.predict(H200, problem, c).mma_s_per_kstep / perfmodel.predict(flat, problem, c).mma_s_per_kstep

    small, large = gain(1024, "32x64x64_w4_s4_g8_k1"), gain(1024, "64x64x64_w4_s3_g8_k1")
    assert 1 + 0.5 * (2 ** (1 / n) - 1) < small <= 2 ** (1 / n) + 1e-9
    assert 1.0 < large < 1 + 0.5 * (small - 1)
    assert gain(1023, "32x64x64_w4_s4_g8_k1") == pytest.approx(1.0, rel=1e-12)


def test_the_nn_norm_is_what_its_fit_gives():
    from validation import fit_fma_smem_leak

    n, curve = fit_fma_smem_leak.fit_nn(H200)
    assert n == pytest.approx(H200.calibration.fma_smem_norm_nn.value)
    assert curve[n] < 0.97 * curve[0.0]


@pytest.mark.parametrize("kernel, layout, shape, applies", [
    ("grouped", "nt", (2048, 1536, 512), True),  # aligned `nt`: where fit_fma_spills measured it
    ("splitk", "nt", (2048, 1536, 512), False),  # the split-K kernel: its own register table, not measured
    ("grouped", "nt", (2047, 1535, 511), False),  # class "none": B read K-major, but never measured
    ("grouped", "nn", (2048, 1536, 512), False),  # B read N-major
])
def test_the_k_major_spill_factor_applies_where_it_was_measured(kernel, layout, shape, applies):
    """A spilled register costs the FMA dot fma_kmajor_spill_factor times as much on the grouped
    kernel's aligned tiles that read B K-major (perfmodel.kernels.spills, candidate 52, session 40),
    and nowhere else: the k-step's spill term over the same term with the factor set to 1."""
    s = float(H200.calibration.fma_kmajor_spill_factor.value)
    one = H200.with_calibration(fma_kmajor_spill_factor=1.0)
    m, n, k = shape
    cfg = ("splitk:" if kernel == "splitk" else "") + "64x128x32_w2_s3_g8" + ("_k2" if kernel == "splitk" else "")
    with_s, without = _predict(layout, cfg, m, n, k), _predict(layout, cfg, m, n, k, spec=one)
    assert with_s.spilled_regs_per_thread > 0 and without.spill_s_per_kstep > 0
    assert with_s.spill_s_per_kstep / without.spill_s_per_kstep == pytest.approx(s if applies else 1.0)
    assert s > 1.5


def test_the_spill_factor_is_what_its_fit_gives():
    """fma_kmajor_spill_factor from its microbenchmark (validation/fit_fma_spills.py): the spilling
    one-wave `nt` rows ran further over the model than the others at s = 1, and s brings them level."""
    from validation import fit_fma_spills

    s, curve, base = fit_fma_spills.fit(H200)
    assert s == H200.calibration.fma_kmajor_spill_factor.value
    assert curve[1.0] > base * 1.05 and abs(curve[s] - base) < 0.01
