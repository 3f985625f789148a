#!/usr/bin/env python3
"""The predicted top-5 configs of every shape of a recorded set, as JSON, without reading any
measured time: run it in two checkouts and compare, to know whether a model change moves a
pick on a set kept unread (if no top-1 pick moves, its top-1 score cannot change). The order is
the scorer's, tie-break included (until session 20 a plain argsort of the predicted times, which
counted a tie resolved differently as a moved pick).

    python validation/pick_diff.py CHECKOUT SET > picks.json    # e.g. . holdout24
"""
import json
import sys


root, name = sys.argv[1], sys.argv[2]
sys.path.insert(0, root)
from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.metrics import VIEWS  # noqa: E402
from perfmodel.scoring.rankers import rank_perfmodel  # noqa: E402

out = {}
for s in load_runs(f"h200/{name}").shapes:
    runs = s.candidates(VIEWS["perfmodel"].kernels)
    order, _ = rank_perfmodel(s, runs)  # the scorer's own order, its tie-break included
    out[s.label()] = [runs[i]["kernel"] + ":" + runs[i]["config"] for i in order[:5]]
print(json.dumps(out))
