#!/usr/bin/env bash
# The device run behind validation/data/h200/microbench_stream_short_k.json: memory-bound M = 16
# GEMMs with K 1024-8192 (validation/microbench.py stream_short_k), recorded for the next
# session's short-K decode question (validation/NOTES.md, session 6). OUT: where to write.
set -u
TRITON_CACHE=/tmp/tc_short_k source "$(dirname "$0")/device_env.sh"
run_limited 300 short_k_log.txt "microbench.py stream_short_k" \
    python3 validation/microbench.py --out "$OUT" --name microbench_stream_short_k.json stream_short_k
