#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout48_retimed.jsonl.gz and
# holdout50_retimed.jsonl.gz (session 20): the shapes whose kept timing drifted over 1.15
# (perfmodel/gpu/drift.py), timed again by `perfmodel sweep --only` before either set is read, with
# their other layout beside them as a check: holdout48's 131072x128x23 fp16 (6732 nn drifted 1.30,
# 6733 nt), holdout50's 192x2048x1408 fp16 (6912, 6913) and 98304x40x54 fp16 (6936, 6937).
# OUT: where to write.
source "$(dirname "$0")/device_env.sh"
python3 -m perfmodel sweep --hw h200 --suite holdout48 --only 6732,6733 --out "$OUT/holdout48_retimed.jsonl" --time-budget-s 200
python3 -m perfmodel sweep --hw h200 --suite holdout50 --only 6912,6913,6936,6937 --out "$OUT/holdout50_retimed.jsonl" --time-budget-s 240
