"""Hygon DCUs end to end: paths per dtype, published cross-checks, estimates named, stand-ins."""

import pytest

import perfmodel
from perfmodel.arch.roofline import compute_path
from perfmodel.hardware import load_hardware
from perfmodel.kernels.params import timing_params
from perfmodel.prediction import predict, resources_of
from perfmodel.ranking import rank
from perfmodel.sensitivity import estimated_inputs


@pytest.mark.parametrize("dev,dtype,path", [
    ("gfx926", "fp16", "vector"), ("gfx926", "bf16", "vector"), ("gfx926", "fp32", "matrix"),
    ("gfx926", "fp64", "matrix"), ("gfx936", "fp16", "matrix"), ("gfx936", "bf16", "matrix"),
    ("gfx936", "fp32", "matrix"), ("gfx936", "fp64", "matrix"), ("gfx936", "tf32", "matrix"),
])
def test_rank_works_and_picks_the_right_path(dev, dtype, path):
    r = rank(dev, perfmodel.GemmProblem(M=2048, N=2048, K=2048, dtype=dtype))
    assert len(r) > 100 and r.best.compute_path == path
    assert r.estimated  # the Hygon picks rest on estimates, and say so


def test_published_cross_checks_never_beat_the_peak():
    """The model's best config never beats the device's derived peak on the path it uses. (How
    close the prediction comes to each published figure is reported, not bounded: a published
    rocBLAS or PyTorch figure is not a Triton kernel; tests/test_rank_cli.py keeps the README's
    table equal to what this computes.)"""
    from validation.hygon_crosscheck import PUBLISHED, rows

    table = rows()
    assert [(r["device"], r["dtype"]) for r in table] == [(d, t) for d, t, _, _ in PUBLISHED]
    for r in table:
        assert r["below_peak"], r
        assert r["path"] == ("vector" if (r["device"], r["dtype"]) == ("gfx926", "fp16") else "matrix"), r


def test_bw_mmac_latency_is_used():
    spec = load_hardware("gfx936")
    p = timing_params(spec, "bf16")
    assert p.matrix_latency_s == pytest.approx(44 / 1.5e9) and p.matrix_k == 16
    # one wave, a 16x16 tile and a long K: the dependent MMAC chain bounds each k-step
    problem = perfmodel.GemmProblem(M=16, N=16, K=8192, dtype="bf16")
    cfg = perfmodel.TileConfig(BLOCK_M=16, BLOCK_N=16, BLOCK_K=64, num_warps=1, num_stages=2, GROUP_M=1)
    assert predict(spec, problem, cfg).mma_s_per_kstep >= 4 * p.matrix_latency_s


def test_estimated_inputs_are_listed_and_perturbable():
    paths, consts = estimated_inputs(load_hardware("gfx936"), "fp16")
    assert "compute.clock_peak_hz" in paths and "matrix_efficiency" in consts


def test_amd_relatives_say_what_they_stand_in_for():
    for dev, words in (("gfx908", "gfx926"), ("gfx90a", "gfx936"), ("gfx942", "gfx936"), ("gfx906", "Z100")):
        assert words in load_hardware(dev).stands_in_for


def test_seed_lds_statement_through_the_resource_rule():
    """Seed 000: an extra stage does not necessarily add an LDS buffer. On the AMD rule (the
    proxy for Hygon, measured on gfx90a/gfx942 compiles) 2 stages hold one buffer."""
    p = perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16")
    one = resources_of("gfx936", p, perfmodel.TileConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, num_warps=4, num_stages=1))
    two = resources_of("gfx936", p, perfmodel.TileConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, num_warps=4, num_stages=2))
    three = resources_of("gfx936", p, perfmodel.TileConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, num_warps=4, num_stages=3))
    assert one.smem_bytes == two.smem_bytes == 8192 and three.smem_bytes == 16384
    assert compute_path(load_hardware("gfx926"), "fp16")[0] == "vector"
