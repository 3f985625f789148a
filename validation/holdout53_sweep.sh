#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout53.jsonl.gz (the fifty-third hold-out,
# recorded in session 22 before its next change): one pass of
# `perfmodel sweep --suite holdout53 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout53 exec bash "$(dirname "$0")/one_pass_sweep.sh"
