#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout64.jsonl.gz (the sixty-fourth hold-out,
# recorded at the start of session 27, before any fp32 change): one pass of
# `perfmodel sweep --suite holdout64 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout64 exec bash "$(dirname "$0")/one_pass_sweep.sh"
