#!/usr/bin/env bash
# Session 23: how much of a shape's top-1 is the timing's noise? Read-set shapes swept again whole,
# on another day, by the sweep that recorded them (same configs, same timing): GROUP=worst, the 48
# read shapes (holdout20-52) whose perfmodel-view top-1 was under 0.85 (drifted shapes as re-timed),
# and GROUP=random, 40 of the others drawn with random.Random(23).sample; the selection
# (validation/data/h200/noise_retime_GROUP_shapes.csv, family = set:index) was committed before the
# timing. OUT: where to write. ~5 min each on one H200.
GROUP=${GROUP:?GROUP=worst or GROUP=random}
source "$(dirname "$0")/device_env.sh"
python3 -m perfmodel sweep --hw h200 --shapes "validation/data/h200/noise_retime_${GROUP}_shapes.csv" \
    --out "$OUT/noise_retime_${GROUP}.jsonl" --time-budget-s "${BUDGET:-500}"
