#!/usr/bin/env python3
"""Judge a model change on a hold-out: compare two per-shape score files of one set, the baseline's
and the candidate's, as the rules in validation/NOTES.md read them.

    python validation/judge.py validation/data/h200/holdout38_scored_at_recording.txt \\
        validation/data/h200/holdout38_scored_candidate.txt

Both files are `python validation/score_groups.py --data h200/<set> --per-shape` outputs (a comment
line first is fine). Prints each (dtype, layout) group's top-1 geomean before and after (view
perfmodel, or --view perfmodel:all), the geomean over every shape, and each shape whose pick or
top-1 moved. The rule itself (how much a group may lose) is the note's, written before the
candidate is scored; this script only reads the figures. Used for every judgement from session 16 on (before, a copy in /tmp each session).
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from dataclasses import dataclass, field

GROUP = re.compile(r"^(\w+ \w+)\s+(\S+)\s+(\d+)\s+([\d.]+)")
SHAPE = re.compile(r"^\s{4}(.+?)\s+top1 ([\d.]+) rho \S+ err \S+ pick (\S+)")


@dataclass
class Scores:
    """One per-shape score file, one view: {group: top-1 geomean} and {(group, shape): (top-1, pick)}."""

    groups: dict[str, float] = field(default_factory=dict)
    shapes: dict[tuple[str, str], tuple[float, str]] = field(default_factory=dict)


def read(path: str, view: str = "perfmodel") -> Scores:
    out, group = Scores(), None
    for line in open(path):
        m = GROUP.match(line)
        if m:
            group = m.group(1) if m.group(2) == view else None
            if group:
                out.groups[group] = float(m.group(4))
            continue
        m = SHAPE.match(line)
        if m and group:
            out.shapes[(group, m.group(1).strip())] = (float(m.group(2)), m.group(3))
    return out


def geomean(values) -> float:
    values = list(values)
    return math.exp(sum(math.log(v) for v in values) / len(values))


def compare(base: Scores, cand: Scores) -> dict:
    """{"groups": {group: (before, after)}, "all": (before, after, shapes), "moved": [(group, shape,
    before top-1, before pick, after top-1, after pick)]} over the shapes both files score."""
    common = [k for k in base.shapes if k in cand.shapes]
    if not common:
        raise SystemExit("the two files share no scored shape: not the same set?")
    moved = []
    for k in common:
        (ta, pa), (tb, pb) = base.shapes[k], cand.shapes[k]
        if pa != pb or abs(ta - tb) > 1e-3:
            moved.append((*k, ta, pa, tb, pb))
    before = geomean(base.shapes[k][0] for k in common)
    after = geomean(cand.shapes[k][0] for k in common)
    return {"groups": {g: (base.groups[g], cand.groups.get(g, float("nan"))) for g in base.groups},
            "all": (before, after, len(common)), "moved": moved}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("baseline")
    ap.add_argument("candidate")
    ap.add_argument("--view", default="perfmodel", help="the view judged (perfmodel:all: which kernel and "
                    "config; its per-shape lines from session 22 on)")
    args = ap.parse_args(argv)
    res = compare(read(args.baseline, args.view), read(args.candidate, args.view))
    for g, (a, b) in res["groups"].items():
        print(f"{g:10s} {a:.4f} -> {b:.4f} ({b - a:+.4f})")
    a, b, n = res["all"]
    print(f"all {n:<6d} {a:.4f} -> {b:.4f} ({b - a:+.4f})")
    up = sum(1 for m in res["moved"] if m[4] > m[2])
    print(f"{len(res['moved'])} shapes moved, {up} up")
    for g, s, ta, pa, tb, pb in res["moved"]:
        print(f"  {g:10s} {s:30s} {ta:.3f} {pa:28s} -> {tb:.3f} {pb}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
