#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout52.jsonl.gz (the fifty-second hold-out,
# recorded at the end of session 21, kept for the next session's changes): one pass of
# `perfmodel sweep --suite holdout52 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout52 exec bash "$(dirname "$0")/one_pass_sweep.sh"
