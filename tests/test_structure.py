"""The shape of the package: one installed top-level package, no import cycles between its
modules, nothing imported from the lab, no module or function past the size the project
allows, and the kernels behind one interface."""

import ast
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import perfmodel

PACKAGE = Path(perfmodel.__file__).resolve().parent
REPO = Path(__file__).resolve().parent.parent


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _imports(path: Path, name: str, modules) -> set[str]:
    """Every perfmodel module `name` imports, anywhere in the file (module level or inside a
    function), with the packages an import runs on the way (their __init__)."""
    tree = ast.parse(path.read_text())
    targets = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            base = node.module if node.level == 0 else ".".join(name.split(".")[:-node.level] + [node.module])
            targets.add(base)
            targets |= {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules}
    out = set()
    for t in targets:
        parts = t.split(".")
        out |= {".".join(parts[:i]) for i in range(1, len(parts) + 1) if ".".join(parts[:i]) in modules}
    # a module's own ancestor packages are initialised before it runs: no edge back to them
    ancestors = {".".join(name.split(".")[:i]) for i in range(1, len(name.split(".")))}
    return out - ancestors - {name}


def test_no_import_cycles_between_perfmodel_modules():
    modules = _modules()
    graph = {name: _imports(path, name, modules) for name, path in modules.items()}
    cycles = []
    state: dict[str, int] = {}

    def visit(node, stack):
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack + [nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, cycles[:5]


def test_perfmodel_never_imports_the_lab():
    pattern = re.compile(r"^\s*(from|import)\s+validation\b", re.M)
    offenders = [str(p) for p in PACKAGE.rglob("*.py") if pattern.search(p.read_text())]
    assert not offenders, offenders


def test_modules_and_functions_stay_small():
    """No module over ~400 lines, no function over ~60 (the project's style rule)."""
    long_modules, long_functions = [], []
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text()
        if len(text.splitlines()) > 420:
            long_modules.append((str(path), len(text.splitlines())))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > 65:
                    long_functions.append((f"{path.name}:{node.name}", n))
    assert not long_modules, long_modules
    assert not long_functions, long_functions


def test_importing_the_plain_tables_needs_no_dependencies():
    """The lab's device scripts import perfmodel.dtypes and perfmodel.names on a machine with
    only torch and Triton: they must not pull in pydantic, yaml or numpy."""
    code = ("import sys; import perfmodel.dtypes, perfmodel.names; "
            "bad = [m for m in ('pydantic', 'yaml', 'numpy') if m in sys.modules]; print(bad); sys.exit(bool(bad))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/")
    assert r.returncode == 0, r.stdout + r.stderr


def test_every_kernel_model_implements_the_interface():
    from perfmodel.kernels import registry
    from perfmodel.kernels.base import KernelModel

    for name in registry.names():
        model = registry.get(name)
        assert isinstance(model, KernelModel) and model.name == name and model.summary and model.source
        path, what = model.source.split(":")
        assert path.startswith("perfmodel/gpu/") and (REPO / path).is_file()
        for fn in what.replace("+", " ").split():  # the Triton functions it names are defined there
            if fn.endswith("_kernel"):
                assert f"def {fn}(" in (REPO / path).read_text(), (name, fn)


@pytest.mark.slow
def test_the_wheel_holds_one_top_level_package(tmp_path):
    """`pip wheel .` builds a wheel whose only top-level package is perfmodel, with the device
    files, the kernels' register tables and the recorded data the commands read inside it."""
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-q", "-w", str(tmp_path)],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0 and "No matching distribution" in r.stderr:
        pytest.skip("no network for the build backend")
    assert r.returncode == 0, r.stderr[-2000:]
    (wheel,) = tmp_path.glob("perfmodel-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    assert tops == {"perfmodel"}, tops
    for needed in ("perfmodel/hardware/devices/h200.yaml", "perfmodel/kernels/grouped/register_table.json",
                   "perfmodel/kernels/tma/register_table.json", "perfmodel/kernels/grouped/register_fit.json",
                   "perfmodel/kernels/persistent/register_table.json", "perfmodel/kernels/persistent/register_table_ws.json",
                   "perfmodel/datasets/h200/runs.jsonl", "perfmodel/datasets/h200/holdout.jsonl",
                   "perfmodel/datasets/compile/compile_sweep.jsonl", "perfmodel/datasets/nvmh_picks.json"):
        assert needed in names, needed
    assert not any(n.startswith("perfmodel/datasets/compile/register_table_raw") for n in names)
    modules = {str(p.relative_to(REPO)) for p in (REPO / "perfmodel").rglob("*.py")}
    assert modules <= set(names), sorted(modules - set(names))  # every package listed in pyproject
