#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout53_retimed.jsonl.gz (session 22): holdout53's
# shapes whose kept timing drifted over 1.15 after the sweep's own second timing (perfmodel/gpu/drift.py;
# shapes of a few microseconds), timed again by `perfmodel sweep --only` before the set is read, each
# with its other layout beside it: 24x6912x2560 bf16 (7200 nn 1.27, 7201 nt 1.54), 384x1408x2048 bf16
# (7212 1.27, 7213 1.26), 12544x768x192 bf16 (7216 nn 1.50, 7217 nt) and 65536x128x54 bf16 (7232 nn
# 1.34, 7233 nt). OUT: where to write.
source "$(dirname "$0")/device_env.sh"
python3 -m perfmodel sweep --hw h200 --suite holdout53 --only 7200,7201,7212,7213,7216,7217,7232,7233 \
    --out "$OUT/holdout53_retimed.jsonl" --time-budget-s 300
