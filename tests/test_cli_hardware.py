"""CLI smoke tests through a subprocess, as a user runs them."""

import json

import yaml


def test_hardware_list_json(cli):
    r = cli("hardware", "list", "--json")
    assert r.returncode == 0, r.stderr
    ids = {d["id"] for d in json.loads(r.stdout)}
    assert {"h200", "h100", "a100", "gfx926", "gfx936", "gfx906", "gfx908", "gfx90a", "gfx942"} <= ids


def test_hardware_show_json_every_number_is_sourced(cli):
    r = cli("hardware", "show", "gfx936", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    seen = facts = 0

    def walk(node, path):
        nonlocal seen, facts
        if isinstance(node, dict):
            if "value" in node and isinstance(node["value"], (bool, str)):  # a fact: a name or a yes/no
                assert {"value", "source", "confidence"} <= set(node), path
                facts += 1
                return
            if "value" in node and isinstance(node["value"], (int, float)):
                assert {"value", "unit", "confidence"} <= set(node), path
                assert "source" in node or "formula" in node, path
                seen += 1
                return
            for k, v in node.items():
                walk(v, f"{path}.{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}[{i}]")
        elif isinstance(node, (int, float)) and not isinstance(node, bool):
            raise AssertionError(f"bare number at {path}: {node}")

    walk(data, "")
    assert seen >= 40 and facts >= 5
    assert all(v["confidence"] == "derived" and v["formula"] for v in data["derived"].values())


def test_hardware_show_text(cli):
    r = cli("hardware", "show", "k100")
    assert r.returncode == 0
    assert "Hygon DCU K100" in r.stdout and "estimated" in r.stdout and "derived" in r.stdout


def test_unknown_device_one_line(cli):
    r = cli("hardware", "show", "nosuch")
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr
    assert "nosuch" in lines[0] and "gfx936" in lines[0] and "k100" in lines[0]


def test_malformed_yaml_one_line(cli, tmp_path, repo):
    d = yaml.safe_load((repo / "hardware" / "h100.yaml").read_text())
    d["compute"]["sm_count"]["value"] = -1
    p = tmp_path / "bad.yaml"
    p.write_text(yaml.safe_dump(d))
    r = cli("hardware", "show", p)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert "bad.yaml" in r.stderr and "compute.sm_count" in r.stderr


def test_debug_shows_traceback(cli):
    r = cli("--debug", "hardware", "show", "nosuch")
    assert r.returncode != 0 and "Traceback" in r.stderr


def test_bad_flags_one_line(cli):
    for args in (["hardware"], [], ["bogus"], ["hardware", "show"]):
        r = cli(*args)
        assert r.returncode == 2, args
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr, (args, r.stderr)


def test_version(cli):
    r = cli("--version")
    assert r.returncode == 0 and r.stdout.startswith("perfmodel ")


def test_every_flag_has_help_text():
    import argparse

    from perfmodel.cli.parser import build_parser

    def walk(parser, path):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    yield from walk(sub, f"{path} {name}")
            elif action.dest not in ("help", "debug"):
                yield path, action

    missing = [f"{path} {a.option_strings or a.dest}" for path, a in walk(build_parser(), "perfmodel") if not a.help]
    assert not missing, missing
