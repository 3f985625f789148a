#!/usr/bin/env python3
"""Where the model would pick split-K but no sweep timed it: the shapes' picks, timed.

The sweeps time split-K only where 128x128 tiles would not fill the GPU twice over
(perfmodel.gpu.suite.wants_splitk), and a set's top-1 is scored among the runs it recorded. On the
other shapes the model's pick over grouped and split-K can be a split-K config that was never
timed, and no score sees it. This script lists, over the read H200 sets (validation/score_sets.py:
SETS less UNREAD), every distinct shape without split-K runs whose top-1 by `perfmodel.rank`
(kernels grouped and split-K) is a split-K config, with that pick, the model's best grouped
config, and the set's measured best grouped run (`--list` writes them as JSON lines); on a GPU
(`--time`, OUT set) it times the three in one session, each as a CUDA-graph replay like the
sweeps, and writes $OUT/splitk_blindspot.jsonl as it goes.

    python validation/splitk_blindspot.py --list validation/data/h200/splitk_blindspot_cases.jsonl
    OUT=out python3 validation/splitk_blindspot.py --time validation/data/h200/splitk_blindspot_cases.jsonl

A change that moves such picks is judged on fresh shapes (fresh_shapes: a seeded rule, no set holds
them): `--picks FILE` writes the model's pick (grouped and split-K) for each, run once with the model
before the change and once after; `--pairs BEFORE AFTER FILE` keeps the shapes whose picks differ,
each with both picks ("before", "after"), which `--time` then times side by side.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.names import CONFIG_KEYS as KEYS  # noqa: E402


def config_of(config) -> dict:
    """A TileConfig as the cases and picks write it: its CONFIG_KEYS."""
    return {k: getattr(config, k) for k in KEYS}


def cases() -> list[dict]:
    """One row per distinct shape (M, N, K, dtype, layout) of the read sets that the model's top-1
    over grouped and split-K puts on an untimed split-K config."""
    from perfmodel.gpu.configs import wants_splitk
    from perfmodel.ranking import rank
    from perfmodel.scoring.datasets import load_runs
    from perfmodel.scoring.rankers import problem_of
    from validation.score_sets import SETS, UNREAD

    out, seen = [], set()
    for name in (s for s in SETS if s not in UNREAD):
        for s in load_runs(f"h200/{name}").shapes:
            p = problem_of(s)
            key = (p.M, p.N, p.K, p.dtype, p.layout)
            runs = s.candidates(("grouped",))
            if key in seen or not runs or any(r["kernel"] == "splitk" for r in s.all_runs):
                continue
            seen.add(key)
            r = rank("h200", p, kernels=("grouped", "splitk"))
            if r.best.config.kernel != "splitk":
                continue
            grouped = next(it.config for it in r.top(len(r)) if it.config.kernel == "grouped")
            best = min(runs, key=lambda x: x["time_ms"])
            out.append({"set": name, "M": p.M, "N": p.N, "K": p.K, "dtype": p.dtype, "layout": p.layout,
                        "wants_splitk": wants_splitk(p.M, p.N, 132),
                        "splitk_pick": config_of(r.best.config),
                        "grouped_pick": config_of(grouped),
                        "measured_best": {k: int(best[k]) for k in KEYS},
                        "measured_best_ms": best["time_ms"]})
    random.Random(24).shuffle(out)  # timed in this order: a run cut short by its budget is a random sample
    return out


def fresh_shapes(seed: int = 2024, n: int = 400, rule: str = "k-odd") -> list[tuple]:
    """(M, N, K, dtype, layout) drawn by a fixed rule, dtype fp16 / bf16 / tf32 and layout nn / nt
    at even odds. "k-odd" (the split-K judges): M log-uniform in 256..131072, K not 16-divisible
    (log-uniform 17..8191: load class "n" or "none"), N 16-divisible or not at even odds (log-uniform
    64..16384, rounded to 16, or 17..8191). "any" (session 25: every load class and regime): M
    log-uniform in 1..64 (decode) one time in four, else in 65..65536; N and K each 16-divisible
    three times in five (log-uniform 64..16384 and 64..8192, rounded to 16), else not (17..8191).
    "fp32" (session 26: IEEE fp32's FMA dot): M and N log-uniform in 64..4096, K in 64..2048, each
    16-divisible three times in four (rounded to 16), dtype fp32, layout nn / nt at even odds.
    "fp32-decode" (session 41: the FMA dot at decode M, which "fp32" never draws): M log-uniform in 1..64,
    N in 256..16384 and K in 256..8192, each 16-divisible three times in four, dtype fp32, nn / nt.
    "tf32-small-m" (session 43: TF32 at the M where tiles under 64 rows, split-K and lone waves decide): M
    log-uniform in 4..512, N in 256..16384 and K in 256..16384, each 16-divisible three times in four, dtype
    tf32, nn / nt."""
    rng = random.Random(seed)

    def log_int(lo, hi):
        return int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))

    def odd(lo, hi):
        x = log_int(lo, hi)
        return x + 1 if x % 16 == 0 else x

    def maybe_aligned(hi):
        return max(64, log_int(64, hi) // 16 * 16) if rng.random() < 0.6 else odd(17, 8191)

    out = []
    for _ in range(n):
        if rule == "fp32-decode":
            M = log_int(1, 64)
            N, K = (x if rng.random() < 0.25 else x // 16 * 16 for x in (log_int(256, 16384), log_int(256, 8192)))
            out.append((M, N, K, "fp32", rng.choice(("nn", "nt"))))
            continue
        if rule == "tf32-small-m":
            M = log_int(4, 512)
            N, K = (x if rng.random() < 0.25 else x // 16 * 16 for x in (log_int(256, 16384), log_int(256, 16384)))
            out.append((M, N, K, "tf32", rng.choice(("nn", "nt"))))
            continue
        if rule == "fp32":
            M, N, K = (x if rng.random() < 0.25 else max(64, x // 16 * 16)
                       for x in (log_int(64, 4096), log_int(64, 4096), log_int(64, 2048)))
            out.append((M, N, K, "fp32", rng.choice(("nn", "nt"))))
            continue
        if rule == "any":
            M = log_int(1, 64) if rng.random() < 0.25 else log_int(65, 65536)
            N, K = maybe_aligned(16384), maybe_aligned(8192)
        else:
            M, K = log_int(256, 131072), odd(17, 8191)
            N = max(16, log_int(64, 16384) // 16 * 16) if rng.random() < 0.5 else odd(17, 8191)
        out.append((M, N, K, rng.choice(("fp16", "bf16", "tf32")), rng.choice(("nn", "nt"))))
    return out


def full_space_cases(n: int = 30, seed: int = 7, only: str | None = None) -> list[dict]:
    """`n` read shapes of holdout20 and later (seeded draw) with the model's pick over the whole
    built-in space of grouped and split-K, which the sweeps' ~160 configs per shape mostly do not
    hold, and the set's measured best config: timed side by side, what a user of `perfmodel rank`
    gets against the sweep's best."""
    from perfmodel.ranking import rank
    from perfmodel.scoring.datasets import load_runs
    from perfmodel.scoring.rankers import problem_of
    from validation.score_sets import SETS, UNREAD

    late = [s for s in SETS if s not in UNREAD and s.removeprefix("holdout").isdigit() and int(s[7:]) >= 20]
    shapes = [(name, s) for name in late for s in load_runs(f"h200/{name}").shapes]
    if only:  # "DTYPE/CLASS", e.g. "tf32/none": the shapes of that dtype and load class alone
        dtype, load = only.split("/")
        shapes = [(name, s) for name, s in shapes if s.dtype == dtype and problem_of(s).alignment == load]
    random.Random(seed).shuffle(shapes)
    out = []
    for name, s in shapes[:n]:
        p = problem_of(s)
        pick = rank("h200", p, kernels=("grouped", "splitk")).best.config
        best = min(s.candidates(("grouped", "splitk")), key=lambda r: r["time_ms"])
        out.append({"set": name, "M": p.M, "N": p.N, "K": p.K, "dtype": p.dtype, "layout": p.layout,
                    "full_space_pick": config_of(pick),
                    "measured_best": {k: int(best[k]) for k in KEYS}, "measured_best_ms": best["time_ms"]})
    return out


def picks(seed: int = 2024, rule: str = "k-odd", n: int = 400) -> list[dict]:
    """The model's pick over grouped and split-K for each fresh shape (the model on sys.path)."""
    from perfmodel.problem import GemmProblem
    from perfmodel.ranking import rank

    out = []
    for M, N, K, dtype, layout in fresh_shapes(seed, n, rule):
        best = rank("h200", GemmProblem(M=M, N=N, K=K, dtype=dtype, layout=layout), kernels=("grouped", "splitk")).best
        out.append({"M": M, "N": N, "K": K, "dtype": dtype, "layout": layout, "kernel": best.config.kernel,
                    **config_of(best.config)})
    return out


def pairs(before: list[dict], after: list[dict]) -> list[dict]:
    """The shapes whose two picks differ, each with both ("before", "after")."""
    shape = ("M", "N", "K", "dtype", "layout")
    return [{**{k: a[k] for k in shape}, "before": {k: a[k] for k in KEYS}, "after": {k: b[k] for k in KEYS}}
            for a, b in zip(before, after) if any(a[k] != b[k] for k in KEYS)]


ROLES = ("splitk_pick", "grouped_pick", "measured_best", "before", "after", "full_space_pick")


def time_case(case: dict) -> list[dict]:
    """The configs of one case on one pair of operands, each checked and timed
    (perfmodel.gpu.bench.time_config as a CUDA-graph replay, as the sweeps time the pointer kernels
    from session 29 on: perfmodel.gpu.measure.GRAPHED; until then the grouped kernel eager) in two passes, the
    second in reverse order (A B B A), time_ms their mean: on heavy shapes a config timed right
    after another ran 8-12% slower than the same config timed first (session 25: the sustained load
    lowers the clock), which a single pass charges to whichever role comes second."""
    from perfmodel.gpu.bench import operands, time_config

    M, N, K, dtype, layout = case["M"], case["N"], case["K"], case["dtype"], case["layout"]
    a, b = operands(M, N, K, dtype, layout)
    ref = a.float() @ b.float()
    roles = [r for r in ROLES if r in case]
    rows = {role: {"kind": "run", "role": role, "M": M, "N": N, "K": K, "dtype": dtype, "layout": layout,
                   **case[role], "status": "ok", "passes_ms": []} for role in roles}
    for role in roles + roles[::-1]:
        row, cfg = rows[role], dict(case[role])
        if row["status"] != "ok":
            continue
        try:
            got = time_config(a, b, ref, cfg, dtype, graph=True)
            row["passes_ms"].append(got.pop("time_ms"))
            row.update(got, time_ms=sum(row["passes_ms"]) / len(row["passes_ms"]))
            if not got["correct"]:  # bench.check: a wrong answer (or the wrong precision) is timed, not counted
                row.update(status="wrong")
        except Exception as e:  # noqa: BLE001 - recorded, not fatal
            row.update(status="error", error=f"{type(e).__name__}: {str(e)[:160]}")
    return list(rows.values())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", metavar="FILE", help="write the cases (no GPU)")
    ap.add_argument("--time", metavar="FILE", help="time the cases of FILE on this GPU into $OUT")
    ap.add_argument("--picks", metavar="FILE", help="write the model's pick for each fresh shape (no GPU)")
    ap.add_argument("--full-space", metavar="FILE", help="write full_space_cases (no GPU)")
    ap.add_argument("--only", default=None, help="--full-space: read shapes of this DTYPE/CLASS only, e.g. tf32/none")
    ap.add_argument("--seed", type=int, default=2024, help="the fresh shapes' seed (--picks)")
    ap.add_argument("--rule", choices=("k-odd", "any", "fp32", "fp32-decode", "tf32-small-m"), default="k-odd", help="the fresh shapes' rule (--picks)")
    ap.add_argument("--n", type=int, default=400, help="how many fresh shapes (--picks)")
    ap.add_argument("--pairs", nargs=3, metavar=("BEFORE", "AFTER", "FILE"), help="the fresh shapes whose picks differ")
    a = ap.parse_args(argv)
    if a.list:
        rows = cases()
        Path(a.list).write_text("".join(json.dumps(r) + "\n" for r in rows))
        print(f"{len(rows)} shapes whose model pick is an untimed split-K config -> {a.list}")
    if a.full_space:
        rows = full_space_cases(n=a.n if a.only else 30, only=a.only)
        Path(a.full_space).write_text("".join(json.dumps(r) + "\n" for r in rows))
        print(f"{len(rows)} read shapes with the model's full-space pick -> {a.full_space}")
    if a.picks:
        rows = picks(a.seed, a.rule, a.n)
        Path(a.picks).write_text("".join(json.dumps(r) + "\n" for r in rows))
        print(f"{len(rows)} fresh shapes' picks -> {a.picks}")
    if a.pairs:
        load = lambda f: [json.loads(x) for x in Path(f).read_text().splitlines() if x.strip()]  # noqa: E731
        rows = pairs(load(a.pairs[0]), load(a.pairs[1]))
        Path(a.pairs[2]).write_text("".join(json.dumps(r) + "\n" for r in rows))
        print(f"{len(rows)} fresh shapes whose picks differ -> {a.pairs[2]}")
    if a.time:
        from perfmodel.gpu.env import versions

        out = Path(os.environ.get("OUT", "out")) / "splitk_blindspot.jsonl"
        todo = [json.loads(line) for line in Path(a.time).read_text().splitlines() if line.strip()]
        header = versions(["OUT=out", "python3", "validation/splitk_blindspot.py", "--time", a.time])
        with out.open("w") as f:
            f.write(json.dumps({**header, "timing": "time_case: do_bench median, two passes A B B A, their mean"}) + "\n")
            for i, case in enumerate(todo):
                for row in time_case(case):
                    f.write(json.dumps(row) + "\n")
                    f.flush()
                print(f"[{i + 1}/{len(todo)}] {case['M']}x{case['N']}x{case['K']} {case['dtype']} {case['layout']}",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
