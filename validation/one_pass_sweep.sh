#!/usr/bin/env bash
# A hold-out's device run in one pass (holdout5's two passes agreed at 0.999):
# `perfmodel sweep --suite $SUITE --gpus all` into $OUT/$SUITE.jsonl, resuming an unfinished file.
# OUT: where to write; SUITE: which suite; SECONDS_LEFT: the time budget (default 560 s).
set -u
SUITE=${SUITE:?name the suite, e.g. SUITE=holdout7}
TRITON_CACHE=/tmp/tc_$SUITE source "$(dirname "$0")/device_env.sh"
run_limited "${SECONDS_LEFT:-560}" "${SUITE}_sweep_log.txt" "sweep --suite $SUITE -> $SUITE.jsonl" \
    python3 -m perfmodel sweep --hw h200 --suite "$SUITE" --gpus all --out "$OUT/$SUITE.jsonl" \
    --time-budget-s $(( ${SECONDS_LEFT:-560} - 30 ))
