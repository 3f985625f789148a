#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout61.jsonl.gz (the sixty-first hold-out,
# recorded in session 26 before its next change): one pass of
# `perfmodel sweep --suite holdout61 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout61 exec bash "$(dirname "$0")/one_pass_sweep.sh"
