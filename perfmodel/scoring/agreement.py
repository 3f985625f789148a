"""Do the kernels' resource rules agree with what the compiler produced? (`perfmodel resources-check`)

Recorded compiles come from two places, both Triton 3.6.0:
  offline compile sweeps (validation/compile_sweep.py; rows of kind "compile", one target and
      load class each): metadata.shared, and the registers cuobjdump (NVIDIA) or LLVM's report
      (AMD) gives; the device is the bundled one whose `toolchain.compile_target` is the row's
      target, the problem the class's representative (perfmodel.problem.ALIGNMENTS);
  device runs (rows of kind "run" with n_regs and smem_bytes): the kernels the device's JIT
      compiled, against the device the dataset was recorded on (label "<device>-jit").

Per kernel and "target/class": the share whose shared bytes the rule gets exactly and whose
registers it gets within 10%, over all recorded compiles and over the held-out ones: those
that are not the very compile the kernel's register table holds (fp16 or TF32, nn or nt, GROUP_M
8, the stage class's own num_stages, the class's 16-divisible sizes), where agreement would be
the compiler agreeing with itself. Rows the kernel's model does not take are left out: problems
it refuses on their device (`unsupported`: the lab's sweeps time the TMA kernels in TF32, which
they are not modelled for) and configs it refuses (`check`: e.g. the warp-specialized kernel's
8-warp tiles, which Triton compiles unspecialized).
"""

from __future__ import annotations

from perfmodel.errors import DataError
from perfmodel.hardware.registry import known_devices, load_hardware
from perfmodel.kernels import registry
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.registers import COMPILED_DTYPES, COMPILED_LAYOUTS, stage_class
from perfmodel.names import CONFIG_KEYS
from perfmodel.problem import ALIGNMENTS, GemmProblem, TileConfig

#: SPLIT_K of the compiles a kernel's register table holds (1 where the kernel has none)
TABLE_SPLIT_K = {"splitk": 2}
COUNTS = ("n", "smem_exact", "regs_within_10pct", "held_out_n", "held_out_regs_within_10pct")


def device_for_target(target: str) -> str:
    """The first bundled device (by id) that Triton compiles for `target`."""
    for spec in known_devices():
        if spec.compile_target == target:
            return spec.id
    raise DataError(f"no bundled device compiles for target {target!r}")


def kernel_of(row: dict) -> str:
    return row.get("kernel") or "grouped"


def load_class_of(row: dict) -> str:
    """The alignment class a recorded row was compiled in (older rows carry only "aligned")."""
    if "M" in row:  # a device run
        return problem_of_run(row).alignment
    return row.get("alignment") or ("all" if row["aligned"] else "none")


def problem_of_run(row: dict) -> GemmProblem:
    return GemmProblem(M=row["M"], N=row["N"], K=row["K"], dtype=row["dtype"], layout=row.get("layout", "nn"))


def problem_of_compile(row: dict) -> GemmProblem:
    """The problem an offline compile stands for: its sizes' class's representative, in its layout
    (rows in layout nn name only the load class, which is the sizes' class there)."""
    sizes = row.get("sizes") or load_class_of(row)
    M, N, K = ALIGNMENTS[sizes].representative()
    return GemmProblem(M=M, N=N, K=K, dtype=row["dtype"], layout=row.get("layout", "nn"))


def is_table_compile(row: dict) -> bool:
    """True when a recorded compile is the very compile its kernel's register table holds."""
    alignment = "all" if kernel_of(row) == "tma" else load_class_of(row)
    if "M" in row and {k for k in ("M", "N", "K") if row[k] % 16 == 0} != set(ALIGNMENTS[alignment].divisible):
        return False  # the JIT specialised the sizes differently from the table's compile
    stages_in_table = int(stage_class(row["num_stages"], alignment)) == row["num_stages"]
    return (row["dtype"] in COMPILED_DTYPES and row.get("layout", "nn") in COMPILED_LAYOUTS
            and row.get("GROUP_M") == 8 and row.get("SPLIT_K", 1) == TABLE_SPLIT_K.get(kernel_of(row), 1)
            and stages_in_table)


def in_config_space(row: dict, model, problem: GemmProblem) -> bool:
    """Whether the kernel's model takes the row's config (`check`: e.g. not the warp-specialized
    kernel's 8-warp tiles, which Triton compiles unspecialized)."""
    cfg = TileConfig(**{k: row[k] for k in CONFIG_KEYS if k in row}, kernel=model.name)
    return model.check(cfg, problem) is None


def _recorded(row: dict, run_device: str, model):
    """(label, device, problem) of a recorded compile or device run, or None; a run's label
    names the load class the kernel compiles the problem to."""
    layout = "" if row.get("layout", "nn") == "nn" else f"/{row['layout']}"
    if row.get("kind") == "compile" and row.get("status") == "ok":
        p = problem_of_compile(row)
        return f"{row['target']}{layout}/{model.load_class(p)}", device_for_target(row["target"]), p
    if row.get("kind") == "run" and row.get("n_regs") is not None and row.get("smem_bytes") is not None:
        p = problem_of_run(row)
        return f"{run_device}-jit{layout}/{model.load_class(p)}", run_device, p
    return None


def agreement(rows: list[dict], kernel: str = "grouped", run_device="h200") -> dict[str, dict]:
    """Per "target/class", counts (COUNTS) of one kernel's recorded compiles (module doc);
    `run_device` (a name, path or spec) is the device the runs were recorded on."""
    model = registry.get(kernel)
    run_spec = load_hardware(run_device)
    specs = {run_spec.id: run_spec}
    groups: dict[tuple, list] = {}
    for r in rows:
        if kernel_of(r) != kernel:
            continue
        rec = _recorded(r, run_spec.id, model)
        if rec is not None:
            label, device, p = rec
            groups.setdefault((label, device, p), []).append(r)
    out: dict[str, dict] = {}
    for (label, device, p), rs in groups.items():
        spec = specs.get(device) or load_hardware(device)
        # rows the kernel's model does not take (module doc) are not its model's to score
        rs = [r for r in rs if in_config_space(r, model, p)] if model.unsupported(spec, p) is None else []
        if not rs:
            continue
        res = model.resources(spec, p, ConfigArrays.of(rs))
        d = out.setdefault(label, dict.fromkeys(COUNTS, 0))
        for i, r in enumerate(rs):
            regs = r["n_regs"] if "n_regs" in r else r["TotalNumVgprs"]
            good = bool(abs(int(res.regs[i]) - regs) <= 0.10 * regs)
            d["n"] += 1
            d["smem_exact"] += int(res.smem_bytes[i]) == r.get("smem_bytes")
            d["regs_within_10pct"] += good
            if not is_table_compile(r):
                d["held_out_n"] += 1
                d["held_out_regs_within_10pct"] += good
    return dict(sorted(out.items()))


def kernels_in(rows: list[dict]) -> list[str]:
    """The registered kernels that have recorded compiles among `rows`, in registry order."""
    present = {kernel_of(r) for r in rows if r.get("kind") in ("compile", "run")}
    return [k for k in registry.names() if k in present]


def total(table: dict[str, dict]) -> dict:
    out = dict.fromkeys(COUNTS, 0)
    for d in table.values():
        for k in COUNTS:
            out[k] += d[k]
    return out
