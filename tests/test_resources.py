"""Resource predictor against recorded compiles (offline Triton 3.6.0) and the H200 runs."""

import json
from pathlib import Path

import numpy as np
import pytest

import perfmodel
from perfmodel.resources import (
    REGISTER_MODEL,
    agreement,
    is_table_compile,
    predict_resources,
    tile_input_bytes,
)

DATA = Path(__file__).resolve().parent.parent / "validation" / "data"


def _rows(path):
    return [json.loads(l) for l in path.read_text().splitlines() if l.strip()]


def _sweeps():
    """Both offline compile sweeps: alignment classes all/none and k/n."""
    return _rows(DATA / "compile" / "compile_sweep.jsonl") + _rows(DATA / "compile" / "compile_sweep_mixed.jsonl")


def test_shared_memory_exact_for_at_least_95_percent_of_compiles():
    rows = _sweeps()
    assert {r["target"] for r in rows if r.get("kind") == "compile"} == {"sm_80", "sm_90", "gfx908", "gfx90a", "gfx942"}
    table = agreement(rows)
    n = sum(d["n"] for d in table.values())
    exact = sum(d["smem_exact"] for d in table.values())
    assert n >= 5 * 150
    assert exact / n >= 0.95, exact / n
    for label, d in table.items():
        if label.startswith("gfx"):
            assert d["smem_exact"] == d["n"], label


def _sum(table, key):
    return sum(d[key] for d in table.values())


def test_registers_within_10_percent_for_90_percent_of_compiles_the_table_was_not_built_from():
    """The issue's criterion, on compiles that are not the register table's own (another
    num_stages or GROUP_M, bf16): an independent run of the compiler."""
    table = agreement(_sweeps())
    assert len(table) == 5 * 4  # every target in every alignment class
    held_out = _sum(table, "held_out_n")
    assert held_out >= 2000, held_out
    assert _sum(table, "held_out_regs_within_10pct") / held_out >= 0.90
    assert _sum(table, "regs_within_10pct") / _sum(table, "n") >= 0.90
    for label, d in table.items():
        assert d["held_out_regs_within_10pct"] / d["held_out_n"] >= 0.80, label


def test_register_table_holds_what_the_compiler_reports():
    """Where the compile sweep (a separate run, its own file) compiled exactly a table entry,
    the table holds the same registers: the table is the compiler's output, not a fit."""
    from perfmodel.register_table import lookup

    rows = [r for r in _sweeps() if r.get("kind") == "compile" and r["status"] == "ok" and is_table_compile(r)]
    assert len(rows) >= 1000
    for r in rows:
        regs, _, found = lookup(r["target"], r.get("alignment") or ("all" if r["aligned"] else "none"), r["BLOCK_M"],
                                r["BLOCK_N"], r["BLOCK_K"], r["num_warps"], r["num_stages"])
        want = r["n_regs"] if "n_regs" in r else r["TotalNumVgprs"]
        assert found and int(regs) == want, r["target"] + " " + r["config"]


def test_register_table_covers_the_builtin_geometries():
    from perfmodel.register_table import load_table, lookup
    from validation.register_table import geometries

    assert load_table()["triton"] == "3.6.0"
    for target, ws in (("sm_80", 32), ("sm_90", 32), ("gfx908", 64), ("gfx90a", 64), ("gfx942", 64)):
        g = np.array(geometries(ws))
        assert len(g) >= 260
        for alignment in ("all", "k", "n", "none"):
            for stages in (1, 2, 3, 6):
                _, _, found = lookup(target, alignment, g[:, 0], g[:, 1], g[:, 2], g[:, 3], np.full(len(g), stages))
                assert found.all(), (target, alignment, stages, g[~found][:3])


def test_register_table_reproduces_on_recompile():
    """Recompile a few table entries now (small tiles: fast) and compare."""
    pytest.importorskip("triton")
    from perfmodel.register_table import lookup
    from validation.compile_sweep import one

    for target, aligned, c in (("sm_90", "all", (64, 64, 32, 4, 2)), ("sm_80", "none", (32, 64, 32, 2, 3)),
                               ("gfx942", "k", (64, 32, 64, 4, 1)), ("gfx908", "n", (16, 64, 32, 2, 3))):
        cfg = dict(zip(("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages"), c), GROUP_M=8, SPLIT_K=1)
        row = one((target, "fp16", aligned, cfg))
        regs, _, found = lookup(target, aligned, *c)
        assert found and int(regs) == (row["n_regs"] if "n_regs" in row else row["TotalNumVgprs"]), (target, c)


def test_configs_outside_the_table_fall_back_to_the_fit():
    p32 = perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp32")
    p16 = perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16")
    c = perfmodel.TileConfig(BLOCK_M=128, BLOCK_N=128, BLOCK_K=32, num_warps=4, num_stages=3)
    assert "linear fit" in predict_resources("h200", p32, c).rule
    assert "compile table (sm_90)" in predict_resources("h200", p16, c).rule
    assert "gfx90a stand-in" in predict_resources("gfx936", p16, c).rule
    huge = perfmodel.TileConfig(BLOCK_M=256, BLOCK_N=256, BLOCK_K=64, num_warps=2, num_stages=3)
    r = predict_resources("h200", p16, huge)
    assert "linear fit" in r.rule and r.regs_per_thread == 255 and r.spilled_regs_per_thread > 500


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
    rows = [r for r in _sweeps() if r.get("target", "").startswith("gfx")]
    assert len(rows) >= 3 * 4 * 150
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


@pytest.mark.parametrize("M,N,K,want", [(4096, 4096, 4096, "all"), (4095, 4096, 4096, "all"), (2048, 50257, 768, "k"),
                                        (8192, 4096, 1000, "n"), (1000, 1000, 1000, "none")])
def test_alignment_class(M, N, K, want):
    assert perfmodel.GemmProblem(M=M, N=N, K=K, dtype="fp16").alignment == want


def test_shared_memory_when_only_one_operand_is_aligned():
    """Only K (or only N) 16-divisible: that operand is pipelined in the aligned rule's buffers,
    the other goes through one buffer. Checked on the kernels the H200 compiled for the
    mixed-alignment shapes (a rule written from offline compiles before those runs)."""
    c = perfmodel.TileConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=32, num_warps=4, num_stages=2)
    k_only = perfmodel.GemmProblem(M=4096, N=4095, K=4096, dtype="fp16")
    n_only = perfmodel.GemmProblem(M=4096, N=4096, K=4095, dtype="fp16")
    a, b = 128 * 32 * 2, 32 * 64 * 2
    assert predict_resources("h200", k_only, c).smem_bytes == 2 * a + b  # wgmma: num_stages buffers
    assert predict_resources("h200", n_only, c).smem_bytes == a + 2 * b
    assert predict_resources("gfx942", k_only, c).smem_bytes == a + b  # AMD: num_stages - 1
    table = agreement(_rows(DATA / "h200" / "mixed.jsonl"))
    assert set(table) == {"h200-jit/k", "h200-jit/n"}
    n = _sum(table, "n")
    assert n >= 900
    assert _sum(table, "smem_exact") / n >= 0.98


@pytest.mark.parametrize("name", ["runs.jsonl", "holdout.jsonl", "mixed.jsonl"])
def test_registers_of_the_kernels_the_h200_compiled(name):
    """The device's JIT compiles are an independent run of the compiler: registers within 10%
    for >= 90% of the kernels that are not the table's own compile."""
    table = agreement(_rows(DATA / "h200" / name))
    held_out = _sum(table, "held_out_n")
    assert held_out >= 700
    assert _sum(table, "held_out_regs_within_10pct") / held_out >= 0.90


def test_register_table_grid_is_the_ranking_space():
    import importlib

    rank = importlib.import_module("perfmodel.rank")  # the module, not the rank() function
    register_table = importlib.import_module("perfmodel.register_table")
    assert (register_table.BLOCK_MN, register_table.BLOCK_K, register_table.WARPS) == (rank.BLOCK_MN, rank.BLOCK_K,
                                                                                        rank.WARPS)
