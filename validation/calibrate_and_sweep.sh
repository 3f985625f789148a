#!/usr/bin/env bash
# The device run behind validation/data/h200/{h200-quick,h200-fresh}.yaml, calibrate_*.json and
# sweep_*.jsonl: `perfmodel calibrate` (quick and full, on two GPUs at once) and `perfmodel sweep`
# of sixteen new shapes, first on one GPU, then on two (--gpus all), each with a cold Triton cache.
# Run from a checkout on a two-GPU host with torch and triton 3.6.0; perfmodel's own
# dependencies (pydantic, pyyaml) as wheels in .whl/ (see the device notes). OUT: where to write.
set -u
OUT=${OUT:-out}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1
mkdir -p "$OUT/c" "$OUT/s"
stamp() { echo "[$(date -u +%H:%M:%S)] $*" >> "$OUT/c/log.txt"; }
stamp start
( s=$(date +%s); TRITON_CACHE_DIR=/tmp/tc_q CUDA_VISIBLE_DEVICES=0 timeout 150 python3 -m perfmodel calibrate --hw h200 \
    --quick -o "$OUT/c/h200-quick.yaml" --measurements "$OUT/c/calibrate_quick.json" >> "$OUT/c/log.txt" 2>&1
  stamp "calibrate --quick (GPU 0): rc $? in $(( $(date +%s) - s )) s" ) &
( s=$(date +%s); TRITON_CACHE_DIR=/tmp/tc_f CUDA_VISIBLE_DEVICES=1 timeout 200 python3 -m perfmodel calibrate --hw h200 \
    -o "$OUT/c/h200-fresh.yaml" --measurements "$OUT/c/calibrate_full.json" >> "$OUT/c/log.txt" 2>&1
  stamp "calibrate (GPU 1): rc $? in $(( $(date +%s) - s )) s" ) &
wait
s=$(date +%s); TRITON_CACHE_DIR=/tmp/tc_1 timeout 200 python3 -m perfmodel sweep --hw h200 --shapes validation/data/h200/sweep_shapes.csv \
    --gpus 0 --out "$OUT/s/sweep_one_gpu.jsonl" >> "$OUT/s/log.txt" 2>&1
stamp "sweep, one GPU: rc $? in $(( $(date +%s) - s )) s"
s=$(date +%s); TRITON_CACHE_DIR=/tmp/tc_2 timeout 150 python3 -m perfmodel sweep --hw h200 --shapes validation/data/h200/sweep_shapes.csv \
    --gpus all --out "$OUT/s/sweep_two_gpus.jsonl" >> "$OUT/s/log.txt" 2>&1
stamp "sweep, --gpus all: rc $? in $(( $(date +%s) - s )) s"
cat "$OUT/c/log.txt"
