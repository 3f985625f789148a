"""`perfmodel rank`, `predict`, `compare`, `validate` through the CLI, as users and tools call them."""

import json

import pytest

import perfmodel
import re
import shlex
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_rank_json_contract(cli):
    r = cli("rank", "--hw", "h200", "--m", 4096, "--n", 4096, "--k", 4096, "--dtype", "fp16", "--top", 5, "--json")
    assert r.returncode == 0, r.stderr
    items = json.loads(r.stdout)
    assert len(items) == 5
    for it in items:
        assert {"BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M", "SPLIT_K", "kernel",
                "predicted_ms", "limiter", "bound", "compute_path"} <= set(it)
        assert isinstance(it["predicted_ms"], float)
    assert [i["predicted_ms"] for i in items] == sorted(i["predicted_ms"] for i in items)


def test_rank_exactly_the_given_configs(cli, tmp_path):
    cfgs = [{"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "num_warps": 4, "num_stages": 3, "GROUP_M": 8},
            {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "num_warps": 2, "num_stages": 2, "GROUP_M": 1, "SPLIT_K": 4}]
    f = tmp_path / "c.json"
    f.write_text(json.dumps(cfgs))
    r = cli("rank", "--hw", "h200", "--m", 64, "--n", 64, "--k", 65536, "--configs", f, "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert len(out) == 2 and {o["SPLIT_K"] for o in out} == {1, 4}


def test_builtin_space_spans_every_kernel_that_applies():
    import perfmodel
    from perfmodel.ranking import rank

    r = rank("h200", perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16"))
    every = ["grouped", "splitk", "tma", "persistent", "persistent_ws"]
    assert r.kernels == every
    assert {x.kernel for x in r.top(len(r))} == set(every)
    # no TMA on an AMD device, and none where a row stride is not 16-byte aligned
    assert rank("gfx942", perfmodel.GemmProblem(M=4096, N=4096, K=4096, dtype="fp16")).kernels == ["grouped", "splitk"]
    assert rank("h200", perfmodel.GemmProblem(M=512, N=512, K=4001, dtype="fp16")).kernels == ["grouped", "splitk"]


def test_configs_name_their_kernel_and_are_ranked_together(cli, tmp_path):
    base = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "num_warps": 4, "num_stages": 3, "GROUP_M": 8}
    f = tmp_path / "c.json"
    f.write_text(json.dumps([base, {**base, "kernel": "tma"}, {**base, "SPLIT_K": 2}]))
    r = cli("rank", "--hw", "h200", "--m", 1000, "--n", 1000, "--k", 1000, "--configs", f, "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert sorted(o["kernel"] for o in out) == ["grouped", "splitk", "tma"]
    # 1000 is not 16-divisible (element-wise pointer loads) but is 8-divisible: the TMA kernel loads it in bulk
    assert out[0]["kernel"] == "tma"
    r = cli("rank", "--hw", "h200", "--m", 1000, "--n", 1000, "--k", 1000, "--top", 3)
    assert r.returncode == 0 and "tma:" in r.stdout


def test_predict_a_tma_config(cli):
    r = cli("predict", "--hw", "h200", "--m", 1000, "--n", 1000, "--k", 1000, "--config", "tma:128x128x64_w4_s3_g8", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["kernel"] == "tma" and d["alignment"] == "all" and d["config"] == "tma:128x128x64_w4_s3_g8_k1"
    grouped = json.loads(cli("predict", "--hw", "h200", "--m", 1000, "--n", 1000, "--k", 1000, "--config",
                             "128x128x64_w4_s3_g8", "--json").stdout)
    assert grouped["kernel"] == "grouped" and grouped["alignment"] == "none"
    assert d["smem_bytes"] == 3 * (128 + 128) * 64 * 2 + 3 * 8 != grouped["smem_bytes"]


def test_python_m_perfmodel(cli):
    r = cli("--version")
    assert r.returncode == 0 and r.stdout.startswith("perfmodel 0.")


def test_rank_table_is_readable(cli):
    r = cli("rank", "--hw", "h200", "--m", 4096, "--n", 4096, "--k", 4096, "--dtype", "fp16", "--top", 5)
    assert r.returncode == 0
    assert "predicted ms" in r.stdout and "128x256x64" in r.stdout


def test_predict_and_compare(cli):
    r = cli("predict", "--hw", "h200", "--m", 4096, "--n", 4096, "--k", 4096, "--config", "128x128x64_w4_s3_g8", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["bound"] and d["predicted_ms"] > 0 and d["compute_path"] == "matrix"
    r = cli("compare", "--hw", "h100,gfx936,gfx926", "--m", 4096, "--n", 4096, "--k", 4096, "--dtype", "fp16")
    assert r.returncode == 0, r.stderr
    assert "gfx926" in r.stdout and "vector" in r.stdout and "matrix" in r.stdout


def test_predict_names_the_alignment_class_and_where_registers_come_from(cli):
    r = cli("predict", "--hw", "h200", "--m", 2048, "--n", 50257, "--k", 768, "--config", "256x64x64_w4_s3_g8")
    assert r.returncode == 0, r.stderr
    assert "only K 16-divisible" in r.stdout and "element-wise loads" in r.stdout and "compile table" in r.stdout
    d = json.loads(cli("predict", "--hw", "h200", "--m", 2048, "--n", 50257, "--k", 768, "--config",
                       "256x64x64_w4_s3_g8", "--json").stdout)
    assert d["alignment"] == "k" and d["registers_from"] == "compile table" and d["spill_s_per_kstep"] >= 0
    d = json.loads(cli("predict", "--hw", "h200", "--m", 4096, "--n", 4096, "--k", 4096, "--dtype", "fp32", "--config",
                       "64x64x32_w4_s3_g8", "--json").stdout)
    assert d["alignment"] == "all" and d["registers_from"] == "compile table"  # IEEE fp32: its own sm_90 table


def test_predict_says_where_a_lone_block_copies_at_its_share(cli):
    """Class "none" TF32 (`nt`, K and N not 16-divisible): a tile that fits one block per SM copies at
    lone_copy_share of two blocks' rate in every wave; one that fits two does so only in its lone last wave;
    an aligned fp16 config says nothing of it (perfmodel.kernels.pipeline.gather_rate)."""
    def rows(*config):
        r = cli("predict", "--hw", "h200", "--m", 1024, "--n", 100, "--k", 37, "--dtype", "tf32", "--layout", "nt",
                "--config", *config)
        assert r.returncode == 0, r.stderr
        return {label: next(x for x in r.stdout.splitlines() if x.strip().startswith(label))
                for label in ("L2 -> SM", "tile (last wave)")}

    note = "a lone block copies at 0.7 of two blocks' rate"
    one, two = rows("128x128x32_w8_s2"), rows("128x64x32_w4_s2")
    assert note in one["L2 -> SM"] and note in one["tile (last wave)"]
    assert note not in two["L2 -> SM"] and note in two["tile (last wave)"] and "1 blocks/SM" in two["tile (last wave)"]
    r = cli("predict", "--hw", "h200", "--m", 4096, "--n", 4096, "--k", 4096, "--config", "128x256x64_w8_s3")
    assert r.returncode == 0 and "lone block" not in r.stdout


def test_predict_says_where_a_lone_block_runs_its_dot_at_the_measured_rate(cli):
    """Aligned TF32 `nn` at 96x4096x14336: split-K 32x64x128_w4_s3 at k2 (two blocks per SM) ends in a last wave of
    one block per SM, whose dot goes at 1 / lone_block_dot_rate; 32x64x64_w2_s6 fits one block per SM at a stage count
    the tile factors never saw, so every wave's does (the k-step's mma row); the same tile at five stages, two per SM
    in full waves, and 16-bit say nothing of it (perfmodel.kernels.tiled.lone_step)."""
    def out(*args):
        r = cli("predict", "--hw", "h200", "--m", 96, "--n", 4096, "--k", 14336, *args)
        assert r.returncode == 0, r.stderr
        return {label: next((x for x in r.stdout.splitlines() if x.strip().startswith(label)), "")
                for label in ("mma (incl. shared mem)", "tile (last wave)")}

    note = "a lone block's mma.sync dot at 1 / 0.75 of its terms"
    k2 = out("--dtype", "tf32", "--config", "splitk:32x64x128_w4_s3_g8_k2")
    assert note in k2["tile (last wave)"] and "1 blocks/SM" in k2["tile (last wave)"] and note not in k2["mma (incl. shared mem)"]
    assert note in out("--dtype", "tf32", "--config", "32x64x64_w2_s6_g8")["mma (incl. shared mem)"]
    assert note not in out("--dtype", "tf32", "--m", 4096, "--config", "32x64x64_w2_s5_g8")["mma (incl. shared mem)"]
    assert not any("lone block's mma" in v for v in out("--config", "splitk:32x64x128_w4_s3_g8_k2").values())


def test_rank_suggests_padding_when_k_or_n_is_not_16_divisible(cli):
    r = cli("rank", "--hw", "h200", "--m", 2048, "--n", 50257, "--k", 768, "--top", 3)
    assert r.returncode == 0, r.stderr
    assert "Zero-padding N to 50272 is predicted at" in r.stdout
    r = cli("rank", "--hw", "h200", "--m", 4096, "--n", 4096, "--k", 4096, "--top", 3)
    assert "Zero-padding" not in r.stdout


def test_the_class_none_notes_say_4_byte_loads_are_pipelined(cli):
    """Class "none" (K and N odd): 16-bit loads go element by element with no pipelining, 4-byte ones (TF32)
    are copied one by one through the pipeline at 2+ stages; rank's and predict's notes said "no pipelining"
    for both until session 43."""
    shape = ("--hw", "h200", "--m", 1000, "--n", 1001, "--k", 1001)
    r = cli("rank", *shape, "--dtype", "tf32", "--top", 1)
    assert "pipelined at num_stages >= 2" in r.stdout and "no pipelining" not in r.stdout
    assert "no pipelining" in cli("rank", *shape, "--dtype", "fp16", "--top", 1).stdout
    r = cli("predict", *shape, "--dtype", "tf32", "--config", "64x64x32_w4_s3")
    assert "pipelined all the same" in r.stdout and "no pipelining" not in r.stdout


def test_readme_intro_counts_the_recorded_runs():
    """The README's opening paragraph counts the timed runs, shapes and sweeps that are recorded
    (validation/score_sets.SETS), and names every kernel of the registry."""
    from perfmodel.kernels import registry
    from perfmodel.scoring.datasets import load_runs
    from validation.score_sets import SETS

    intro = (REPO / "README.md").read_text().split("## Quick start")[0]
    shapes = [s for name in SETS for s in load_runs(f"h200/{name}").shapes]
    runs = sum(len(s.all_runs) for s in shapes)
    assert f"{runs:,} timed runs" in intro and f"{len(shapes):,} shapes in {len(SETS)} recorded" in intro
    assert all(f"`{k}`" in intro for k in registry.names())


def test_validate_prints_every_ranker(cli):
    r = cli("validate")
    assert r.returncode == 0, r.stderr
    for name in ("perfmodel", "perfmodel:tma", "perfmodel:all", "default", "tutorial", "nvmh-top1", "nvmh-top8",
                 "cublas"):
        assert name in r.stdout


def test_validate_runs_on_fp32_sets_with_or_without_the_peer(cli):
    """A set in a dtype nvMatmulHeuristics is not compared on (IEEE fp32, TF32) scores it as no
    ranking, not an error, whether or not the peer is installed; and a view the model prices no
    config of (TMA for fp32) leaves its median error empty, without numpy's empty-slice warning."""
    from perfmodel.scoring.datasets import load_runs
    from perfmodel.scoring.rankers import rank_nvmh_model

    shape = load_runs("h200/holdout63").shapes[0]
    assert rank_nvmh_model(shape, shape.candidates(("grouped",))) == ([], None)
    r = cli("validate", "--hw", "h200", "--data", "h200/holdout63")
    assert r.returncode == 0, r.stderr
    assert "RuntimeWarning" not in r.stderr and "perfmodel" in r.stdout


def test_sensitivity_runs(cli):
    r = cli("rank", "--hw", "gfx936", "--m", 2048, "--n", 2048, "--k", 2048, "--dtype", "bf16", "--top", 3, "--sensitivity")
    assert r.returncode == 0, r.stderr
    assert "sensitivity" in r.stdout and "all estimated together" in r.stdout


def _readme_commands():
    text = (REPO / "README.md").read_text()
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```\n(.+?)\n```", quick)


def test_readme_quick_start_has_two_commands_that_stay_true(cli):
    cmds = _readme_commands()
    assert len(cmds) == 2
    main, tests = cmds
    assert main.startswith("pip install . && perfmodel rank ")
    assert tests == 'pip install ".[test]" && pytest'
    # the main job, minus the install (this environment has the package installed)
    args = shlex.split(main.split("&&", 1)[1])[1:]
    r = cli(*args)
    assert r.returncode == 0, r.stderr
    assert "predicted ms" in r.stdout


def test_ci_runs_the_readme_test_command():
    ci = (REPO / ".ci" / "run").read_text()
    assert 'pip install ".[test]" && pytest' in ci


def test_readme_python_example_runs():
    text = (REPO / "README.md").read_text()
    block = text.split("From Python:", 1)[1].split("```python\n", 1)[1].split("\n```", 1)[0]
    ns: dict = {}
    exec(compile(block, "README.md", "exec"), ns)
    assert ns["best"].predicted_ms > 0 and ns["p"].time_s > 0 and ns["o"].limiter


def _readme_row(text: str, first_cell: str) -> list[str]:
    for line in text.splitlines():
        cells = [c.strip().strip("*") for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == first_cell:
            return cells
    raise AssertionError(f"no README table row starting with {first_cell!r}")


def test_readme_figures_are_the_computed_ones():
    """The README's accuracy and cross-check tables must match what the code computes now."""
    from perfmodel.scoring.datasets import load_runs
    from perfmodel.scoring.metrics import evaluate
    from validation.hygon_crosscheck import rows

    text = (REPO / "README.md").read_text()
    data = load_runs()
    pm = evaluate(data, ["perfmodel"])["perfmodel"]
    cells = _readme_row(text, "perfmodel")
    want = [pm.top1_geomean, pm.top1_min, pm.top5_geomean, pm.spearman_median, pm.rel_err_median]
    assert [float(c) for c in cells[1:6]] == [round(v, 3) for v in want]
    for ranker, first in (("perfmodel:tma", "the TMA kernel's runs (`perfmodel:tma`, 12 configs per shape)"),
                          ("perfmodel:all", "every kernel's runs together (`perfmodel:all`: which kernel and which config)")):
        r = evaluate(data, [ranker])[ranker]
        cells = _readme_row(text, first)
        want = [r.top1_geomean, r.top1_min, r.top5_geomean, r.spearman_median, r.rel_err_median]
        assert [float(c) for c in cells[2:7]] == [round(v, 3) for v in want], ranker
    for r in rows():
        dev = {"gfx936": "gfx936 (BW)", "gfx926": "gfx926 (K100)"}[r["device"]]
        line = [ln for ln in text.splitlines() if ln.startswith(f"| {dev} | {r['dtype']} |")]
        assert line, (dev, r["dtype"])
        cells = [c.strip() for c in line[0].strip("|").split("|")]
        assert float(cells[3]) == pytest.approx(r["predicted_tflops"], abs=0.051 if r["predicted_tflops"] < 100 else 0.51)
        assert cells[6] == f"{r['ratio_to_published']:.2f}"


def test_readme_usage_commands_work_from_anywhere(cli, tmp_path):
    """Every `perfmodel` line of the README's usage block runs from a folder outside the
    checkout (bundled devices and datasets are found without the current directory)."""
    text = (REPO / "README.md").read_text()
    block = text.split("## Usage", 1)[1].split("```", 2)[1]
    lines = [ln.split("  #", 1)[0].strip() for ln in block.splitlines() if ln.startswith("perfmodel ")]
    assert len(lines) >= 15
    (tmp_path / "my.json").write_text(json.dumps([{"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "num_warps": 4,
                                                    "num_stages": 3, "GROUP_M": 8}]))
    for line in lines:
        args = shlex.split(line)[1:]
        r = cli(*args, cwd=tmp_path)
        assert r.returncode == 0, (line, r.stderr)


def test_presentation_and_conventions(cli, tmp_path):
    """What a new user tripped over (robustness round 2, item 8), each checked."""
    r = cli("rank", "--hw", "H200", "--m", 1, "--n", 4096, "--k", 4096, "--dtype", "INT8", "--top", 2, "--debug")
    assert r.returncode == 0, r.stderr  # case-insensitive device and dtype; --debug after the command
    assert "TOP/s" in r.stdout and "TFLOP/s" not in r.stdout and "GB/s" in r.stdout
    row = r.stdout.splitlines()[3].split()
    assert float(row[3]) > 0 and row[4] != "0%"  # a tiny GEMM still shows its rate and share of the peak
    d = json.loads(cli("predict", "--hw", "h200", "--m", 64, "--n", 64, "--k", 64, "--config", "64x64x64_w4_s3",
                       "--json").stdout)
    assert "predicted_ms" in d and "time_s" not in d  # named as rank --json names it
    base = {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64, "num_warps": 4, "num_stages": 3, "GROUP_M": 8}
    f = tmp_path / "dup.json"
    f.write_text(json.dumps([base, base, {**base, "num_stages": 2}]))
    r = cli("rank", "--hw", "h200", "--m", 512, "--n", 512, "--k", 512, "--configs", f, "--json")
    assert r.returncode == 0 and len(json.loads(r.stdout)) == 2 and "1 duplicate config left out" in r.stderr


def test_sensitivity_perturbs_only_what_the_dtype_reads():
    import perfmodel
    from perfmodel.sensitivity import estimated_inputs

    paths, _ = estimated_inputs(perfmodel.load_hardware("gfx936"), "bf16")
    assert not any(p.startswith(("throughput.fp64", "throughput.fp32", "throughput.int8")) for p in paths)


def test_readme_holdout8_and_holdout9_rows_are_the_computed_ones():
    """The README's table of the eighth and ninth hold-outs (per dtype and layout group: top-1,
    worst, Spearman, median error, the autotuned tutorial list) against what the code computes."""
    from perfmodel.scoring.datasets import load_runs
    from perfmodel.scoring.metrics import evaluate
    from validation.score_groups import groups

    text = (REPO / "README.md").read_text()
    for name in ("holdout8", "holdout9"):
        for (dtype, layout), group in groups(load_runs(f"h200/{name}")).items():
            res = evaluate(group, ["perfmodel", "tutorial"])
            pm = res["perfmodel"]
            cells = _readme_row(text, f"{name} {dtype} {layout}")
            want = [pm.top1_geomean, pm.top1_min, pm.spearman_median, pm.rel_err_median, res["tutorial"].top1_geomean]
            assert [float(c) for c in cells[1:6]] == [round(v, 3) for v in want], (name, dtype, layout)


@pytest.mark.parametrize("name", ["holdout99", "holdout95"])
def test_readme_latest_check_rows_are_the_computed_ones(name):
    """The README's tables of where the groups stand (holdout99, the latest check, and holdout95, the one that missed
    a bar, each read once): each (dtype, layout) group's top-1, worst shape and Spearman median as the code computes
    them with the model as it stands."""
    from perfmodel.scoring.datasets import load_runs
    from perfmodel.scoring.metrics import evaluate
    from validation.score_groups import groups

    text = (REPO / "README.md").read_text()
    by_group = groups(load_runs(f"h200/{name}"))
    assert len(by_group) == 6
    for (dtype, layout), group in by_group.items():
        pm = evaluate(group, ["perfmodel"])["perfmodel"]
        assert f"| {dtype} `{layout}` | {pm.top1_geomean:.3f} | {pm.top1_min:.3f} | {pm.spearman_median:.3f} |" in text


#: issue 16's checks since the model reached its present state, each read once (README, "Where the groups stand now")
ISSUE16_CHECKS = ("holdout95", "holdout97", "holdout98", "holdout99")


def test_readme_pooled_check_rows_are_the_computed_ones():
    """The README's table of the four checks together: each group's shapes, top-1, worst shape and Spearman median
    over every shape of them, and the count under 0.85 its text gives."""
    from perfmodel.scoring.datasets import Dataset, load_runs
    from perfmodel.scoring.metrics import evaluate
    from validation.score_groups import groups

    text = (REPO / "README.md").read_text()
    sets = [load_runs(f"h200/{name}") for name in ISSUE16_CHECKS]
    shapes = [s for data in sets for s in data.shapes]
    under = 0
    for (dtype, layout), group in groups(Dataset(sets[0].path, sets[0].headers, shapes)).items():
        res = evaluate(group, ["perfmodel"])["perfmodel"]
        under += sum(x.top1 < 0.85 for x in res.scores)
        assert (f"| {dtype} `{layout}` | {res.shapes_scored} | {res.top1_geomean:.3f} | {res.top1_min:.3f} | "
                f"{res.spearman_median:.3f} |") in text
    words = {1: "One shape", 2: "Two shapes", 3: "Three shapes"}
    assert f"{words.get(under, under)} of {len(shapes)} fall under 0.85" in text


def test_readme_every_recorded_set_table_is_the_computed_one():
    """The README's table of every recorded set is what validation/score_sets.py prints now."""
    from validation.score_sets import table

    assert table() in (REPO / "README.md").read_text()


def test_rank_table_shows_configs_predicted_alike_as_one_row(cli):
    """Class none 16-bit (nothing pipelined): the configs of one tile differing only in GROUP_M are
    predicted alike; the table shows them as one row naming the groups it stands for, `--top`
    counts rows, and `--json` still lists every config. (Their num_stages >= 2 compile to one
    kernel, listed once at two stages: tests/test_same_kernel.py.)"""
    from perfmodel.ranking import alike, rank

    problem = perfmodel.GemmProblem(M=3001, N=2999, K=1000, dtype="bf16")
    ranking = rank("h200", problem)
    rows = alike(ranking, 3)
    assert len(rows) == 3
    first, name = rows[0]
    members = [r for r in ranking[:64] if r.config.BLOCK_M == first.config.BLOCK_M and r.config.BLOCK_N ==
               first.config.BLOCK_N and r.config.BLOCK_K == first.config.BLOCK_K and r.config.num_warps ==
               first.config.num_warps and r.config.SPLIT_K == first.config.SPLIT_K and r.config.kernel ==
               first.config.kernel and abs(r.predicted_ms - first.predicted_ms) <= 1e-9 * first.predicted_ms]
    stages = sorted({r.config.num_stages for r in members})
    groups = sorted({r.config.GROUP_M for r in members})
    assert len(members) > 1 and stages == [2] and ranking.n_same_kernel > 0, (name, stages)
    assert len(groups) > 1 and f"_s2_g{','.join(map(str, groups))}_" in name, (name, groups)
    r = cli("rank", "--hw", "h200", "--m", 3001, "--n", 2999, "--k", 1000, "--dtype", "bf16", "--top", 3)
    assert r.returncode == 0 and name in r.stdout and "predicted alike" in r.stdout
    assert len([line for line in r.stdout.splitlines() if line[:2] in ("1 ", "2 ", "3 ", "4 ")]) == 3
    out = json.loads(cli("rank", "--hw", "h200", "--m", 3001, "--n", 2999, "--k", 1000, "--dtype", "bf16", "--top", 3,
                         "--json").stdout)
    assert len(out) == 3 and [o["num_stages"] for o in out] == [r.config.num_stages for r in ranking[:3]]


def test_the_scorer_breaks_ties_as_rank_does():
    """`perfmodel validate` scores the pick `perfmodel rank` would make: on a recorded shape whose two
    fastest predictions tie (one tile at 3 and 4 stages, memory-bound, the same DRAM bytes), both take
    the one with fewer stages (perfmodel.ranking.ranked_order); a stable sort by time alone took the
    file's order."""
    import numpy as np

    import perfmodel
    from perfmodel.scoring.datasets import load_runs
    from perfmodel.scoring.rankers import problem_of, rank_perfmodel

    shape = next(s for s in load_runs("h200/holdout37").shapes if s.label() == "131072x256x200 fp16 nt")
    runs = shape.candidates(("grouped", "splitk"))
    order, pred = rank_perfmodel(shape, runs)
    first, stable_first = runs[order[0]], runs[int(np.argsort(pred, kind="stable")[0])]
    assert pred[order[0]] == pred[order[1]] and first != stable_first  # a tie the tie-break decides
    keys = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M", "SPLIT_K")
    best = perfmodel.rank("h200", problem_of(shape), configs=[{"kernel": r["kernel"], **{k: r[k] for k in keys}}
                                                              for r in runs]).best.config
    assert all(getattr(best, k) == first[k] for k in keys)


def test_predict_says_when_too_few_warps_hide_the_fma_dot_s_reads(cli):
    """`predict` on the FMA path names the factor one warp per scheduler costs (candidate 41):
    64x128x64 at 4 warps on 1024^3 fp32 `nn` runs one block per SM, under the two warps a scheduler
    that hide the dot's shared reads; 64x64x64 at 4 warps runs two blocks and is not slowed."""
    r = cli("predict", "--hw", "h200", "--m", 1024, "--n", 1024, "--k", 1024, "--dtype", "fp32",
            "--config", "64x128x64_w4_s4_g8_k1")
    assert r.returncode == 0, r.stderr
    assert "under 2 warps a scheduler to hide its shared reads: rate x 0.57" in r.stdout
    r = cli("predict", "--hw", "h200", "--m", 1024, "--n", 1024, "--k", 1024, "--dtype", "fp32",
            "--config", "64x64x64_w4_s3_g8_k1")
    assert r.returncode == 0 and "to hide its shared reads" not in r.stdout


def test_the_alignment_notes_name_the_layout_s_row_strides(cli):
    """In `nt` both operands' row strides are K, so N 16-divisible and K odd is class "none": the notes say so in
    `nt`'s terms, where they said "K and N not 16-divisible" (session 43); `nn`'s notes are as they were."""
    from perfmodel.problem import GemmProblem

    nt = GemmProblem(M=1536, N=2816, K=4093, dtype="tf32", layout="nt")
    assert nt.alignment == "none" and nt.alignment_note.startswith("A's and B's row strides (K, K) not 16-divisible in `nt`")
    assert GemmProblem(M=1536, N=2816, K=4093, dtype="tf32").alignment_note.startswith("only N 16-divisible")
    assert GemmProblem(M=1536, N=2816, K=4093, layout="tt").alignment_note.startswith("only A's row stride (M)")
    r = cli("rank", "--hw", "h200", "--m", 1000, "--n", 1024, "--k", 1001, "--dtype", "tf32", "--layout", "nt", "--top", 1)
    assert "row strides (K, K) not 16-divisible in `nt`" in r.stdout and "K and N not" not in r.stdout
    r = cli("predict", "--hw", "h200", "--m", 1536, "--n", 2816, "--k", 4093, "--dtype", "tf32", "--layout", "nt",
            "--config", "128x128x32_w8_s3")
    assert "row strides (K, K) not 16-divisible in `nt`" in r.stdout
