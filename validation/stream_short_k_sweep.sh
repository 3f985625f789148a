#!/usr/bin/env bash
# The device run behind validation/data/h200/microbench_stream_short_k.json: memory-bound M = 16
# GEMMs with K 1024-8192 (validation/microbench.py stream_short_k), recorded for the next
# session's short-K decode question (validation/NOTES.md, session 6). OUT: where to write.
set -u
TRITON_CACHE=/tmp/tc_short_k source "$(dirname "$0")/device_env.sh"
t=$(date +%s)
timeout 300 python3 validation/microbench.py --out "$OUT" --name microbench_stream_short_k.json stream_short_k \
    >> "$OUT/short_k_log.txt" 2>&1
stamp "microbench.py stream_short_k: rc $? in $(( $(date +%s) - t )) s"
