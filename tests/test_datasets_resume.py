"""A resumed sweep: rows an interrupted pass wrote for a shape that a later pass timed again whole
are superseded (perfmodel.scoring.datasets.finished_passes)."""

from __future__ import annotations

import json

from perfmodel.scoring.datasets import finished_passes, load_runs


SHAPE = {"family": "f", "M": 64, "N": 64, "K": 64, "dtype": "fp16"}


def _done(si):
    return {"kind": "shape_done", "shape_index": si, **SHAPE}


def _run(si, config, t):
    return {"kind": "run", "shape_index": si, **SHAPE,
            "kernel": "grouped", "config": config, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "num_warps": 4,
            "num_stages": 3, "GROUP_M": 8, "SPLIT_K": 1, "status": "ok", "correct": True, "time_ms": t}


def test_an_interrupted_shape_keeps_the_pass_that_finished_it(tmp_path):
    rows = [{"kind": "header"}, _run(0, "a", 1.0), _done(0),
            _run(1, "a", 9.0),  # pass 1 cut here, shape 1 unfinished
            {"kind": "header"}, _run(1, "a", 2.0), _run(1, "b", 3.0), _done(1)]
    kept = [r for _, r in finished_passes(list(enumerate(rows)))]
    assert [r.get("time_ms") for r in kept if r["kind"] == "run"] == [1.0, 2.0, 3.0]
    assert sum(r["kind"] == "header" for r in kept) == 2
    path = tmp_path / "resumed.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    shapes = {s.index: s for s in load_runs(path).shapes}
    assert sorted(r["time_ms"] for r in shapes[1].all_runs) == [2.0, 3.0]


def test_holdout33_has_no_shape_timed_twice():
    for s in load_runs("h200/holdout33").shapes:
        configs = [(r["kernel"], r["config"]) for r in s.all_runs]
        assert len(configs) == len(set(configs)), s.label()
