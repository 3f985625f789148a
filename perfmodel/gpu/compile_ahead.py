"""Compiling ahead of the timing: a sweep's kernels are compiled shape by shape, in the order the
shapes will be timed, while the GPU (or GPUs) time the shapes already compiled.

    CompileAhead(per_shape, worker, processes, reserved_cpus, marker)
        per_shape      [(shape index, [compile job, ...]), ...] in timing order; a job another
                       shape already submitted is not submitted twice (Triton's disk cache is
                       shared, so the timed launch only loads the binary)
        worker         the function a worker process runs per job: (name, "ok" | reason)
        processes      worker processes, kept alive for the whole sweep
        reserved_cpus  CPUs left to the timing processes: workers are pinned to the others
                       (Linux; elsewhere the scheduler decides), so a compile never delays a
                       timed launch
        marker         a file that gets one line per finished shape (children processes of
                       `sweep --gpus all` wait on it); None within one process

    .start()      compiles in a background thread;  .wait(i) blocks until shape i is compiled
    wait_for_marker(path, i)   the child's side: blocks until line `i` is in the marker file

Checked on the H200 (validation/data/h200/sweep_*.jsonl): the times of a sweep compiled ahead
match those of the same shapes compiled first and timed after (validation/NOTES.md).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, wait
from pathlib import Path

POLL_S = 0.2
GIVE_UP_S = 900.0  # a child whose parent stopped compiling times the shape anyway (JIT compiles it)


def _pin(cpus: list[int]) -> None:
    """A compile worker: on its CPUs, at the lowest priority (a timed launch comes first)."""
    if hasattr(os, "sched_setaffinity") and cpus:
        os.sched_setaffinity(0, cpus)
    if hasattr(os, "nice"):
        os.nice(19)


def siblings(cpu: int) -> set[int]:
    """The hardware threads sharing `cpu`'s core (Linux sysfs; {cpu} where it cannot be read)."""
    try:
        text = Path(f"/sys/devices/system/cpu/cpu{cpu}/topology/thread_siblings_list").read_text().strip()
    except OSError:
        return {cpu}
    out = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out |= set(range(int(lo), int(hi or lo) + 1))
    return out | {cpu}


def worker_cpus(reserved: int) -> list[int]:
    """The CPUs compile workers may use: all this process may use but the first `reserved`
    cores, whole (a timing process sharing a core with a compile loses its launch rate: on the
    H200 host, 1024^3 GEMMs of ~10 us timed up to 2.8x slow that way, validation/NOTES.md)."""
    if not hasattr(os, "sched_getaffinity"):
        return []
    cpus = sorted(os.sched_getaffinity(0))
    kept: set[int] = set()
    cores = 0
    for c in cpus:
        if cores >= reserved:
            break
        if c not in kept:
            kept |= siblings(c)
            cores += 1
    rest = [c for c in cpus if c not in kept]
    return rest if len(rest) >= 1 and len(cpus) > reserved + 1 else cpus


class CompileAhead:
    def __init__(self, per_shape: list[tuple[int, list]], worker, processes: int, reserved_cpus: int,
                 marker: Path | None = None, key=repr):
        self.per_shape, self.worker, self.key = per_shape, worker, key
        self.cpus = worker_cpus(reserved_cpus)
        self.processes = max(1, min(processes, len(self.cpus) or processes))
        self.marker = marker
        self.done: dict[int, threading.Event] = {i: threading.Event() for i, _ in per_shape}
        self.failed = self.submitted = 0
        self._futures: list = []
        self._stopped = False
        self._thread = threading.Thread(target=self.run, daemon=True)

    def start(self) -> "CompileAhead":
        self._thread.start()
        return self

    def wait(self, index: int) -> None:
        if index in self.done:
            self.done[index].wait()

    def join(self) -> None:
        self._thread.join()

    def stop(self) -> None:
        """Drop the compiles not started yet (a sweep that stops early)."""
        self._stopped = True
        for f in self._futures:
            f.cancel()

    def run(self) -> None:
        """Submit every shape's new jobs in timing order, then mark each shape as its jobs finish;
        whatever happens here, every shape is marked in the end (the timing never waits forever:
        a kernel not compiled ahead is compiled at its first launch)."""
        try:
            self._compile()
        finally:
            for i, _ in self.per_shape:
                if not self.done[i].is_set():
                    self._finish(i)

    def _compile(self) -> None:
        t0, submitted, bad = time.time(), {}, set()
        with ProcessPoolExecutor(max_workers=self.processes, mp_context=mp.get_context("spawn"),
                                 initializer=_pin, initargs=(self.cpus,)) as ex:
            needs = []
            for i, jobs in self.per_shape:
                keys = [self.key(j) for j in jobs]
                for k, j in zip(keys, jobs):
                    if k not in submitted:
                        submitted[k] = ex.submit(self.worker, j)
                        self._futures.append(submitted[k])
                needs.append((i, [submitted[k] for k in keys]))
            self.submitted = len(submitted)
            for i, futs in needs:
                wait(futs)
                if self._stopped:
                    break
                bad |= {id(f) for f in futs if f.exception() is not None or f.result()[1] != "ok"}
                self.failed = len(bad)
                self._finish(i)
                print(f"[compile ahead] shape {i}: {len(futs)} kernels ready, {self.failed} failed so far, "
                      f"{time.time() - t0:.0f}s", file=sys.stderr, flush=True)

    def _finish(self, index: int) -> None:
        if self.marker is not None:
            with open(self.marker, "a") as f:
                f.write(f"{index}\n")
        self.done[index].set()


def wait_for_marker(marker: Path, index: int) -> None:
    """Block until the parent has compiled shape `index` (or GIVE_UP_S passed)."""
    t0 = time.time()
    while time.time() - t0 < GIVE_UP_S:
        try:
            if str(index) in marker.read_text().split():
                return
        except OSError:
            pass
        time.sleep(POLL_S)
