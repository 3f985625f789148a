#!/usr/bin/env bash
# Re-time the hopper suite's smallest shapes (2000: 512^3, 2001: 1024^3 fp16, 2002: 2048^3 fp16,
# 2005: 1024^3 bf16) without compiles beside them: their 6-30 us runs in the first sweep were
# timed while compile-ahead workers filled the host (grouped runs 1.3-1.7x slower than the
# suite's own at the median). A first pass compiles (its rows are kept apart), the second times
# with every kernel in Triton's cache and nothing compiling; then split-K timed with and without
# a CUDA graph on the same inputs (validation/splitk_graph_check.py). OUT: where to write.
set -u
TRITON_CACHE=/tmp/tc_hopper source "$(dirname "$0")/device_env.sh"
ONLY=2000,2001,2002,2005
python3 -m perfmodel sweep --hw h200 --suite hopper --only $ONLY --out "$OUT/warm.jsonl" >> "$OUT/sweep_log.txt" 2>&1
stamp "compile pass: rc $?"
python3 -m perfmodel sweep --hw h200 --suite hopper --only $ONLY --out "$OUT/clean.jsonl" --jobs 1 >> "$OUT/sweep_log.txt" 2>&1
stamp "clean pass: rc $?"
python3 validation/splitk_graph_check.py "$OUT/splitk_graph_check.jsonl" > "$OUT/splitk_graph_log.txt" 2>&1; stamp "split-K graph check: rc $?"
