#!/usr/bin/env python3
"""How fast can one SM pull data out of L2 while only some SMs are busy? The measurement behind
the L2 share of a partial wave (perfmodel.kernels.pipeline.l2_per_sm).

The model gives each busy SM its share of the aggregate L2 -> SM rate, L2 bw / active SMs. With
every SM busy that is the rate the one-wave GEMMs sustained (calibration l2_bw_achieved); with few
busy it grows without bound, so the model capped it at twice the all-SMs share, a guess (issue 12
asks for a measured curve). Here n programs (n = 1 .. SMs; the scheduler spreads them one per SM,
which each row checks by reading %smid) each stream their own L2-resident slice:

    ld      every program re-reads a 128 KiB slice R times with 16-byte ld.global.cg into
            registers (L1 bypassed), at 4 to 32 warps
    dot     a loop like the grouped kernel's (no masks) on L2-resident operands: each program walks KSTEPS k-steps
            over its own A (BM x W BK) and B (W BK x BN), wrapping every W k-steps, its loads
            pipelined into shared memory (cp.async, num_stages) and fed to tl.dot, at tiles whose
            dot is faster than their loads

Bytes per SM per second = what each program loaded / time; the aggregate = that x n.

    OUT=out python3 validation/l2_share_probe.py      # 16 s on one H200

Writes $OUT/l2_share_probe.jsonl: a header row (GPU, SMs, driver, torch, Triton, clocks, date,
command), then one row per (kind, config, n). Vendor-neutral Triton; the %smid check is NVIDIA's
(elsewhere "sms_distinct" is left out).
"""

from __future__ import annotations

import datetime
import json
import os
import sys
from pathlib import Path

import triton
import triton.language as tl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SLICE_BYTES = 128 << 10  # per program: 132 x 128 KiB = 16.5 MiB, well inside the H200's L2
LD_WARPS = (4, 8, 16, 32)
DOT_TILES = [  # BM, BN, BK, warps, stages, W (k-steps before the walk wraps)
    (64, 64, 128, 4, 4, 4), (64, 64, 64, 4, 6, 8), (128, 64, 64, 4, 4, 4), (64, 128, 64, 4, 5, 4),
    (128, 128, 64, 8, 4, 2), (32, 64, 128, 4, 4, 4),
]
KSTEPS = 1024


@triton.jit
def _smid(x):
    return tl.inline_asm_elementwise("mov.u32 $0, %smid;", "=r,r", [x], dtype=tl.int32, is_pure=False, pack=1)


@triton.jit
def ld_kernel(x_ptr, out_ptr, sm_ptr, chunk, R, BLOCK: tl.constexpr, SMID: tl.constexpr):
    pid = tl.program_id(0)
    base = pid.to(tl.int64) * chunk
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for r in range(R):
        for off in range(0, chunk, BLOCK):
            acc += tl.load(x_ptr + base + off + tl.arange(0, BLOCK), cache_modifier=".cg")
    tl.store(out_ptr + pid * BLOCK + tl.arange(0, BLOCK), acc)
    if SMID:
        tl.store(sm_ptr + pid, _smid(pid))


@triton.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, sm_ptr, KSTEPS, W: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
               BK: tl.constexpr, SMID: tl.constexpr):
    pid = tl.program_id(0)
    a_base = a_ptr + pid.to(tl.int64) * (BM * W * BK)
    b_base = b_ptr + pid.to(tl.int64) * (W * BK * BN)
    offs_m = tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(KSTEPS):
        kk = (k % W) * BK
        a = tl.load(a_base + offs_m[:, None] * (W * BK) + kk + offs_k[None, :])
        b = tl.load(b_base + (kk + offs_k)[:, None] * BN + offs_n[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + pid.to(tl.int64) * (BM * BN) + offs_m[:, None] * BN + offs_n[None, :], acc)
    if SMID:
        tl.store(sm_ptr + pid, _smid(pid))


def _counts(sms: int) -> list[int]:
    return sorted({1, 2, 4, 8, 16, sms // 8, sms // 4, sms // 2, 3 * sms // 4, sms})


def _bench(fn) -> float:
    return float(triton.testing.do_bench(fn, warmup=5, rep=40, return_mode="median"))


def _distinct(sm, n: int, smid: bool):
    return int(sm[:n].unique().numel()) if smid else None


def ld_rows(sms: int, smid: bool):
    import torch

    chunk = SLICE_BYTES // 4
    x = torch.randn(chunk * sms, device="cuda", dtype=torch.float32)
    sm = torch.full((sms,), -1, device="cuda", dtype=torch.int32)
    reps = 200
    for w in LD_WARPS:
        block = w * 32 * 16  # 16 floats (four 16-byte loads) per thread per iteration
        out = torch.empty(sms * block, device="cuda", dtype=torch.float32)
        for n in _counts(sms):
            fn = lambda: ld_kernel[(n,)](x, out, sm, chunk, reps, BLOCK=block, SMID=smid, num_warps=w)  # noqa: E731
            fn()
            ms = _bench(fn)
            per = SLICE_BYTES * reps / (ms * 1e-3)
            yield {"kind": "ld", "num_warps": w, "programs": n, "sms_distinct": _distinct(sm, n, smid),
                   "bytes_per_program": SLICE_BYTES * reps, "time_ms": ms, "bytes_per_s_per_sm": per,
                   "bytes_per_s": per * n}


def dot_rows(sms: int, smid: bool):
    import torch

    sm = torch.full((sms,), -1, device="cuda", dtype=torch.int32)
    for bm, bn, bk, w, st, wrap in DOT_TILES:
        a = torch.randn(sms * bm * wrap * bk, device="cuda", dtype=torch.float16)
        b = torch.randn(sms * wrap * bk * bn, device="cuda", dtype=torch.float16)
        c = torch.empty(sms * bm * bn, device="cuda", dtype=torch.float32)
        loaded = KSTEPS * (bm + bn) * bk * 2
        for n in _counts(sms):
            def fn():
                return dot_kernel[(n,)](a, b, c, sm, KSTEPS, W=wrap, BM=bm, BN=bn, BK=bk, SMID=smid,
                                        num_warps=w, num_stages=st)
            k = fn()
            ms = _bench(fn)
            ptx = k.asm.get("ptx", "")
            per = loaded / (ms * 1e-3)
            yield {"kind": "dot", "BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "num_warps": w, "num_stages": st,
                   "wrap_ksteps": wrap, "k_steps": KSTEPS, "programs": n, "sms_distinct": _distinct(sm, n, smid),
                   "cp_async": ptx.count("cp.async.cg"), "wgmma": "wgmma" in ptx, "n_regs": int(k.n_regs),
                   "time_ms": ms, "s_per_kstep": ms * 1e-3 / KSTEPS, "bytes_per_s_per_sm": per,
                   "bytes_per_s": per * n}


def main() -> int:
    import torch

    from perfmodel.gpu import env

    out_dir = Path(os.environ.get("OUT", "out"))
    out_dir.mkdir(parents=True, exist_ok=True)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    smid = env.vendor() == "cuda"
    path = out_dir / "l2_share_probe.jsonl"
    with path.open("w") as f:
        f.write(json.dumps({"header": True, "gpu_name": torch.cuda.get_device_name(0), "sm_count": sms,
                            "torch": torch.__version__, "triton": triton.__version__, "driver": env.driver_version(),
                            "clocks": env.clock_settings(),
                            "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                            "command": "OUT=out python3 validation/l2_share_probe.py"}) + "\n")
        for rows in (ld_rows(sms, smid), dot_rows(sms, smid)):
            for row in rows:
                f.write(json.dumps(row) + "\n")
                f.flush()
                cfg = (f"w{row['num_warps']}" if row["kind"] == "ld" else
                       f"{row['BLOCK_M']}x{row['BLOCK_N']}x{row['BLOCK_K']}_w{row['num_warps']}_s{row['num_stages']}")
                print(f"{row['kind']:3s} {cfg:20s} n={row['programs']:4d} on {row['sms_distinct']} SMs: "
                      f"{row['bytes_per_s_per_sm'] / 1e9:7.1f} GB/s/SM, {row['bytes_per_s'] / 1e12:6.2f} TB/s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
