#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout55.jsonl.gz (the fifty-fifth hold-out,
# recorded in session 23 before its next change): one pass of
# `perfmodel sweep --suite holdout55 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout55 exec bash "$(dirname "$0")/one_pass_sweep.sh"
