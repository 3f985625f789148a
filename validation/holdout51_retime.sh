#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout51_retimed.jsonl.gz (session 21): holdout51's
# one drifted shape, 32768x10x64 bf16 nn (7012: 1.44, then 2.98 when the sweep timed it again; a
# shape of a few microseconds), timed again by `perfmodel sweep --only`, with its nt twin (7013)
# beside it as a check. OUT: where to write.
source "$(dirname "$0")/device_env.sh"
python3 -m perfmodel sweep --hw h200 --suite holdout51 --only 7012,7013 --out "$OUT/holdout51_retimed.jsonl" --time-budget-s 150
