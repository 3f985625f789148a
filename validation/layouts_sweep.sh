#!/usr/bin/env bash
# The device run behind validation/data/h200/layouts.jsonl.gz and holdout4.jsonl: the layouts
# smoke check (validation/layouts_smoke.py), then `perfmodel sweep --suite layouts` and
# `--suite holdout4` on every GPU of the host. Resumable: run it again to finish a suite that
# hit the time limit. Run from a checkout with torch and triton 3.6.0; perfmodel's
# dependencies as wheels in .whl/ (see the device notes). OUT: where to write.
set -u
OUT=${OUT:-out}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 TRITON_CACHE_DIR=/tmp/tc_layouts
mkdir -p "$OUT"
stamp() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$OUT/log.txt"; }
stamp start
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,power.limit,driver_version --format=csv >> "$OUT/log.txt"
python3 validation/layouts_smoke.py > "$OUT/smoke.txt" 2>&1
rc=$?; stamp "smoke: rc $rc"; tail -1 "$OUT/smoke.txt"
[ "$rc" -eq 0 ] || { cat "$OUT/smoke.txt"; exit 1; }
deadline=$(( $(date +%s) + ${SECONDS_LEFT:-520} ))  # the device's 10-minute limit, less setup
for s in ${SUITES:-holdout4 layouts}; do
  # resume: a committed partial run of the suite is carried on, not started again
  [ -f "validation/data/h200/$s.jsonl" ] && cp "validation/data/h200/$s.jsonl" "$OUT/$s.jsonl"
  t=$(date +%s); left=$(( deadline - t ))
  [ "$left" -gt 90 ] || { stamp "no time left for $s"; continue; }
  timeout "$left" python3 -m perfmodel sweep --hw h200 --suite "$s" --gpus all --out "$OUT/$s.jsonl" \
      --time-budget-s $(( left - 60 )) >> "$OUT/sweep_log.txt" 2>&1
  stamp "sweep --suite $s --gpus all: rc $? in $(( $(date +%s) - t )) s"
done
