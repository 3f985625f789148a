"""Spills by where the compiled code touches them: the loop-spill table (validation/loop_spills.py,
perfmodel.kernels.registers.LoopSpillTable) and the model's split of spills between the k-step
and the tile (perfmodel.kernels.spills.tile_spill_time)."""

from __future__ import annotations

import json

import numpy as np
import pytest

import perfmodel
from perfmodel.hardware.registry import load_hardware
from perfmodel.kernels import registry
from perfmodel.kernels.registers import loop_spilled
from validation.loop_spills import TABLE, loop_counts, read_raw, table_of

SPEC = load_hardware("h200")

#: a made-up disassembly: a short loop with no matrix instruction, the main loop (HGMMA) with one
#: reload and one store, and local-memory accesses before and after it
SASS = """
        /*0000*/  STL [R1], R2 ;
        /*0010*/  STL.64 [R1+0x8], R4 ;
.L_x_0:
        /*0020*/  LDL R6, [R1] ;
        /*0030*/  @P0 BRA `(.L_x_0) ;
.L_x_1:
        /*0040*/  LDGSTS.E [R8], desc[UR4][R10.64] ;
        /*0050*/  HGMMA.64x128x8.F32.TF32 R24, gdesc[UR8], R24 ;
        /*0060*/  LDL.64 R12, [R1+0x8] ;
        /*0070*/  STL [R1+0x10], R14 ;
        /*0080*/  HGMMA.64x128x8.F32.TF32 R24, gdesc[UR12], R24 ;
        /*0090*/  @P1 BRA `(.L_x_1) ;
        /*00a0*/  LDL R2, [R1] ;
        /*00b0*/  EXIT ;
"""


def test_loop_counts_take_the_loop_with_the_matrix_instructions():
    c = loop_counts(SASS)
    assert (c["loop_ldl"], c["loop_stl"], c["loop_marks"]) == (2, 1, 2)  # LDL.64: two words
    assert (c["kernel_ldl"], c["kernel_stl"]) == (4, 4)


def test_table_is_the_build_of_its_raw_rows():
    """The shipped table is what `validation/loop_spills.py build` makes of the recorded rows."""
    shipped = json.loads(registry.get("grouped").loop_spills.path.read_text())
    built = table_of(read_raw(), json.loads(TABLE.read_text()))
    assert shipped["rows"] == built["rows"] and shipped["columns"] == built["columns"]


def test_rows_are_spilling_compiles_of_the_register_table():
    """Each row is a compile the register table says spills, and its loop's accesses are among
    the kernel's."""
    grouped = registry.get("grouped")
    for key, cls, bm, bn, bk, w, s, loop, total in grouped.loop_spills.data["rows"]:
        _, spilled, found = grouped.table.lookup(key, cls, bm, bn, bk, w, s)
        assert found and spilled > 0, (key, cls, bm, bn, bk, w, s)
        assert 0 <= loop <= total, (key, cls, bm, bn, bk, w, s)


def test_loop_spilled_caps_at_the_spilled_registers():
    spilled, loop, found = np.array([132, 40, 40, 10]), np.array([0, 12, 90, 5]), np.array([True, True, True, False])
    assert loop_spilled(spilled, loop, found).tolist() == [0, 12, 40, 10]


def test_spills_the_loop_never_touches_are_paid_once_per_tile():
    """TF32 class k 256x128x32 at 8 warps: 132 spilled registers, none of them in the loop. The
    k-step pays nothing for them; each tile pays b x threads x 132 x t_spill once."""
    problem = perfmodel.GemmProblem(M=4096, N=9605, K=2048, dtype="tf32")
    row = [r for r in registry.get("grouped").loop_spills.data["rows"]
           if r[:7] == ["sm_90/tf32", "k", 256, 128, 32, 8, 3]]
    assert row and row[0][7] == 0, "the disassembly the test rests on"
    p = perfmodel.predict(SPEC, problem, perfmodel.TileConfig(BLOCK_M=256, BLOCK_N=128, BLOCK_K=32, num_warps=8, num_stages=4))
    assert p.spilled_regs_per_thread == 132 and p.spill_s_per_kstep == 0.0
    t_spill = float(SPEC.calibration.spill_s_per_reg.value)
    assert p.tile_spill_s == pytest.approx(p.blocks_per_sm * 256 * 132 * t_spill, rel=1e-12)


def test_spills_the_loop_touches_stay_in_the_kstep():
    """Where the loop reloads a spilled register each k-step, the k-step pays for it: the first
    row whose loop touches all its spilled registers, predicted on a problem of its class."""
    rows = registry.get("grouped").loop_spills.data["rows"]
    key, cls, bm, bn, bk, w, s, loop, _ = next(r for r in rows if r[0] == "sm_90/tf32" and r[1] == "k" and r[6] == 3 and r[7] > 0)
    problem = perfmodel.GemmProblem(M=4096, N=4099, K=2048, dtype="tf32")
    p = perfmodel.predict(SPEC, problem, perfmodel.TileConfig(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, num_warps=w, num_stages=s))
    touched = min(loop, p.spilled_regs_per_thread)
    t_spill = float(SPEC.calibration.spill_s_per_reg.value)
    assert p.spill_s_per_kstep == pytest.approx(p.blocks_per_sm * w * 32 * touched * t_spill, rel=1e-12)
    assert p.tile_spill_s == pytest.approx(p.blocks_per_sm * w * 32 * (p.spilled_regs_per_thread - touched) * t_spill, rel=1e-12)


def test_a_recompile_reproduces_a_row():
    """Compile a small spilling config now and read its loop again (an independent check of one row)."""
    pytest.importorskip("triton")
    from validation.loop_spills import one
    rows = registry.get("grouped").loop_spills.data["rows"]
    row = min((r for r in rows if r[0] == "sm_90/tf32"), key=lambda r: r[2] * r[3] * r[4] * r[6])
    _, spilled, _ = registry.get("grouped").table.lookup(*row[:7])
    got = one([*row[:7], 0, int(spilled)])
    assert got["status"] == "ok", got
    assert got["loop_ldl"] + got["loop_stl"] == row[7] and got["kernel_ldl"] + got["kernel_stl"] == row[8]
