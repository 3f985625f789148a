#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout8.jsonl.gz (the eighth hold-out, recorded at
# the end of session 6 for the next session): `perfmodel sweep --suite holdout8 --gpus all`, one
# pass (holdout5's two passes agreed at 0.999). OUT: where to write. Resumes an unfinished file.
set -u
TRITON_CACHE=/tmp/tc_holdout8 source "$(dirname "$0")/device_env.sh"
t=$(date +%s)
timeout "${SECONDS_LEFT:-560}" python3 -m perfmodel sweep --hw h200 --suite holdout8 --gpus all \
    --out "$OUT/holdout8.jsonl" --time-budget-s $(( ${SECONDS_LEFT:-560} - 30 )) >> "$OUT/holdout8_sweep_log.txt" 2>&1
stamp "sweep --suite holdout8 -> holdout8.jsonl: rc $? in $(( $(date +%s) - t )) s"
