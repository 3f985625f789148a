#!/usr/bin/env python3
"""Every recorded H200 sweep scored with the model as it stands, one markdown row per set: the
README's "Every recorded set" table (tests/test_rank_cli.py checks the README holds these rows).

    python validation/score_sets.py            # the table, ~20 s on one core

Columns: shapes; grouped + split-K runs (the `perfmodel` view): top-1 geomean, worst shape, top-5,
Spearman median, median relative error; and top-1 over every kernel's runs (`perfmodel:all`) where
the set timed the descriptor kernels too. `fit` says whether the set is among those the H200's
tile factors were fitted on (validation/fit_tile_factors.py FIT_SETS): its figures are then
in-sample; `decode` marks the sets only the element-wise decode classes were fitted on too
(fit_tile_factors.DECODE_SETS): their element-wise shapes at M <= 64 are in-sample.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.metrics import evaluate  # noqa: E402
from validation.fit_tile_factors import DECODE_SETS, FIT_SETS  # noqa: E402

#: the recorded sweeps, in the order they were recorded (the repeat and the contended runs left out)
SETS = ("runs", "holdout", "mixed", "padded", "holdout2", "reserve", "sweep", "holdout3", "layouts", "holdout4",
        "hopper", "fp8", "hopper_holdout", "holdout5", "mixed2", "holdout6", "holdout7", "holdout8", "holdout9",
        "holdout10", "holdout11", "holdout12", "holdout13", "holdout14", "holdout15", "holdout16", "holdout17", "holdout18", "holdout19", "holdout20", "holdout21",
        "holdout22", "holdout23", "holdout24", "holdout25", "holdout26", "holdout27", "holdout28", "holdout29",
        "holdout30", "holdout31", "holdout32", "holdout33", "holdout34", "holdout35", "holdout36",
        "holdout37", "holdout38", "holdout39", "holdout40", "holdout41", "holdout42",
        "holdout43", "holdout44", "holdout45", "holdout46", "holdout47", "holdout48",
        "holdout49", "holdout50", "holdout51", "holdout52", "holdout53", "holdout54", "holdout55", "holdout56",
        "holdout57", "holdout58", "holdout59", "holdout60", "holdout61", "holdout62", "holdout63",
        "holdout64", "holdout65", "holdout66", "holdout67", "holdout68", "holdout69", "holdout70", "holdout71",
        "holdout72", "holdout73", "holdout74", "holdout75", "holdout76", "holdout77",
        "holdout78", "holdout79", "holdout80", "holdout81", "holdout82",
        "holdout83", "holdout84", "holdout85", "holdout86", "holdout87", "holdout88", "holdout89", "holdout90",
        "holdout91", "holdout92", "holdout93", "holdout94", "holdout95", "holdout96",
        "holdout97", "holdout98", "holdout99", "holdout100", "holdout101")
#: kept unread for the next change: not scored here (holdout78, TF32, recorded in session 33 for the next
#: change to TF32, judged candidate 57 (adopted) in session 42 and is read; holdout80, TF32, recorded in
#: session 34 for the check after the next TF32 change, read in session 42 as that check;
#: holdout79, IEEE fp32, recorded beside it, judged candidate 40 and is read; holdout81, IEEE fp32 `nn`,
#: recorded at the start of session 35, judged candidate 41 and is read; holdout82, IEEE fp32, recorded
#: after that, judged candidate 42 (not adopted) and is read; holdout83, IEEE fp32, recorded at the end of
#: session 35, judged candidate 43 in session 36 and is read; holdout84, IEEE fp32, recorded in session 36,
#: judged candidates 46 (no pick moved) and 47 (not adopted) in session 37 and is read; holdout85, IEEE fp32,
#: recorded at the start of session 38, judged candidate 48 (not adopted) and is read; holdout86, IEEE fp32,
#: recorded at the start of session 39, judged candidates 50 (adopted, no pick moved) and 51 (not adopted)
#: and is read; holdout87, IEEE fp32, recorded at the end of session 39, judged candidate 52 (adopted, no pick
#: moved) in session 40 and is read; holdout88, IEEE fp32, recorded at the start of session 40, judged candidate 53
#: (adopted, no pick moved) and is read; holdout89, IEEE fp32, recorded at the end of session 40, judged candidate
#: 54 (not adopted) in session 41 and is read; holdout90, IEEE fp32, recorded in session 41 after that, judged
#: candidate 55 (not adopted) and is read; holdout91, IEEE fp32, recorded at the end of session 41 (its last
#: shape at the start of session 42), for the next FMA-path change, and holdout92, TF32, recorded at the end of
#: session 42 after candidate 57 was adopted, for the next TF32 change: both judged candidate 60 (adopted) in
#: session 44 and are read; holdout93 (TF32) and holdout94 (IEEE fp32), recorded in session 44 after that, for
#: the next TF32 and FMA-path changes: holdout93 judged candidate 61 (adopted) in session 45 and is read, holdout94
#: was read in session 47 as IEEE fp32's check with the model as it then stood;
#: holdout95 (fp16, bf16, TF32), recorded in session 45 after that and read at once as issue 16's check, and
#: holdout96 (TF32), recorded beside it for the next TF32 change; holdout97 (fp16, bf16), recorded after
#: holdout95 was read, for the next 16-bit change (not read by candidate 62, turned away on its fresh picks in
#: session 46; it judged candidate 63, adopted, in session 47 and is read); holdout98 (fp16, bf16, TF32), recorded in
#: session 46 and read after that verdict as issue 16's check; holdout99 (fp16, bf16, TF32), recorded in session 47
#: beside candidate 63's judge and read after its verdict as issue 16's check; holdout100 (fp16, bf16) and holdout101
#: (IEEE fp32), recorded at the end of session 47 for the next 16-bit and FMA-path changes;
#: in session 33 holdout75
#: and holdout76 judged candidate 38 and holdout77 was read once after it as the check of issue 12's
#: acceptance)
UNREAD: tuple[str, ...] = ("holdout96", "holdout100", "holdout101")
HEADER = ("| set | shapes | top-1 | worst | top-5 | Spearman | median error | all kernels top-1 | fit |\n"
          "|---|---|---|---|---|---|---|---|---|")


def row(name: str) -> str:
    data = load_runs(f"h200/{name}")
    descriptor = any(r["kernel"] not in ("grouped", "splitk") for s in data.shapes for r in s.all_runs)
    res = evaluate(data, ["perfmodel", "perfmodel:all"] if descriptor else ["perfmodel"])
    r = res["perfmodel"]
    everything = f"{res['perfmodel:all'].top1_geomean:.3f}" if descriptor else "-"
    return (f"| {name} | {r.shapes_scored} | {r.top1_geomean:.3f} | {r.top1_min:.3f} | {r.top5_geomean:.3f} | "
            f"{r.spearman_median:.3f} | {r.rel_err_median:.3f} | {everything} | {fitted(name)} |")


def fitted(name: str) -> str:
    """The `fit` column: yes (a fit set), decode (fitted on by the element-wise decode classes), no."""
    return "yes" if name in FIT_SETS else "decode" if name in DECODE_SETS else "no"


def table() -> str:
    return "\n".join([HEADER, *(row(n) for n in SETS if n not in UNREAD)])


if __name__ == "__main__":
    print(table())
