#!/usr/bin/env bash
# The device run behind validation/data/h200/microbench_stream2.json: the `stream` rows of
# perfmodel/gpu/streams.py again (parts A and B as in microbench_memory.json, and part C: the
# part-B configs on a quarter and a half of the SMs), recorded before the model used part C.
# OUT: where to write.
set -u
TRITON_CACHE=/tmp/tc_stream source "$(dirname "$0")/device_env.sh"
run_limited 540 stream_log.txt "microbench.py stream -> microbench_stream2.json" \
    python3 validation/microbench.py --out "$OUT" --name microbench_stream2.json stream
