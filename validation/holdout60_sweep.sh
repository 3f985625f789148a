#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout60.jsonl.gz (the sixtieth hold-out,
# recorded in session 25 before its next change): one pass of
# `perfmodel sweep --suite holdout60 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout60 exec bash "$(dirname "$0")/one_pass_sweep.sh"
