#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout47_retimed.jsonl.gz (session 19): holdout47's
# 16384x37x512 fp16 shapes (6636 nn, 6637 nt: the nt one read 2x slow for 140 of its 162 configs
# when recorded) and 8192x1536x6144 fp16 (6628, 6629), timed again by `perfmodel sweep` with the
# drift check of perfmodel/gpu/drift.py, the first time it ran on the GPU. OUT: where to write.
source "$(dirname "$0")/device_env.sh"
python3 -m perfmodel sweep --hw h200 --suite holdout47 --only 6636,6637 --out "$OUT/drift_smoke2.jsonl" --time-budget-s 240
python3 -m perfmodel sweep --hw h200 --suite holdout47 --only 6628,6629 --out "$OUT/drift_smoke.jsonl" --time-budget-s 240
cat "$OUT/drift_smoke2.jsonl" "$OUT/drift_smoke.jsonl" > "$OUT/holdout47_retimed.jsonl"
