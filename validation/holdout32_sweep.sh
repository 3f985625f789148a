#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout32.jsonl.gz (the thirty-second hold-out, recorded
# at the start of session 14, before its candidate was judged): one pass of `perfmodel sweep --suite holdout32
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout32 exec bash "$(dirname "$0")/one_pass_sweep.sh"
