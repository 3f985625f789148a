#!/usr/bin/env python3
"""The "after" picks of the current fresh judges (tests/test_fresh_judges.py: JUDGES whose picks
still stand, less MOVED_SINCE) that the model on sys.path moves, as cases for
validation/splitk_blindspot.py --time: "before" the recorded pick, "after" the model's pick now
(over grouped and split-K), and the judge's case file. Run from the checkout whose model is judged
(a candidate's worktree): the script puts its own checkout first on sys.path.

    python validation/earlier_picks.py OUT.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import perfmodel  # noqa: E402
from perfmodel.names import CONFIG_KEYS as KEYS  # noqa: E402
from test_fresh_judges import DATA, JUDGES, MOVED_SINCE, model_pick  # noqa: E402


def moved() -> list[dict]:
    """One case per standing "after" pick the model now moves (module doc)."""
    out, seen = [], set()
    for cases, _times, _n, _geomean, current in JUDGES:
        if not current or cases in seen:
            continue
        seen.add(cases)
        for line in (DATA / cases).read_text().splitlines():
            if not line.strip():
                continue
            c = json.loads(line)
            shape = (c["M"], c["N"], c["K"], c["dtype"], c["layout"])
            if (cases, shape) in MOVED_SINCE:
                continue
            now = model_pick(c)
            if any(now[k] != c["after"][k] for k in KEYS):
                out.append({"judge": cases, **dict(zip(("M", "N", "K", "dtype", "layout"), shape)),
                            "before": c["after"], "after": now})
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python validation/earlier_picks.py OUT.jsonl", file=sys.stderr)
        return 2
    rows = moved()
    Path(argv[0]).write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"{len(rows)} earlier picks moved by the model at {perfmodel.__file__} -> {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
