#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout63.jsonl.gz (the sixty-third hold-out,
# recorded in session 26 after candidate 30): one pass of
# `perfmodel sweep --suite holdout63 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout63 exec bash "$(dirname "$0")/one_pass_sweep.sh"
