"""Residency model: exact against the CUDA driver (recorded on an H200) and LLVM's AMDGPU
occupancy report (recorded offline compiles), hand-worked seed cases, properties, bad input."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import perfmodel
from perfmodel.arch.occupancy import occupancy
from perfmodel.errors import OccupancyError
from perfmodel.hardware import known_devices

DATA = Path(__file__).resolve().parent.parent / "validation" / "data"


def _jsonl(path):
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_matches_cuda_driver_on_every_synthetic_query():
    rows = _jsonl(DATA / "h200" / "occupancy_driver.jsonl")
    assert len(rows) > 10_000
    mismatches = [r for r in rows
                  if occupancy("h200", r["threads"], r["n_regs"], r["smem_bytes"]).blocks_per_sm != r["driver_blocks_per_sm"]]
    assert not mismatches, mismatches[:5]
    # the queries cover every limiter, or the agreement would prove little
    limiters = {occupancy("h200", r["threads"], r["n_regs"], r["smem_bytes"]).limiter for r in rows}
    assert {"registers", "shared", "blocks"} <= limiters


def test_matches_cuda_driver_on_every_compiled_gemm():
    rows = [r for r in _jsonl(DATA / "h200" / "runs.jsonl") if r.get("kind") == "run" and r.get("driver_blocks_per_sm") is not None]
    assert len(rows) > 6000
    mismatches = [(r["config"], r["n_regs"], r["smem_bytes"], r["driver_blocks_per_sm"]) for r in rows
                  if occupancy("h200", r["threads"], r["n_regs"], r["smem_bytes"]).blocks_per_sm != r["driver_blocks_per_sm"]]
    assert not mismatches, mismatches[:5]


def test_hand_worked_h200():
    # 128 regs x 32 = 4096 per warp; 16384 per sub-partition -> 4 warps each -> 16 warps -> 2 blocks of 8
    o = occupancy("h200", 256, 128, 0)
    assert o.limits["registers"] == 2 and o.blocks_per_sm == 2 and o.limiter == "registers"
    # 96 KiB + 1 KiB reserve per block: 233472 // 99328 = 2
    assert occupancy("h200", 128, 32, 98304).limits["shared"] == 2
    assert occupancy("h200", 32, 16, 0).blocks_per_sm == 32 and occupancy("h200", 32, 16, 0).limiter == "blocks"
    assert occupancy("h200", 1024, 32, 0).limits["warps"] == 2


def test_seed_000_lds_rule_on_gfx936():
    # "a workgroup that actually uses 32 KiB permits at most two resident workgroups ...; above 32 KiB, at most one"
    assert occupancy("gfx936", 256, 32, 32 * 1024).limits["shared"] == 2
    assert occupancy("gfx936", 256, 32, 32 * 1024 + 1).limits["shared"] == 1
    assert occupancy("gfx936", 256, 32, 64 * 1024).limits["shared"] == 1


def test_hygon_register_files_differ():
    # 128 VGPRs: 256-entry file (K100) -> 2 waves; 768-entry file (BW) -> 6 waves per SIMD
    assert occupancy("gfx926", 256, 128).waves_per_simd_by_registers == 2
    assert occupancy("gfx936", 256, 128).waves_per_simd_by_registers == 6
    assert occupancy("gfx926", 64, 16).waves_per_simd_by_registers == 10


def test_amd_agprs():
    # gfx908: separate AGPR file -> max(v, a); gfx90a: unified -> align(v, 4) + a
    assert occupancy("gfx908", 256, 100, agprs=128).waves_per_simd_by_registers == 2  # 256 // 128
    assert occupancy("gfx90a", 256, 100, agprs=128).waves_per_simd_by_registers == 2  # 512 // 232
    assert occupancy("gfx90a", 256, 60, agprs=60).waves_per_simd_by_registers == 4  # 512 // 120


def test_api_shape():
    o = perfmodel.occupancy("gfx942", threads_per_block=256, regs_per_thread=64, shared_bytes=16384, sgprs=40, agprs=0)
    for key in ("blocks_per_sm", "warps_per_sm", "waves_per_simd", "occupancy", "limiter"):
        assert hasattr(o, key)
    assert perfmodel.occupancy("h100", 128, 64).waves_per_simd is None
    spec = perfmodel.load_hardware("gfx942")
    assert perfmodel.occupancy(spec, 256, 64) == perfmodel.occupancy("gfx942", 256, 64)


@pytest.mark.parametrize("args,words", [
    (("h200", 0, 32), "threads_per_block must be >= 1"),
    (("h200", -32, 32), "threads_per_block must be >= 1"),
    (("h200", 2048, 32), "exceeds h200's maximum of 1024"),
    (("h200", 128, 256), "regs_per_thread 256 exceeds"),
    (("h200", 128, -1), "regs_per_thread must be >= 0"),
    (("h200", 128, 32, 300_000), "shared_bytes 300000 exceeds"),
    (("gfx926", 256, 300), "exceeds gfx926's maximum of 256"),
    (("gfx936", 256, 32, 70_000), "exceeds gfx936's maximum of 65536"),
])
def test_bad_input(args, words):
    with pytest.raises(OccupancyError, match=words):
        occupancy(*args)


def test_sgprs_on_nvidia_rejected():
    with pytest.raises(OccupancyError, match="AMD/Hygon devices only"):
        occupancy("h200", 128, 32, sgprs=40)


DEVICES = [d.id for d in known_devices()]


@settings(max_examples=300, deadline=None)
@given(dev=st.sampled_from(DEVICES), warps=st.integers(1, 16), regs=st.integers(0, 255),
       smem=st.integers(0, 65536), d_regs=st.integers(0, 64), d_smem=st.integers(0, 32768))
def test_more_resources_never_raise_residency(dev, warps, regs, smem, d_regs, d_smem):
    spec = perfmodel.load_hardware(dev)
    threads = warps * spec.warp_size
    if threads > spec.compute.max_threads_per_block.value:
        return
    max_regs = int(getattr(spec.residency, "max_regs_per_thread", getattr(spec.residency, "max_vgprs_per_wave", None)).value)
    r2 = min(regs + d_regs, max_regs)
    regs = min(regs, max_regs)
    s2 = min(smem + d_smem, int(spec.shared_memory.max_per_block_bytes.value))
    base = occupancy(spec, threads, regs, smem)
    assert occupancy(spec, threads, r2, smem).blocks_per_sm <= base.blocks_per_sm
    assert occupancy(spec, threads, regs, s2).blocks_per_sm <= base.blocks_per_sm


@settings(max_examples=300, deadline=None)
@given(dev=st.sampled_from(DEVICES), warps=st.integers(1, 16), regs=st.integers(0, 255), smem=st.integers(0, 65536))
def test_residency_within_architectural_limits(dev, warps, regs, smem):
    spec = perfmodel.load_hardware(dev)
    threads = warps * spec.warp_size
    if threads > spec.compute.max_threads_per_block.value:
        return
    r = spec.residency
    max_regs = int(getattr(r, "max_regs_per_thread", getattr(r, "max_vgprs_per_wave", None)).value)
    o = occupancy(spec, threads, min(regs, max_regs), smem)
    assert 0 <= o.occupancy <= 1
    if spec.is_amd_like:
        assert o.warps_per_sm <= r.max_waves_per_simd.value * spec.compute.simds_per_sm.value
        assert o.waves_per_simd <= r.max_waves_per_simd.value
    else:
        assert o.blocks_per_sm <= r.max_blocks_per_sm.value
        assert o.warps_per_sm <= r.max_warps_per_sm.value
        # the registers the resident warps are allocated (per warp, in units) fit in the file
        unit = int(r.reg_alloc_unit.value)
        per_warp = -(-min(regs, max_regs) * spec.warp_size // unit) * unit
        assert o.warps_per_sm * per_warp <= r.regs_per_sm.value
    assert o.blocks_per_sm * smem <= spec.shared_memory.per_sm_bytes.value
