#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout65.jsonl.gz (the sixty-fifth hold-out,
# recorded in session 27 after candidate 31 was judged): one pass of
# `perfmodel sweep --suite holdout65 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout65 exec bash "$(dirname "$0")/one_pass_sweep.sh"
