#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout59.jsonl.gz (the fifty-ninth hold-out,
# recorded in session 25 before its next change): one pass of
# `perfmodel sweep --suite holdout59 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout59 exec bash "$(dirname "$0")/one_pass_sweep.sh"
