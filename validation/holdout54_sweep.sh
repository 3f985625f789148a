#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout54.jsonl.gz (the fifty-fourth hold-out,
# recorded in session 22 before its next change): one pass of
# `perfmodel sweep --suite holdout54 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout54 exec bash "$(dirname "$0")/one_pass_sweep.sh"
