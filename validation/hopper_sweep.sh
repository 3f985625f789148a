#!/usr/bin/env bash
# The device run behind validation/data/h200/{hopper,fp8,hopper_holdout}.jsonl: the Hopper smoke
# check (validation/hopper_smoke.py: every kernel, fp16/bf16/fp8, nn/nt, through the sweep's
# own code), then `perfmodel sweep --suite hopper`, `--suite fp8` and `--suite hopper_holdout` on
# every GPU of the host. Resumable: run it again to finish a suite that hit the time limit. Run
# from a checkout with torch and triton 3.6.0; perfmodel's dependencies as wheels in .whl/ (see
# the device notes). OUT: where to write; SUITES: which (default all three); SMOKE=0 skips it.
set -u
TRITON_CACHE=/tmp/tc_hopper source "$(dirname "$0")/device_env.sh"
if [ "${SMOKE:-1}" = 1 ]; then
  python3 validation/hopper_smoke.py "$OUT" > "$OUT/smoke.txt" 2>&1
  rc=$?; stamp "smoke: rc $rc"; tail -2 "$OUT/smoke.txt"
  [ "$rc" -eq 0 ] || { grep -v "^compile.*: ok$" "$OUT/smoke.txt" | tail -60; exit 1; }
fi
deadline=$(( $(date +%s) + ${SECONDS_LEFT:-520} ))  # the device's 10-minute limit, less setup
for s in ${SUITES:-hopper fp8 hopper_holdout}; do
  [ -f "validation/data/h200/$s.jsonl" ] && cp "validation/data/h200/$s.jsonl" "$OUT/$s.jsonl"
  sweep_by_deadline "$s" "$OUT/$s.jsonl" "$deadline"
done
