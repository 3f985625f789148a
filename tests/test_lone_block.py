"""A TF32 mma.sync block alone on its SM runs its dot slower than its terms say (perfmodel.kernels.tiled.lone_step,
pipeline.kstep_time: the dot term / eta, eta = calibration lone_block_dot_rate): in a lone wave or a tail of one
block per SM of a tile with room for two or three blocks, and in every wave of a residency-one tile at a stage count
the tile factors were not fitted at. Checked against the model with eta = 1 term by term (where it applies and where
it must not), and eta against the two microbenchmarks it was fitted on (validation/fit_lone_block.py, session 45)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import perfmodel
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.evaluate import context, evaluate
from perfmodel.kernels.registry import get
from perfmodel.kernels.tile_factors import FITTED_STAGES
from perfmodel.kernels.tiled import LONE_MAX_RESIDENT
from perfmodel.problem import GemmProblem, TileConfig

SPEC = perfmodel.load_hardware("h200")
ETA = SPEC.calibration.lone_block_dot_rate.value


def _run(problem: GemmProblem, configs: list[str], eta: float | None = None) -> dict:
    ctx = context(SPEC, problem)
    if eta is not None:
        ctx = dataclasses.replace(ctx, params=dataclasses.replace(ctx.params, lone_block_dot_rate=eta))
    return evaluate(get("grouped"), ctx, ConfigArrays.of([TileConfig.parse(c).as_dict() for c in configs]))


def test_the_rate_is_measured_and_slows_the_lone_dot():
    assert 0.5 < ETA < 1.0 and LONE_MAX_RESIDENT == 3 and 6 not in FITTED_STAGES and 1 not in FITTED_STAGES


def test_a_residency_one_tile_at_an_unfitted_stage_count_takes_the_rate_in_every_wave():
    """32x64x64_w2 fits one block per SM at six stages (no sweep times six) and two at five: many waves of each.
    At six the dot term is the terms' / eta in the full waves; at five the full waves pair their blocks and keep it."""
    p = GemmProblem(M=4096, N=4096, K=4096, dtype="tf32")
    configs = ["32x64x64_w2_s6_g8", "32x64x64_w2_s5_g8"]
    on, off = _run(p, configs), _run(p, configs, eta=1.0)
    assert list(on["blocks_per_sm"]) == [1, 2] and on["full_waves"][0] > 1 and on["full_waves"][1] > 1
    assert on["mma_s"][0] == pytest.approx(off["mma_s"][0] / ETA, rel=1e-12)
    assert on["mma_s"][1] == off["mma_s"][1] and on["time_s"][0] > off["time_s"][0]


def test_a_lone_wave_of_a_tile_with_room_for_two_takes_it_and_a_full_one_does_not():
    """32x64x128_w4_s3 (mma.sync, two blocks per SM): 132 tiles run one block per SM, a lone wave; 264 fill one
    wave at two. 64x32x32_w2_s5 (four per SM) and the wgmma tile 64x64x64_w4_s3 keep their times in a lone wave,
    and so does 16-bit."""
    lone, full = (GemmProblem(M=32 * 12, N=64 * 11 * n, K=4096, dtype="tf32") for n in (1, 2))
    on, off = _run(lone, ["32x64x128_w4_s3_g8"]), _run(lone, ["32x64x128_w4_s3_g8"], eta=1.0)
    assert on["blocks_per_sm"][0] == 2 and on["full_waves"][0] == 0 and on["tail_blocks"][0] == 1
    assert on["tail_tile_s"][0] > off["tail_tile_s"][0] * 1.05
    assert _run(full, ["32x64x128_w4_s3_g8"])["time_s"][0] == _run(full, ["32x64x128_w4_s3_g8"], eta=1.0)["time_s"][0]
    for problem, cfg in ((GemmProblem(M=64 * 12, N=32 * 11, K=4096, dtype="tf32"), "64x32x32_w2_s5_g8"),
                         (GemmProblem(M=64 * 12, N=64 * 11, K=4096, dtype="tf32"), "64x64x64_w4_s3_g8"),
                         (GemmProblem(M=32 * 12, N=64 * 11, K=4096, dtype="fp16"), "32x64x128_w4_s3_g8")):
        assert _run(problem, [cfg])["time_s"][0] == _run(problem, [cfg], eta=1.0)["time_s"][0], cfg


def test_element_wise_classes_keep_their_times():
    """The microbenchmarks timed aligned tiles alone (class "all"); K odd is class "n" in `nn`: no rate."""
    p = GemmProblem(M=32 * 12, N=64 * 11, K=4095, dtype="tf32")
    assert _run(p, ["32x64x128_w4_s3_g8"])["time_s"][0] == _run(p, ["32x64x128_w4_s3_g8"], eta=1.0)["time_s"][0]


def test_the_file_holds_the_rate_its_fit_chooses_and_it_fits_both_files_better():
    """validation/fit_lone_block.py on microbench_tf32_blocks (K 8192) and _blocks_short (K 128-2048): the chosen
    grid value is the file's, and against eta = 1 it lowers the mean |ln error| of t(1) / t(2) at short and long K."""
    from validation import fit_lone_block as fit

    chosen, by_eta = fit.choose(fit.timed_rows())
    assert chosen == ETA
    wave = {eta: [(r, v) for r, v in e if r["setup"] == "wave"] for eta, e in by_eta.items()}
    assert len(wave[ETA]) >= 50
    for lo, hi in ((128, 512), (1024, 2048), (8192, 8192)):
        assert fit.mean_abs_ln(wave[ETA], lo, hi) < fit.mean_abs_ln(wave[1.0], lo, hi)
    assert np.mean([abs(np.log(v)) for _, v in wave[ETA]]) < 0.06
