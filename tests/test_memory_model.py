"""The memory and partial-wave terms (issue 12): checked against the microbenchmarks they were
fitted on and against the model's own arithmetic, independently of the ranking figures."""

import json
from pathlib import Path

import numpy as np
import pytest

import perfmodel
from perfmodel.hardware import load_hardware
from perfmodel.prediction import predict
from perfmodel.problem import TileConfig, make_problem
from perfmodel.ranking import rank

DATA = Path(__file__).resolve().parent.parent / "validation" / "data" / "h200"
H200 = load_hardware("h200")


def _log_errors(spec, rows):
    out = []
    for r in rows:
        p = make_problem(M=r["M"], N=r["N"], K=r["K"], dtype="fp16")
        c = TileConfig(BLOCK_M=r["BLOCK_M"], BLOCK_N=r["BLOCK_N"], BLOCK_K=r["BLOCK_K"], num_warps=r["num_warps"],
                       num_stages=r["num_stages"], GROUP_M=8)
        out.append(abs(np.log(predict(spec, p, c).time_s / (r["time_ms"] * 1e-3))))
    return float(np.mean(out))


def _without(names: dict, tmp_path) -> perfmodel.HardwareSpec:
    """The H200's file with some calibration constants removed (their defaults: the model without them)."""
    import yaml

    from perfmodel.hardware import registry_dir

    data = yaml.safe_load((registry_dir() / "h200.yaml").read_text())
    for n in names:
        data["calibration"].pop(n)
    data["id"] = "h200-without"
    path = tmp_path / "h200-without.yaml"
    path.write_text(yaml.safe_dump(data))
    return load_hardware(path)


@pytest.mark.parametrize("kind, constants, at_most", [
    ("stream", ("memory_overlap_exponent", "dram_read_over_copy", "compute_dram_exponent",
                "dram_run_overhead_bytes"), 0.10),
    ("partial", ("partial_clock_gain", "partial_clock_exponent"), 0.07),
])
def test_each_term_fits_its_microbenchmark_better_than_the_model_without_it(kind, constants, at_most, tmp_path):
    """The terms are fitted without tile factors (perfmodel.calibration), so they are judged so; the
    whole model, factors on, is held to 0.12: the aligned factors are fitted on full-wave shapes, and
    since session 17's staged keys (128x256x64_w8_s3: 0.901) the partial rows' mean |log error| is
    0.087 with them against 0.054 without (six 128x256 rows at 0.89-0.91 of measured: NOTES, session
    17); since session 25 (candidate 29) the rows with M under 256 take the compute-bound factors too
    and read as their M >= 256 neighbours do (64x64x64_w4_s4 1.1-1.25 of measured at K = 16384): 0.113,
    while the recorded sweeps' median errors fell (read sets -0.047 summed). The stream rows' terms
    include B's DRAM runs since session 31 (candidate 36, fitted on the same kind of rows): without
    it the other three fit them 0.079 against 0.095, under the 0.8 this test asks of them together."""
    from perfmodel.kernels.tile_factors import without_factors

    rows = [r for r in json.loads((DATA / "microbench_memory.json").read_text())[kind] if "time_ms" in r]
    with_term = _log_errors(without_factors(H200), rows)
    without = _log_errors(without_factors(_without(constants, tmp_path)), rows)
    assert with_term <= at_most and with_term < 0.8 * without, (with_term, without)
    assert _log_errors(H200, rows) <= (0.12 if kind == "partial" else 0.10)


@pytest.mark.parametrize("m, n, k, dtype", [(16, 6144, 4096, "fp16"), (48, 8192, 8192, "fp16"),
                                            (4, 15360, 5120, "fp16"), (1, 152064, 3584, "bf16")])
def test_memory_bound_configs_get_distinct_times(m, n, k, dtype):
    """Where DRAM decides, the top is not a tie settled by the tie-break: the best tile geometry
    (tile, warps, stages, SPLIT_K; GROUP_M changes nothing with one tile row) is alone."""
    by_geometry: dict = {}
    for c in rank(H200, make_problem(M=m, N=n, K=k, dtype=dtype)).top(40):
        g = c.config
        by_geometry.setdefault((g.BLOCK_M, g.BLOCK_N, g.BLOCK_K, g.num_warps, g.num_stages, g.SPLIT_K), c.predicted_ms)
    times = list(by_geometry.values())
    assert times[0] < times[1] and len(set(times)) >= 0.8 * len(times), times


@pytest.mark.parametrize("m, n, k, config", [
    (16, 6144, 4096, "16x64x128_w2_s4_g8"), (4096, 4096, 4096, "128x256x64_w8_s4_g8"),
    (4096, 4096, 14336, "splitk:128x128x64_w4_s4_g8_k2"), (1000, 1000, 1000, "64x64x32_w4_s3_g8"),
    (64, 64, 65536, "splitk:16x32x128_w4_s6_g8_k16"), (1000, 1000, 1000, "tma:128x128x64_w4_s3"),
    (4096, 4096, 4096, "persistent:128x256x64_w8_s4"), (512, 512, 512, "persistent_ws:64x64x64_w4_s3"),
])
def test_predict_terms_add_up(m, n, k, config):
    """The terms `predict` prints add up to its total, for every kernel: the waves (less the
    prologues a persistent program does not repeat), their max with memory, launch and
    reduction, the roofline floor, and the descriptor kernels' soft host floor; split-K's main kernel
    under one wave of tiles x its factor (splitk.model.partial_slowdown)."""
    p = predict(H200, make_problem(M=m, N=n, K=k), TileConfig.parse(config))
    assert p.waves_s == pytest.approx(p.full_waves * p.tile_s + p.tail_tile_s - p.prologues_saved_s)
    assert (p.prologues_saved_s > 0) == (config.startswith("persistent") and p.programs > H200.sm_count)
    r = p.compute_dram_exponent
    assert p.waves_dram_s == pytest.approx((p.waves_s ** r + p.dram_s ** r) ** (1 / r)) and 1 < r < 100
    assert p.main_s == pytest.approx(max(p.waves_dram_s, p.memory_s) * p.main_factor)
    assert (p.main_factor > 1) == (config == "splitk:16x32x128_w4_s6_g8_k16")  # 8 tiles x 16 splits on 132 SMs
    assert p.memory_s >= p.dram_s * (1 - 1e-12)
    total = max(p.main_s + p.reduce_s + p.launch_s, p.floor_s)
    assert (p.host_floor_s > 0) == (":" in config and not config.startswith("splitk"))
    assert p.time_s == pytest.approx((total ** 4 + p.host_floor_s ** 4) ** 0.25)


def test_a_tail_after_full_waves_keeps_the_loaded_clock():
    """The clock gain of a lone partial wave (fitted on the partial rows) does not apply to the
    last wave of a kernel that filled the GPU first: the clock settles over milliseconds."""
    cfg = TileConfig.parse("128x256x64_w8_s4_g8")
    big = predict(H200, make_problem(M=4096, N=4096, K=4096), cfg)  # 3 full waves + a tail on 116 SMs
    lone = predict(H200, make_problem(M=128 * 29, N=256 * 4, K=4096), cfg)  # 116 tiles: one partial wave
    assert big.full_waves == 3 and big.tail_sms == lone.tail_sms == 116
    assert lone.tail_tile_s < big.tail_tile_s  # the lone wave runs faster, at a higher clock


def test_without_the_exponent_the_waves_and_dram_take_the_plain_max(tmp_path):
    """A device that has not measured compute_dram_exponent keeps max(waves, DRAM), and predict's
    JSON stays strict JSON (no Infinity) with the exponent as null."""
    spec = _without(("compute_dram_exponent",), tmp_path)
    p = predict(spec, make_problem(M=4096, N=4096, K=4096), TileConfig.parse("128x256x64_w8_s4_g8"))
    assert p.compute_dram_exponent is None and p.waves_dram_s == pytest.approx(max(p.waves_s, p.dram_s))
    json.loads(p.model_dump_json(), parse_constant=lambda c: pytest.fail(f"{c} in predict's JSON"))
