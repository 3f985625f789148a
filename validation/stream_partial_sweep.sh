#!/usr/bin/env bash
# The device run behind validation/data/h200/microbench_stream2.json: the `stream` rows of
# perfmodel/gpu/streams.py again (parts A and B as in microbench_memory.json, and part C: the
# part-B configs on a quarter and a half of the SMs), recorded before the model used part C.
# OUT: where to write.
set -u
TRITON_CACHE=/tmp/tc_stream source "$(dirname "$0")/device_env.sh"
t=$(date +%s)
timeout 540 python3 validation/microbench.py --out "$OUT" --name microbench_stream2.json stream >> "$OUT/stream_log.txt" 2>&1
stamp "microbench.py stream -> microbench_stream2.json: rc $? in $(( $(date +%s) - t )) s"
