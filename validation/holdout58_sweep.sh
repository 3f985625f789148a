#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout58.jsonl.gz (the fifty-eighth hold-out,
# recorded in session 24 before its next change): one pass of
# `perfmodel sweep --suite holdout58 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout58 exec bash "$(dirname "$0")/one_pass_sweep.sh"
