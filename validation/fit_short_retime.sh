#!/usr/bin/env bash
# The device run behind validation/data/h200/fit_short_graph.jsonl.gz (session 30): the eager-short
# shapes of the tile factors' fit sets (validation/data/h200/fit_short_shapes.csv, written by
# validation/fit_short_retime.py) timed again by `perfmodel sweep --shapes`, grouped and split-K runs
# as CUDA-graph replays, under their recorded shape indices. OUT: where to write; SECONDS_LEFT: the
# time budget (default 560 s); RESUME: an unfinished file of an earlier call (.jsonl or .jsonl.gz),
# copied to $OUT/fit_short_graph.jsonl first so that the sweep resumes it (its finished shapes are
# skipped). The file is gzipped at the end: a device call returns files of at most 16 MiB, and the
# plain file of 280 shapes (over 16 MiB) was lost that way in session 30.
set -u
TRITON_CACHE=/tmp/tc_fit_short source "$(dirname "$0")/device_env.sh"
if [ -n "${RESUME:-}" ]; then gzip -cdf "$RESUME" > "$OUT/fit_short_graph.jsonl"; stamp "resuming $RESUME"; fi
run_limited "${SECONDS_LEFT:-560}" fit_short_sweep_log.txt "sweep --shapes fit_short_shapes.csv -> fit_short_graph.jsonl" \
    python3 -m perfmodel sweep --hw h200 --shapes validation/data/h200/fit_short_shapes.csv --gpus all \
    --out "$OUT/fit_short_graph.jsonl" --time-budget-s $(( ${SECONDS_LEFT:-560} - 30 ))
gzip -f "$OUT/fit_short_graph.jsonl"
