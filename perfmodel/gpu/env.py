"""The GPU this process sees, vendor-neutral: CUDA or ROCm/HIP (Hygon's DTK builds included).

Everything here needs torch (with CUDA or ROCm) and Triton on the machine with the GPU; import
it only from the commands that run there (`perfmodel calibrate`, `perfmodel sweep`). What a
vendor's tools cannot tell (clocks without nvidia-smi or rocm-smi, the driver's occupancy
without libcuda or libamdhip64) is recorded as unavailable, never guessed.

    require()            torch, Triton and a visible GPU, or a one-line PerfmodelError
    vendor()             "cuda" or "hip" (torch.version.hip set: ROCm, and Hygon's DTK)
    properties()         name, SM/CU count, L2 bytes, shared memory per block, memory, warp size
    versions()           torch, Triton, runtime, driver, Python: the header of every dataset
    check_matches(spec)  the GPU is the device file's (its SM/CU count), or a one-line error
    ClockSampler         the SM clock and power while something runs (nvidia-smi / rocm-smi)
    driver_occupancy()   the driver's resident blocks per SM for a compiled kernel
"""

from __future__ import annotations

import ctypes
import datetime
import os
import platform
import shutil
import subprocess
import sys
import threading
import time

from perfmodel.errors import PerfmodelError


class NoGpuError(PerfmodelError):
    """No usable GPU (or no torch/Triton) on this machine."""


def require():
    """(torch, triton) with a visible GPU, or a one-line NoGpuError saying what is missing."""
    try:
        import torch
        import triton
    except ImportError as e:
        raise NoGpuError(f"this command runs on the machine with the GPU and needs torch and Triton there ({e.name} "
                         "is not installed)") from None
    if not torch.cuda.is_available():
        raise NoGpuError("no GPU is visible to torch (CUDA or ROCm); run this on the machine with the GPU")
    return torch, triton


def vendor() -> str:
    import torch

    return "hip" if getattr(torch.version, "hip", None) else "cuda"


def visible_index() -> str:
    """The physical index of the GPU this process uses, for the vendor's command-line tools."""
    var = "HIP_VISIBLE_DEVICES" if vendor() == "hip" else "CUDA_VISIBLE_DEVICES"
    return (os.environ.get(var) or os.environ.get("CUDA_VISIBLE_DEVICES") or "0").split(",")[0]


def properties(index: int = 0) -> dict:
    """What torch reports of GPU `index` (attributes a build does not have are None)."""
    import torch

    p = torch.cuda.get_device_properties(index)
    return {
        "name": p.name,
        "sm_count": p.multi_processor_count,
        "l2_bytes": getattr(p, "L2_cache_size", None),
        "shared_per_block_optin_bytes": getattr(p, "shared_memory_per_block_optin", None),
        "total_memory_bytes": p.total_memory,
        "warp_size": getattr(p, "warp_size", None) or (64 if vendor() == "hip" else 32),
        "arch": getattr(p, "gcnArchName", None) or f"sm_{p.major}{p.minor}",
    }


def _run(cmd: list[str]) -> str | None:
    if not shutil.which(cmd[0]):
        return None
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def driver_version() -> str:
    if vendor() == "cuda":
        v = _run(["nvidia-smi", "-i", visible_index(), "--query-gpu=driver_version", "--format=csv,noheader"])
    else:
        v = _run(["rocm-smi", "--showdriverversion"]) or _run(["hy-smi", "--showdriverversion"])
    return v or "unavailable"


def clock_settings() -> str:
    """The card's clocks and power limit as the vendor's tool reports them now (idle clocks,
    the maxima and the power limit), or "unavailable"."""
    if vendor() == "cuda":
        v = _run(["nvidia-smi", "-i", visible_index(), "--query-gpu=clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,"
                  "power.limit", "--format=csv,noheader"])
    else:
        v = _run(["rocm-smi", "-d", visible_index(), "--showclocks", "--showmaxpower", "--csv"])
    return v or "unavailable"


def versions(argv: list[str]) -> dict:
    """The header every recorded file carries."""
    import torch
    import triton

    props = properties()
    return {
        "kind": "header", "gpu_name": props["name"], "sm_count": props["sm_count"], "l2_bytes": props["l2_bytes"],
        "total_memory_bytes": props["total_memory_bytes"], "arch": props["arch"], "vendor": vendor(),
        "driver": driver_version(), "clocks_sm_mem_maxsm_maxmem_powerlimit": clock_settings(), "torch": torch.__version__,
        "runtime": getattr(torch.version, "hip", None) or torch.version.cuda, "triton": triton.__version__,
        "python": platform.python_version(),
        "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": " ".join(argv),
        "timing": "triton.testing.do_bench median (L2 flushed before each call)",
    }


def check_matches(spec, props: dict) -> None:
    """The visible GPU must be the device file's kind: same SM/CU count (a one-line error)."""
    unit = "CUs" if spec.is_amd_like else "SMs"
    if props["sm_count"] != spec.sm_count:
        raise PerfmodelError(f"the GPU here ({props['name']}) has {props['sm_count']} {unit}; {spec.id}'s file says "
                             f"{spec.sm_count}: pass the device file that describes this GPU (--hw)")


class ClockSampler:
    """Samples the SM clock (MHz) and board power (W) every 0.1 s from the vendor's tool while
    the `with` block runs; `samples` are "MHz, W" strings (the calibration reads their median)."""

    def __init__(self):
        if vendor() == "cuda" and shutil.which("nvidia-smi"):
            self.cmd = ["nvidia-smi", "-i", visible_index(), "--query-gpu=clocks.sm,power.draw",
                        "--format=csv,noheader,nounits"]
        elif shutil.which("rocm-smi"):
            self.cmd = ["rocm-smi", "-d", visible_index(), "--showclocks", "--showpower", "--csv"]
        else:
            self.cmd = None
        self.samples: list[str] = []
        self._stop = threading.Event()

    def _loop(self):
        while not self._stop.is_set():
            out = _run(self.cmd)
            if out:
                self.samples.append(_parse_clock(out))
            time.sleep(0.1)

    def __enter__(self):
        if self.cmd:
            self._thread = threading.Thread(target=self._loop, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self.cmd:
            self._thread.join()
        return False

    @property
    def available(self) -> bool:
        return bool(self.cmd)


def _parse_clock(text: str) -> str:
    """nvidia-smi prints "1425, 690.5"; rocm-smi's CSV holds "sclk ... (1700Mhz)" and a power
    column: both become "MHz, W"."""
    if "Mhz" not in text and "MHz" not in text:
        return text.strip()
    import re

    mhz = re.search(r"\((\d+)\s*M[hH]z\)", text)
    watts = re.search(r"(\d+(?:\.\d+)?)\s*(?:W\b|,\s*$)", text.splitlines()[-1]) if text.splitlines() else None
    return f"{mhz.group(1) if mhz else 'nan'}, {watts.group(1) if watts else 'nan'}"


_LIB = None


def driver_occupancy(function_handle: int, threads: int, dyn_smem: int) -> int | None:
    """The driver's resident blocks per SM (CU) for a compiled kernel: CUDA's
    cuOccupancyMaxActiveBlocksPerMultiprocessor or HIP's
    hipModuleOccupancyMaxActiveBlocksPerMultiprocessor; None where neither library loads."""
    global _LIB
    if _LIB is None:
        name, fn = (("libcuda.so.1", "cuOccupancyMaxActiveBlocksPerMultiprocessor") if vendor() == "cuda" else
                    ("libamdhip64.so", "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor"))
        try:
            _LIB = getattr(ctypes.CDLL(name), fn)
        except (OSError, AttributeError):
            _LIB = False
    if not _LIB:
        return None
    n = ctypes.c_int(-1)
    rc = _LIB(ctypes.byref(n), ctypes.c_void_p(function_handle), ctypes.c_int(threads), ctypes.c_size_t(dyn_smem))
    return n.value if rc == 0 else None


def say(msg: str) -> None:
    """A progress line of `perfmodel calibrate` on stderr."""
    print(f"[calibrate] {msg}", file=sys.stderr, flush=True)


def wave_grid(sms: int) -> tuple[int, int]:
    """Tile rows and columns of one wave on `sms` SMs (12 x 11 = 132 on an H200)."""
    for cols in range(int(sms**0.5), 0, -1):
        if sms % cols == 0:
            return sms // cols, cols
    return sms, 1
