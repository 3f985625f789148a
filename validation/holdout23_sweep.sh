#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout23.jsonl.gz (the twenty-third hold-out, recorded
# in session 11 to judge its TF32 element-wise change): one pass of `perfmodel sweep --suite holdout23
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout23 exec bash "$(dirname "$0")/one_pass_sweep.sh"
