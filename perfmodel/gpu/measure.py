"""One shape of a sweep on the GPU: the vendor BLAS, then every config of every kernel, checked,
timed and described (perfmodel.gpu.sweep's module doc says what and how)."""

from __future__ import annotations

import json
import sys
import time

from perfmodel.dtypes import DTYPES
from perfmodel.gpu import env
from perfmodel.gpu.bench import bench, check, launcher, operands, quick_time_ms, replayable, with_precision
from perfmodel.gpu.drift import DriftCheck
from perfmodel.names import config_name
from perfmodel.scoring.datasets import over_drift


#: the kernels timed as CUDA-graph replays (one host call per timed run). do_bench records its
#: start event after the 256 MB L2 flush (~61 us on the H200), so an eager launch is timed clean only
#: while the host issues it within the flush: one grouped launch took the host 23-47 us
#: (validation/launch_gap_probe.py, h200/launch_gap_probe.jsonl), and short grouped runs timed eager
#: came out 0.94-2.10x their graph replay, 0.95-3.65x beside busy CPUs (192x2048x1408 fp16
#: 64x128x64_w4_s5: 11.0-25.6 us eager, 11.4 us graphed in every round). Split-K was graphed from the Hopper work on (two launches), the
#: grouped kernel from session 29 (holdout67 on). The descriptor kernels stay eager: their host encoding of
#: tensor descriptors per launch is a cost a user pays and the model prices (descriptor_launch_s).
GRAPHED = ("grouped", "splitk")


def kernel_resources(k, threads: int) -> dict:
    """What the compiler gave one kernel, and the driver's residency for it."""
    shared = int(k.metadata.shared)
    return {"n_regs": int(k.n_regs), "n_spills": int(k.n_spills), "smem_bytes": shared, "threads": threads,
            "driver_blocks_per_sm": env.driver_occupancy(k.function, threads, shared)}


def _blas_row(base, a, b, ref, ref_norm, tf32: bool | None = None) -> dict:
    """The vendor BLAS on the same operands (torch.matmul of the same views, so the same
    layout). fp32 tensors: `tf32` says whether cuBLAS may use TF32 (torch's allow_tf32)."""
    import torch

    from perfmodel.gpu.kernels import transposed

    extra = {}
    if tf32 is not None:
        torch.backends.cuda.matmul.allow_tf32 = tf32
        extra = {"precision": "tf32" if tf32 else "ieee"}
    f = lambda: torch.matmul(a, b)  # noqa: E731
    if a.dtype.itemsize == 1:  # fp8: cuBLASLt through torch._scaled_mm, which wants B K-major (nt)
        if not transposed(b) or transposed(a):
            return {**base, "kind": "cublas", "vendor": env.vendor(), "status": "error",
                    "error": "torch._scaled_mm takes A row-major and B column-major (layout nt) only"}
        one = torch.ones((), device="cuda", dtype=torch.float32)
        f = lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.float16)  # noqa: E731
        extra = {"blas": "torch._scaled_mm"}
    t = bench(f, quick_time_ms(f))
    c = f()
    return {**base, "kind": "cublas", "vendor": env.vendor(), "time_ms": t, **extra,
            "rel_err": (c.float() - ref).norm().item() / ref_norm}



def _blas_rows(base, a, b, ref, ref_norm, dtype) -> list[dict]:
    """One BLAS row for 16-bit inputs; for fp32 tensors the dtype's own precision first (the
    row scoring reads), then the other one, tagged `cublas_other`."""
    if DTYPES[dtype].in_bytes != 4:
        return [_blas_row(base, a, b, ref, ref_norm)]
    own = DTYPES[dtype].precision == "tf32"
    rows = [_blas_row(base, a, b, ref, ref_norm, own), _blas_row(base, a, b, ref, ref_norm, not own)]
    rows[1]["kind"] = "cublas_other"
    return rows


def _run_one(e, base, a, b, c, ref, ref_norm, dtype, workspace, warp) -> tuple[dict, object]:
    """One config checked and timed: its row, and the launch it was timed with (None if it failed)."""
    import torch

    cf, kernel = with_precision(e["config"], dtype), e["kernel"]
    row = {**base, "kind": "run", "kernel": kernel, "config": config_name(cf), **e["config"], "tags": e["tags"]}
    launch = None
    try:
        launch = launcher(kernel, a, b, c, cf, workspace)
        c.fill_(float("nan"))
        ks = launch()
        torch.cuda.synchronize()
        row.update(check(c, ref, ref_norm, dtype))
        row.update(kernel_resources(ks[0], cf["num_warps"] * warp))
        if len(ks) > 1:
            row["reduce_n_regs"] = int(ks[1].n_regs)
        if kernel in GRAPHED:  # the pointer kernels: timed as one CUDA-graph replay (GRAPHED)
            launch, row["timing"] = replayable(launch)
        row["time_ms"] = bench(launch, quick_time_ms(launch))
        row["status"] = "ok" if row["correct"] else "incorrect"
    except Exception as ex:  # noqa: BLE001 - a config that fails is recorded, not fatal
        msg = f"{type(ex).__name__}: {str(ex)[:300]}"
        row["status"] = "out_of_resources" if "OutOfResources" in msg or "out of resource" in msg.lower() else "error"
        row["error"] = msg
        launch = None
    return row, launch


def run_shape(si: int, shape: tuple, entries: list[dict], out) -> float | None:
    """Time one (family, M, N, K, dtype[, layout]) shape's `entries` (kernel, config, tags),
    writing JSON lines to `out` as they come (rows of a layout other than nn name it). Returns the
    shape's drift (perfmodel.gpu.drift)."""
    import torch

    from perfmodel.gpu.suite import fields

    fam, M, N, K, dtype, layout = fields(shape)
    torch.manual_seed(1000 + si)
    a, b = operands(M, N, K, dtype, layout)
    torch.backends.cuda.matmul.allow_tf32 = False  # the reference in IEEE fp32
    ref = torch.matmul(a.float(), b.float())
    ref_norm = ref.norm().item()
    c = torch.empty((M, N), device="cuda", dtype=getattr(torch, DTYPES[dtype].c_torch))
    base = {"shape_index": si, "family": fam, "M": M, "N": N, "K": K, "dtype": dtype,
            **({"layout": layout} if layout != "nn" else {})}
    for row in _blas_rows(base, a, b, ref, ref_norm, dtype):
        out.write(json.dumps(row) + "\n")
    out.flush()
    max_split = max([e["config"]["SPLIT_K"] for e in entries if e["kernel"] == "splitk"] or [1])
    workspace = torch.empty(max_split * M * N, device="cuda", dtype=torch.float32) if max_split > 1 else None
    warp = env.properties()["warp_size"]
    n_ok = n_bad = 0
    t0 = time.time()
    drift = DriftCheck(lambda launch: bench(launch, quick_time_ms(launch)))
    for e in entries:
        row, launch = _run_one(e, base, a, b, c, ref, ref_norm, dtype, workspace, warp)
        n_ok += row["status"] == "ok"
        n_bad += row["status"] != "ok"
        out.write(json.dumps(row) + "\n")
        out.flush()
        drift.after_config(row, launch, out, base)
    drift.finish(out, base)
    out.write(json.dumps({**base, "kind": "shape_done", "n_ok": n_ok, "n_bad": n_bad,
                          "seconds": round(time.time() - t0, 1), **drift.summary()}) + "\n")
    out.flush()
    moved = ""
    if over_drift(drift.drift):
        moved = f", DRIFT {drift.drift:.2f}x (the GPU's speed moved while this shape was timed: perfmodel.gpu.drift)"
    print(f"[shape {si}] {fam} {M}x{N}x{K} {dtype} {layout}: {n_ok} ok, {n_bad} not, {time.time() - t0:.0f}s{moved}",
          file=sys.stderr, flush=True)
    del a, b, ref, c, workspace
    torch.cuda.empty_cache()
    return drift.drift
