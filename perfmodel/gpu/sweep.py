"""`perfmodel sweep`: time the bundled kernels on a GPU, exactly as the validation suite does.

Per shape (a named suite of perfmodel.gpu.suite, or a CSV of M,N,K,dtype[,family]):
  1. every (kernel, config) of the shape is compiled first, in parallel worker processes that
     compile the next shapes while this one is timed (perfmodel.gpu.compile_ahead);
  2. for every config: C poisoned with NaN, launched, checked against an fp32 reference
     (perfmodel.gpu.bench.check: every element written, relative error under tolerance);
  3. timed with do_bench (median, L2 flushed before each call), ~25 timed runs;
  4. its compiled resources (registers, spills, shared bytes) and the driver's occupancy recorded;
  5. the vendor BLAS (torch.matmul: cuBLAS, hipBLASLt/rocBLAS) timed on the same inputs;
  6. the shape's first correct config timed again every 32 configs and at the end, its spread
     (`drift`) in the shape_done row; a shape whose drift is over 1.15x is timed again, once
     (perfmodel.gpu.drift).
Kernels: the grouped grid (and Triton's tutorial list, the fixed default), split-K where the
output would not fill the GPU twice, nvMatmulHeuristics' recorded picks where the shape has
them, the TMA kernel where the device file says the GPU has a TMA and the strides allow it.
Rows go to the output as JSON lines as they are measured; a shape ends with a `shape_done`
row, and a rerun skips finished shapes (resumable). With several GPUs (`--gpus all`) the
shapes are dealt out to one process per GPU, each writing its own part, merged at the end.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from perfmodel.bundled import data_file
from perfmodel.dtypes import DTYPES
from perfmodel.errors import PerfmodelError
from perfmodel.gpu import suite
from perfmodel.layouts import LAYOUTS
from perfmodel.names import CONFIG_KEYS, config_name, shape_key


#: the dtypes the bundled kernels are timed in (fp32 tensors: tl.dot in TF32, or IEEE fp32)
SWEPT_DTYPES = ("fp16", "bf16", "tf32", "fp32", "fp8")


class ShapesError(PerfmodelError):
    """A shapes file that cannot be read (one line naming the file and the row)."""


def read_shapes(path: str, first_index: int = 1000) -> list[tuple[int, tuple]]:
    """(index, (family, M, N, K, dtype, layout)) from a CSV with a header naming M, N, K, dtype
    and optionally family and layout (default nn); indices count from `first_index` in file order,
    or come from an `index` column (a recorded set's shapes timed again under their own indices)."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise ShapesError(f"{path}: cannot read ({e.strerror})") from None
    except (UnicodeDecodeError, csv.Error) as e:
        raise ShapesError(f"{path}: not a CSV file ({e.__class__.__name__})") from None
    if not rows:
        raise ShapesError(f"{path}: no shapes (a header M,N,K,dtype and one row per shape)")
    out = []
    for i, r in enumerate(rows, 2):
        try:
            M, N, K = (int(r[k]) for k in ("M", "N", "K"))
            dtype = (r.get("dtype") or "fp16").strip().lower()
            layout = (r.get("layout") or "nn").strip().lower()
            index = int(r["index"]) if r.get("index") else first_index + len(out)
        except (KeyError, TypeError, ValueError):
            raise ShapesError(f"{path}:{i}: needs whole numbers in columns M, N, K (and index, where given), got {dict(r)}") from None
        if min(M, N, K) < 1 or dtype not in SWEPT_DTYPES or layout not in LAYOUTS:
            raise ShapesError(f"{path}:{i}: M, N, K must be positive, dtype one of {', '.join(SWEPT_DTYPES)} (the bundled "
                              f"kernels') and layout one of {', '.join(LAYOUTS)}, got {M}, {N}, {K}, {dtype!r}, {layout!r}")
        out.append((index, (r.get("family") or "user", M, N, K, dtype, layout)))
    if len({i for i, _ in out}) < len(out):
        raise ShapesError(f"{path}: the index column repeats a shape index")
    return out


def load_nvmh_picks() -> dict:
    try:
        return json.loads(data_file("nvmh_picks.json").read_text()).get("picks", {})
    except (OSError, ValueError):
        return {}


def entries_for_shape(M, N, K, dtype, layout, nvmh: dict, limits: tuple[int, int], tma: bool) -> list[dict]:
    """(kernel, config, tags) to time for one shape, deduplicated; limits = (SMs, shared bytes per block)."""
    sm_count, smem_limit = limits
    out: dict[tuple, dict] = {}

    def add(kernel, c, tag):
        c = {k: int(c.get(k, 1)) for k in CONFIG_KEYS}
        key = (kernel, config_name(c))
        out.setdefault(key, {"kernel": kernel, "config": c, "tags": []})
        if tag not in out[key]["tags"]:
            out[key]["tags"].append(tag)

    tutorial = {config_name(c) for c in suite.TUTORIAL_CONFIGS}
    for c in suite.grid_configs(smem_limit, DTYPES[dtype].in_bytes):
        add("grouped", c, "grid")
        if config_name(c) in tutorial:
            add("grouped", c, "tutorial")
        if config_name(c) == config_name(suite.DEFAULT_CONFIG):
            add("grouped", c, "default")
    if suite.wants_splitk(M, N, sm_count):
        for c in suite.splitk_configs():
            add("splitk", c, "grid")
    for c in (nvmh.get(shape_key(M, N, K, dtype), []) if layout == "nn" else []):
        add("splitk" if c.get("SPLIT_K", 1) > 1 else "grouped", c, "nvmh")
    if tma and suite.tma_ok(M, N, K, layout, DTYPES[dtype].in_bytes, DTYPES[dtype].out_bytes):
        for c in suite.TMA_CONFIGS:
            add("tma", c, "tma")
        for kernel, configs in suite.PERSISTENT_CONFIGS.items():
            for c in configs:
                if suite._plausible(c, smem_limit, DTYPES[dtype].in_bytes):
                    add(kernel, c, kernel)
    return list(out.values())


def _int_args(M, N, K, kernel, layout="nn"):
    strides = list(LAYOUTS[layout].strides(M, N, K))
    return [M, N, K, *strides, N, 1] if kernel == "grouped" else [M, N, K, *strides]


def compile_one(job) -> tuple[str, str]:
    """Worker: compile one (kernel, dtype, layout, M, N, K, config) as the timed launch specializes it."""
    kernel, dtype, layout, M, N, K, c = job
    try:
        import torch

        from perfmodel.gpu import kernels as mk

        dt = getattr(torch, DTYPES[dtype].torch)
        meta = dict(BLOCK_M=c["BLOCK_M"], BLOCK_N=c["BLOCK_N"], BLOCK_K=c["BLOCK_K"], GROUP_M=c["GROUP_M"],
                    PRECISION=DTYPES[dtype].precision, num_warps=c["num_warps"], num_stages=c["num_stages"],
                    grid=(1,))
        if kernel == "grouped":
            mk.matmul_kernel.warmup(dt, dt, getattr(torch, DTYPES[dtype].c_torch), *_int_args(M, N, K, kernel, layout),
                                    **meta)
        elif kernel == "splitk":
            mk.matmul_splitk_kernel.warmup(dt, dt, torch.float32, *_int_args(M, N, K, kernel, layout),
                                           SPLIT_K=c["SPLIT_K"], **meta)
        else:
            _warm_descriptor_kernel(kernel, dtype, layout, M, N, K, c, meta)
        return config_name(c), "ok"
    except Exception as e:  # noqa: BLE001 - a config that does not compile is recorded, not fatal
        return config_name(c), f"{type(e).__name__}: {str(e)[:200]}"


def _warm_descriptor_kernel(kernel, dtype, layout, M, N, K, c, meta) -> None:
    """Compile a tensor-descriptor kernel (tma, persistent*) as its launch specializes it: the
    descriptors' dtypes and boxes over the stored tensors (meta tensors: nothing is allocated)."""
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor

    from perfmodel.gpu import kernels as mk
    from perfmodel.gpu import persistent as pk

    def meta_view(rows, cols, dt):
        return torch.empty((rows, cols), dtype=dt, device="meta")

    lay = LAYOUTS[layout]
    dt, ct = getattr(torch, DTYPES[dtype].torch), getattr(torch, DTYPES[dtype].c_torch)
    a = meta_view(K, M, dt).T if not lay.a_k_major else meta_view(M, K, dt)
    b = meta_view(N, K, dt).T if lay.b_k_major else meta_view(K, N, dt)
    cc = meta_view(M, N, ct)
    if kernel == "tma":
        descs = mk.make_tma_descriptors(a, b, cc, c)
        mk.matmul_tma_kernel.warmup(*descs, M, N, K, A_T=mk.transposed(a), B_T=mk.transposed(b), **meta)
        return
    descs = pk.make_persistent_descriptors(a, b, cc, c)
    pk.matmul_persistent_kernel.warmup(*descs, M, N, K, NUM_SMS=pk.sm_count(), A_T=mk.transposed(a),
                                       B_T=mk.transposed(b), **pk.VARIANTS[kernel], **meta)


def job_key(job) -> tuple:
    """What a compile depends on: kernel, dtype, config and how the integer arguments specialize
    (divisible by 16, equal to 1)."""
    kernel, dtype, layout, M, N, K, c = job
    pattern = tuple((x % 16 == 0, x == 1) for x in _int_args(M, N, K, kernel, layout))
    return kernel, dtype, layout, pattern, config_name(c)


def compile_jobs(shape, nvmh, limits, tma) -> list:
    """The compile jobs of one shape, every kernel's."""
    _, M, N, K, dtype, layout = suite.fields(shape)
    return [(e["kernel"], dtype, layout, M, N, K, e["config"])
            for e in entries_for_shape(M, N, K, dtype, layout, nvmh, limits, tma)]


def done_shapes(path: Path) -> set[int]:
    """Indices of the shapes a runs file already finished."""
    done = set()
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if isinstance(r, dict) and r.get("kind") == "shape_done":
                done.add(r["shape_index"])
    return done


def compile_ahead(shapes, limits, tma: bool, jobs: int, reserved_cpus: int, marker: Path | None = None):
    """Start compiling the shapes' kernels in timing order (perfmodel.gpu.compile_ahead)."""
    from perfmodel.gpu.compile_ahead import CompileAhead

    nvmh = load_nvmh_picks()
    per_shape = [(i, compile_jobs(s, nvmh, limits, tma)) for i, s in shapes]
    return CompileAhead(per_shape, compile_one, jobs, reserved_cpus, marker, key=job_key).start()


def sweep_here(shapes, out: Path, limits: tuple[int, int], tma: bool, argv: list[str], jobs: int,
               budget_s: float, marker: Path | None = None) -> int:
    """Time `shapes` on this process's GPU, appending rows to `out` (the run of one GPU), each
    shape as soon as its kernels are compiled: by workers of this process, or (with `marker`)
    by the parent `sweep --gpus all` process. limits = (SMs, shared bytes per block)."""
    from perfmodel.gpu import env
    from perfmodel.gpu.compile_ahead import wait_for_marker
    from perfmodel.gpu.drift import retime_once
    from perfmodel.gpu.measure import run_shape

    env.require()
    t0 = time.time()
    todo = [(i, s) for i, s in shapes if i not in done_shapes(out)]
    nvmh = load_nvmh_picks()
    ahead = None if marker is not None else compile_ahead(todo, limits, tma, jobs, reserved_cpus=2)
    with open(out, "a") as f:
        header = env.versions(argv)
        f.write(json.dumps(header) + "\n")
        f.flush()
        for i, s in todo:
            if time.time() - t0 > budget_s:
                print(f"[sweep] time budget reached before shape {i}; rerun to resume", file=sys.stderr, flush=True)
                break
            if ahead is not None:
                ahead.wait(i)
            else:
                wait_for_marker(marker, i)
            entries = entries_for_shape(*suite.fields(s)[1:], nvmh, limits, tma)
            retime_once(lambda i=i, s=s, entries=entries: run_shape(i, s, entries, f), header, f)
    if ahead is not None:
        ahead.stop()
        ahead.join()
    return 0


def split_over_gpus(shapes, gpus: list[str], out: Path, base_argv: list[str], limits, tma: bool, jobs: int) -> int:
    """One `perfmodel sweep` process per GPU over its share of the shapes (dealt round-robin),
    each into its own part file, while this process compiles every shape's kernels once, in the
    order the children time them (on the CPUs the children do not use); the parts are appended
    to `out` when all have finished."""
    from perfmodel.gpu import env

    shapes = [(i, s) for i, s in shapes if i not in done_shapes(out)]
    marker = out.with_name(f"{out.stem}.compiled")
    marker.write_text("")
    var = "HIP_VISIBLE_DEVICES" if env.vendor() == "hip" else "CUDA_VISIBLE_DEVICES"
    procs = []
    for n, gpu in enumerate(gpus):
        mine = [str(i) for k, (i, _) in enumerate(shapes) if k % len(gpus) == n]
        if not mine:
            continue
        part = out.with_name(f"{out.stem}.gpu{gpu}{out.suffix}")
        cmd = [sys.executable, "-m", "perfmodel", "sweep", *base_argv, "--gpus", "0", "--only", ",".join(mine),
               "--out", str(part), "--compiled-marker", str(marker)]
        procs.append((part, subprocess.Popen(cmd, env={**os.environ, var: gpu})))
    ahead = compile_ahead(shapes, limits, tma, jobs, reserved_cpus=len(procs) + 1, marker=marker)
    rc = max([p.wait() for _, p in procs] or [0])
    ahead.join()
    marker.unlink(missing_ok=True)
    with open(out, "a") as f:
        for part, _ in procs:
            if part.exists():
                f.write(part.read_text())
                part.unlink()
    return rc
