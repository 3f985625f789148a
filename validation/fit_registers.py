#!/usr/bin/env python3
"""Learn perfmodel's fallback register-count rule from real compiles (validation/data/compile/).

perfmodel reads registers from the compiled table (perfmodel/register_table.py) wherever it
has the config; this linear rule covers the rest (other dtypes, off-grid tiles, very large
accumulators). It is within 10% for ~65% of the sweep's compiles: ptxas and LLVM choose
register counts that no formula tried here follows closely.

    python validation/fit_registers.py [--write]   # prints the fit; --write puts it into
                                                   # perfmodel/kernels/grouped/register_fit.json

For each (backend, aligned, instruction) class of compiled grouped-GEMM kernels, a linear model
of the register demand per thread (NVIDIA: allocated registers plus spilled slots; AMD: the
VGPR count, fitted on kernels that did not saturate the file) on per-thread work features, by
least squares on relative error (weights 1/y):

    demand = c0 + c_acc x acc + c_vec x vec16 + c_elem x elems + c_stage x num_stages
    registers = min(demand, cap);  spilled registers = max(demand - cap, 0)   (NVIDIA, cap 255)

    acc    = BLOCK_M x BLOCK_N / threads            fp32 accumulator registers per thread
    vec16  = (BLOCK_M + BLOCK_N) x BLOCK_K x bytes / 16 / threads   16-byte loads per thread and k-step
    elems  = (BLOCK_M + BLOCK_N) x BLOCK_K / threads                 elements per thread and k-step

Classes (perfmodel.kernels.registers.RegisterFit.fit_class of the device each target is
compiled for): sm_90 (wgmma / mma.sync), sm_80 (mma.sync), amdgpu (gfx90a and gfx942 together:
the unified VGPR+AGPR count LLVM uses for occupancy) and amdgpu-gfx908 (max(VGPR, AGPR)); the
cap is the device's (perfmodel.kernels.registers.register_cap). tests/test_resources.py refits
and checks that register_fit.json holds exactly these numbers.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
DATA = HERE / "data" / "compile" / "compile_sweep.jsonl"
FIT = HERE.parent / "perfmodel" / "kernels" / "grouped" / "register_fit.json"

from perfmodel.hardware import load_hardware  # noqa: E402
from perfmodel.kernels.registers import RegisterFit, register_cap  # noqa: E402
from perfmodel.scoring.agreement import device_for_target  # noqa: E402


def features(bm, bn, bk, warps, stages, warp_size, in_bytes=2):
    thr = warps * warp_size
    return [1.0, bm * bn / thr, (bm + bn) * bk * in_bytes / 16 / thr, (bm + bn) * bk / thr, float(stages)]


def registers_of(row) -> float:
    """NVIDIA: register demand = registers + spilled 4-byte slots (cuobjdump STACK / 4), so the
    fit is not bent by ptxas capping at 255; AMD: LLVM's occupancy-relevant VGPR count."""
    if "n_regs" in row:
        return row["n_regs"] + row["stack_bytes"] / 4
    return row["TotalNumVgprs"]


def fit(rows) -> dict:
    """{(fit class, all-aligned, instruction): (coefficients, kernels, share within 10%)}."""
    groups: dict = {}
    caps: dict = {}
    for r in rows:
        if r.get("kind") != "compile" or r["status"] != "ok" or r["dtype"] != "fp16":
            continue
        spec = load_hardware(device_for_target(r["target"]))
        key = (RegisterFit.fit_class(spec), bool(r["aligned"]), r["mma"])
        caps[key[0]] = register_cap(spec)
        groups.setdefault(key, []).append((features(r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"],
                                                    r["num_stages"], spec.warp_size), registers_of(r)))
    table = {}
    for key, items in sorted(groups.items()):
        X = np.array([f for f, _ in items])
        y = np.array([v for _, v in items], dtype=float)
        cap = caps[key[0]]
        # AMD: LLVM does not spill into the count, so saturated kernels would bend the fit
        keep = y < cap * 0.98 if key[0].startswith("amdgpu") else np.ones_like(y, dtype=bool)
        w = 1.0 / y[keep]
        coef, *_ = np.linalg.lstsq(X[keep] * w[:, None], y[keep] * w, rcond=None)
        pred = np.minimum(X @ coef, cap)
        within = float((np.abs(pred - np.minimum(y, cap)) / np.minimum(y, cap) <= 0.10).mean())
        table[key] = ([round(float(c), 3) for c in coef], len(y), within)
    return table


def load_rows(path: Path = DATA) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def write(table: dict, path: Path = FIT) -> None:
    data = json.loads(path.read_text())
    data["classes"] = [{"class": k[0], "aligned": k[1], "instruction": k[2], "coefficients": v[0]}
                       for k, v in table.items()]
    path.write_text(json.dumps(data, indent=1) + "\n")


def main() -> int:
    table = fit(load_rows())
    print("(fit class, all-aligned, instruction): c0, c_acc, c_vec16, c_elems, c_stages")
    for key, (coef, n, within) in table.items():
        print(f"  {key!r}: {', '.join(repr(c) for c in coef)}   # {n} kernels, {within:.0%} within 10%")
    if "--write" in sys.argv:
        write(table)
        print(f"wrote {FIT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
