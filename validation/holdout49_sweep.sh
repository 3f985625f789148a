#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout49.jsonl.gz (the forty-ninth hold-out,
# recorded at the start of session 20, before its model change): one pass of
# `perfmodel sweep --suite holdout49 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout49 exec bash "$(dirname "$0")/one_pass_sweep.sh"
