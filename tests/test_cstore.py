"""C stored element by element: where a pointer kernel's C row stride N is not 16-divisible the
epilogue stores one element at a time (perfmodel.kernels.operands.elementwise_store_elems), and
in nt those compiles take more registers than the loads' class says
(perfmodel.kernels.grouped.model.store_class). Checked against the C-store probe
(h200/cstore_probe.jsonl: the same 16-bit nt tiles at N and N - 1) and the register table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import perfmodel
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.evaluate import context, evaluate
from perfmodel.kernels.registry import get
from perfmodel.names import parse_config_name
from perfmodel.prediction import predict

SPEC = perfmodel.load_hardware("h200")
#: the probe is lab data (validation/data), not bundled with the package
PROBE = Path(__file__).resolve().parent.parent / "validation" / "data" / "h200" / "cstore_probe.jsonl"
TILE = perfmodel.TileConfig(BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, num_warps=4, num_stages=3)


def _probe_rows():
    rows = [json.loads(line) for line in PROBE.read_text().splitlines()]
    return [r for r in rows if r.get("kind") == "run" and r.get("time_ms")]


def test_the_store_rate_is_what_its_fit_gives(capsys):
    from validation import fit_cstore

    assert fit_cstore.main([]) == 0
    got = dict(line.split(" = ") for line in capsys.readouterr().out.splitlines() if " = " in line)
    want = SPEC.calibration.elementwise_store_elems_per_s_per_sm.value
    assert float(got["elementwise_store_elems_per_s_per_sm"]) == pytest.approx(want, rel=0.01)


def test_the_store_term_by_hand():
    """nt, N = 511: b x BM x BN / R per tile (this tile does not spill); N = 512 and the TMA
    kernel (C through a tensor descriptor) pay nothing."""
    rate = SPEC.calibration.elementwise_store_elems_per_s_per_sm.value
    odd = predict(SPEC, perfmodel.GemmProblem(M=65536, N=511, K=256, layout="nt"), TILE)
    assert odd.spilled_regs_per_thread == 0
    assert odd.store_s == pytest.approx(odd.blocks_per_sm * 64 * 128 / rate, rel=1e-12)
    even = predict(SPEC, perfmodel.GemmProblem(M=65536, N=512, K=256, layout="nt"), TILE)
    assert even.store_s == 0 and odd.time_s > even.time_s
    tma = predict(SPEC, perfmodel.GemmProblem(M=65536, N=504, K=256, layout="nt"), TILE.model_copy(update={"kernel": "tma"}))
    assert tma.store_s == 0
    assert predict(SPEC, perfmodel.GemmProblem(M=65536, N=504, K=256, layout="nt"), TILE).store_s > 0


def test_nt_with_n_odd_takes_the_store_compiles_registers():
    """Every probe row's registers as the H200's JIT allocated them (within 10%); the spilling
    128x128x64 tile at 255 registers with N - 1, 203 with N."""
    model = get("grouped")
    for r in _probe_rows():
        problem = perfmodel.GemmProblem(M=r["M"], N=r["N"], K=r["K"], dtype=r["dtype"], layout=r["layout"])
        res = model.resources(SPEC, problem, ConfigArrays.of([parse_config_name(r["config"])]))
        assert abs(int(res.regs[0]) - r["n_regs"]) <= 0.10 * r["n_regs"], (r["N"], r["config"], int(res.regs[0]))
    big = {(r["N"] % 16 == 0): r for r in _probe_rows() if r["config"].startswith("128x128x64_w4") and r["M"] == 131072}
    assert (big[True]["n_regs"], big[False]["n_regs"]) == (203, 255)


def test_the_probe_pairs_are_ordered_as_measured():
    """With the registers and the store term, the model times N - 1 slower than N for every probe
    pair, as measured (it said 1.00 for all of them before)."""
    rows = {(r["M"], r["N"], r["K"], r["config"]): r for r in _probe_rows()}
    for (M, N, K, cfg), r in rows.items():
        if N % 16:
            continue
        times = []
        for n in (N, N - 1):
            ctx = context(SPEC, perfmodel.GemmProblem(M=M, N=n, K=K, layout="nt"))
            times.append(evaluate(get("grouped"), ctx, ConfigArrays.of([parse_config_name(cfg)]))["time_s"][0])
        assert times[1] > times[0] * 1.02 and rows[(M, N - 1, K, cfg)]["time_ms"] > r["time_ms"], (M, N, K, cfg)


def test_calibrate_times_the_probe_pairs_and_derives_the_rate_the_same_way():
    """`perfmodel calibrate` times the probe's own pairs (one list, perfmodel.gpu.streams) and
    derives with the function validation/fit_cstore.py uses; the quick subset keeps whole pairs."""
    from perfmodel.calibration import store_rate
    from perfmodel.gpu import streams
    from perfmodel.kernels.params import timing_params
    from validation import fit_cstore

    full = {(M, N, K, c) for M, N, K, c in streams.cstore_jobs(False)}
    probe = {(r["M"], r["N"], r["K"], tuple(r[k] for k in streams.KEYS)) for r in fit_cstore.probe_rows()}
    assert full == probe and len(full) == 48
    quick = streams.cstore_jobs(True)
    assert all((M, N - 1 if N % 16 == 0 else N + 1, K, c) in set(quick) for M, N, K, c in quick)
    rate, pairs = store_rate(SPEC, timing_params(SPEC, "fp16"), fit_cstore.probe_rows())
    assert len(pairs) == 24 and 1e10 < rate < 5e10
