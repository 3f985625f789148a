#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout7.jsonl.gz (the seventh hold-out, recorded at
# the start of session 6 before its changes): `perfmodel sweep --suite holdout7 --gpus all`, one
# pass (holdout5's two passes agreed at 0.999). OUT: where to write. Resumes an unfinished file.
set -u
TRITON_CACHE=/tmp/tc_holdout7 source "$(dirname "$0")/device_env.sh"
t=$(date +%s)
timeout "${SECONDS_LEFT:-560}" python3 -m perfmodel sweep --hw h200 --suite holdout7 --gpus all \
    --out "$OUT/holdout7.jsonl" --time-budget-s $(( ${SECONDS_LEFT:-560} - 30 )) >> "$OUT/holdout7_sweep_log.txt" 2>&1
stamp "sweep --suite holdout7 -> holdout7.jsonl: rc $? in $(( $(date +%s) - t )) s"
