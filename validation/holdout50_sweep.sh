#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout50.jsonl.gz (the fiftieth hold-out,
# recorded with holdout49 at the start of session 20, kept for a later change): one pass of
# `perfmodel sweep --suite holdout50 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout50 exec bash "$(dirname "$0")/one_pass_sweep.sh"
