#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout3.jsonl (committed gzipped), calibrate2_{full,quick}.json and
# h200-fresh2.yaml / h200-quick2.yaml: `perfmodel calibrate` with the memory-bound and
# partial-wave GEMMs (quick on GPU 0, full on GPU 1, at once), then `perfmodel sweep --suite
# holdout3 --gpus all`. Run from a checkout on a two-GPU host with torch and triton 3.6.0;
# perfmodel's dependencies as wheels in .whl/ (see the device notes). OUT: where to write.
set -u
OUT=${OUT:-out}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1
mkdir -p "$OUT"
stamp() { echo "[$(date -u +%H:%M:%S)] $*" >> "$OUT/log.txt"; }
stamp start
( s=$(date +%s); TRITON_CACHE_DIR=/tmp/tc_q CUDA_VISIBLE_DEVICES=0 timeout 200 python3 -m perfmodel calibrate --hw h200 \
    --quick -o "$OUT/h200-quick2.yaml" --measurements "$OUT/calibrate2_quick.json" >> "$OUT/log.txt" 2>&1
  stamp "calibrate --quick (GPU 0): rc $? in $(( $(date +%s) - s )) s" ) &
( s=$(date +%s); TRITON_CACHE_DIR=/tmp/tc_f CUDA_VISIBLE_DEVICES=1 timeout 260 python3 -m perfmodel calibrate --hw h200 \
    -o "$OUT/h200-fresh2.yaml" --measurements "$OUT/calibrate2_full.json" >> "$OUT/log.txt" 2>&1
  stamp "calibrate (GPU 1): rc $? in $(( $(date +%s) - s )) s" ) &
wait
s=$(date +%s); TRITON_CACHE_DIR=/tmp/tc_h timeout 260 python3 -m perfmodel sweep --hw h200 --suite holdout3 --gpus all \
    --out "$OUT/holdout3.jsonl" >> "$OUT/sweep_log.txt" 2>&1
stamp "sweep --suite holdout3 --gpus all: rc $? in $(( $(date +%s) - s )) s"
cat "$OUT/log.txt"
