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
  sweep_by_deadline "$SUITE" "$OUT/$pass.jsonl" "$deadline"
done
