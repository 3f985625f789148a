"""A fuzzed command line: argv built from the real parser (every command, its flags with
ordinary, boundary and hostile values, files that are missing, binary, folders or garbage).
Whatever comes in, `perfmodel` ends with exit 0 or 2, at most a few stderr lines and no
traceback, and leaves no output file behind when it fails.

CI runs PERFMODEL_FUZZ_EXAMPLES examples (default 150); the closing note of the robustness
issue reports a 10,000-example run (PERFMODEL_FUZZ_EXAMPLES=10000 pytest tests/test_fuzz_cli.py).
"""

import argparse
import contextlib
import io
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perfmodel.cli import main
from perfmodel.cli.parser import build_parser

EXAMPLES = int(os.environ.get("PERFMODEL_FUZZ_EXAMPLES", "150"))
SCRATCH = Path(os.environ.get("PERFMODEL_FUZZ_DIR", "/tmp/perfmodel-fuzz"))

#: numbers a command can take (most draws, so the fuzz reaches the model), then boundaries and garbage
INTS = ["1", "2", "3", "7", "16", "64", "100", "1000", "4096", "4095", "65536", "2147483647"]
BAD_INTS = ["0", "-1", "2147483648", "99999999999", "NaN", "inf", "1e3", "", "x", "١٢"]
HOSTILE = ["", " ", "nosuch", "é", "x" * 300, "../..", "-", "--", "NaN", "None", "0", "\u202e"]


def _files():
    """Input files of every kind, written once into the scratch folder."""
    SCRATCH.mkdir(parents=True, exist_ok=True)
    good = [{"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "num_warps": 4, "num_stages": 3, "GROUP_M": 8}]
    files = {
        "configs.json": json.dumps(good), "configs_tma.json": json.dumps([{**good[0], "kernel": "tma"}]),
        "configs_bad.json": json.dumps([{"BLOCK_M": "x"}]), "notjson.json": "{[", "empty.json": "",
        "list.yaml": "- 1\n", "garbage.jsonl": "{not json\n", "runs.jsonl": '{"kind": "header"}\n',
    }
    for name, text in files.items():
        (SCRATCH / name).write_text(text)
    (SCRATCH / "binary.bin").write_bytes(b"\xff\xfe\x00\x81" * 64)
    (SCRATCH / "folder.yaml").mkdir(exist_ok=True)
    return [str(SCRATCH / n) for n in (*files, "binary.bin", "folder.yaml", "missing.json", "no/dir/x.json")]


FILES = _files()
POOLS = {
    "hw": ["h200", "gfx936", "k100", "H200", "mi300x", "sm_90", "sm_80", "h100,gfx926", ",", "nosuch", *FILES[:3]],
    "config": ["128x128x64_w4_s3_g8", "tma:64x64x64_w4_s3", "512x512x512_w4_s8", "16x16x16_w1_s1_g1_k64",
               "96x128x64_w4_s3", "warp9:64x64x64_w4_s3", "64x64x64_w4_s3_g8_k4", "garbled"],
    "dtype": ["fp16", "bf16", "fp32", "tf32", "int8", "fp8", "fp64", "FP16", "fp17"],
    "kernels": ["grouped", "tma", "splitk", "grouped,tma", "nosuch", ","],
    "configs": FILES,
    "data": ["h200/holdout", "h200/mixed", "h200/nosuch", "compile/compile_sweep_tma", *FILES],
    "ranker": ["default", "tutorial", "perfmodel:tma", "nosuch", "default,tutorial"],
    "name": ["h200", "gfx936", "sm_90", "nosuch", *FILES],
}


def _output_values(tmp: Path) -> list[str]:
    return [str(tmp / "out.png"), str(tmp / "out.svg"), str(tmp / "out.txt"), str(tmp / "missing" / "o.png"),
            str(tmp), str(tmp / "report.md"), str(tmp / "figs")]


def _subparsers(parser: argparse.ArgumentParser, prefix=()):
    """(argv prefix, parser) for every runnable command."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield prefix, parser
        return
    for name, sp in subs[0].choices.items():
        yield from _subparsers(sp, prefix + (name,))


COMMANDS = list(_subparsers(build_parser()))


@st.composite
def argvs(draw, tmp: Path):
    prefix, parser = draw(st.sampled_from(COMMANDS))
    argv = list(prefix)
    outputs = _output_values(tmp)
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or action.dest in ("debug", "help"):
            continue
        if not action.required and action.option_strings and not draw(st.booleans()):
            continue
        if action.option_strings and not action.required and draw(st.integers(0, 9)) == 0:
            continue
        if isinstance(action, argparse._StoreTrueAction):
            argv.append(action.option_strings[0])
            continue
        if action.dest in ("output", "markdown", "plots"):
            pool = outputs
        elif action.type is int:
            pool = INTS
        elif action.choices:
            pool = [*action.choices, "nosuch"]
        else:
            pool = POOLS.get(action.dest, HOSTILE)
        hostile = BAD_INTS if action.type is int else HOSTILE
        values = [draw(st.sampled_from(pool)) if draw(st.integers(0, 7)) else draw(st.sampled_from(hostile))]
        if action.nargs == "*":
            values = draw(st.lists(st.sampled_from(POOLS["data"]), max_size=2))
        if action.option_strings:
            for v in values:
                argv += [action.option_strings[0], v]
        else:
            argv += values
    if prefix == ("validate",) and "--ranker" not in argv:
        argv += ["--ranker", "default"]  # the full ranker set (nvMatmulHeuristics' estimate) takes seconds
    return argv


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(list(argv))
        except SystemExit as e:  # --help / --version
            rc = e.code or 0
    return rc, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", [["rank", "--hw", "h200", "--m", "2147483647", "--n", "2147483647", "--k", "2147483647"],
                                  ["plot", "occupancy", "--hw", "h200", "--config", "512x512x512_w4_s8", "-o", "x.png"],
                                  ["rank", "--hw", "h200", "--m", "64", "--n", "64", "--k", "64", "--debug", "--json"]])
def test_known_hard_cases(argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rc, out, err = _run(argv)
    assert rc in (0, 2) and "Traceback" not in err and len(err.strip().splitlines()) <= 1, err
    if rc:
        assert out == "" and not list(tmp_path.iterdir())


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=EXAMPLES < 1000)
@given(data=st.data())
def test_fuzzed_command_lines(data, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fuzz")
    argv = data.draw(argvs(tmp))
    before = set(tmp.rglob("*"))
    here = os.getcwd()
    os.chdir(tmp)  # a hostile relative path ("é", "-", " ") is written here, not into the checkout
    try:
        rc, out, err = _run(argv)
    finally:
        os.chdir(here)
    assert rc in (0, 2), (argv, rc, err)
    assert "Traceback" not in err, (argv, err)
    assert len(err.strip().splitlines()) <= 3, (argv, err)
    if rc != 0:
        assert out == "", (argv, "printed before failing", out[:200])
        assert set(tmp.rglob("*")) == before, (argv, "left files", set(tmp.rglob("*")) - before)
