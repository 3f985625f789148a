#!/usr/bin/env bash
# A hold-out's device run: `perfmodel sweep --suite $SUITE` on every GPU of the host twice. The
# first pass compiles every kernel (its rows, timed while the compile workers share the host, go
# to ${SUITE}_contended.jsonl); the second times with Triton's cache warm and nothing compiling,
# the rows that are committed and scored. OUT: where to write; SUITE: which suite.
set -u
SUITE=${SUITE:?name the suite, e.g. SUITE=holdout5}
TRITON_CACHE=/tmp/tc_$SUITE source "$(dirname "$0")/device_env.sh"
deadline=$(( $(date +%s) + ${SECONDS_LEFT:-540} ))
for pass in "${SUITE}_contended" "$SUITE"; do
  t=$(date +%s); left=$(( deadline - t ))
  [ "$left" -gt 60 ] || { stamp "no time left for $pass"; continue; }
  timeout "$left" python3 -m perfmodel sweep --hw h200 --suite "$SUITE" --gpus all --out "$OUT/$pass.jsonl" \
      --time-budget-s $(( left - 45 )) >> "$OUT/sweep_log.txt" 2>&1
  stamp "sweep --suite $SUITE -> $pass.jsonl: rc $? in $(( $(date +%s) - t )) s"
done
