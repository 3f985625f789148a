"""Resource predictor against recorded compiles (offline Triton 3.6.0) and the H200 runs."""

import json
from pathlib import Path

import pytest

import perfmodel
from perfmodel.resources import REGISTER_MODEL, agreement, predict_resources, tile_input_bytes

DATA = Path(__file__).resolve().parent.parent / "validation" / "data"


def _rows(path):
    return [json.loads(l) for l in path.read_text().splitlines() if l.strip()]


def test_shared_memory_exact_for_at_least_95_percent_of_compiles():
    rows = _rows(DATA / "compile" / "compile_sweep.jsonl")
    assert {r["target"] for r in rows if r.get("kind") == "compile"} == {"sm_80", "sm_90", "gfx908", "gfx90a", "gfx942"}
    table = agreement(rows)
    n = sum(d["n"] for d in table.values())
    exact = sum(d["smem_exact"] for d in table.values())
    assert n >= 5 * 150
    assert exact / n >= 0.95, exact / n
    for t in ("gfx908", "gfx90a", "gfx942"):
        assert table[t]["smem_exact"] == table[t]["n"], t


def test_registers_agreement_is_what_the_docs_say():
    """Registers are the compiler's choice; the linear rule is modest and stated as such."""
    table = agreement(_rows(DATA / "compile" / "compile_sweep.jsonl"))
    n = sum(d["n"] for d in table.values())
    within = sum(d["regs_within_10pct"] for d in table.values()) / n
    assert within >= 0.60, within


def test_shared_memory_on_the_h200_runs():
    runs = [r for r in _rows(DATA / "h200" / "runs.jsonl") if r.get("kind") == "run" and r["kernel"] == "grouped"
            and r.get("smem_bytes") is not None]
    ok = 0
    for r in runs:
        p = perfmodel.GemmProblem(M=r["M"], N=r["N"], K=r["K"], dtype=r["dtype"])
        c = perfmodel.TileConfig(**{k: r[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M")})
        ok += predict_resources("h200", p, c).smem_bytes == r["smem_bytes"]
    assert ok / len(runs) >= 0.95, ok / len(runs)


def test_register_table_is_what_the_fit_gives():
    from validation.fit_registers import fit, load_rows

    table = fit(load_rows())
    assert {k: tuple(v[0]) for k, v in table.items()} == REGISTER_MODEL


def test_llvm_occupancy_matches_for_every_amd_kernel():
    rows = [r for r in _rows(DATA / "compile" / "compile_sweep.jsonl") if r.get("target", "").startswith("gfx")]
    assert len(rows) >= 3 * 150
    bad = [r["config"] for r in rows if perfmodel.occupancy(
        r["target"], r["num_warps"] * 64, r["NumVgprs"], 0, sgprs=r["TotalNumSgprs"], agprs=r["NumAgprs"]
    ).waves_per_simd_by_registers != r["llvm_occupancy"]]
    assert not bad, bad[:5]
    assert len({r["llvm_occupancy"] for r in rows}) >= 5  # the data spans many occupancy levels


def test_seed_tile_pair():
    c = perfmodel.TileConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, num_warps=4, num_stages=2)
    assert tile_input_bytes(c, "fp16") == 8192


def test_from_compile_matches_the_rule_for_an_aligned_sm90_config():
    pytest.importorskip("triton")
    from perfmodel.resources import from_compile

    p = perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16")
    c = perfmodel.TileConfig(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, num_warps=4, num_stages=3, GROUP_M=8)
    real = from_compile("h200", p, c)
    assert real.smem_bytes == predict_resources("h200", p, c).smem_bytes == 3 * 32768
    assert real.instruction == "wgmma"
