#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout31.jsonl.gz (the thirty-first hold-out, recorded
# at the end of session 13 for the next session): one pass of `perfmodel sweep --suite holdout31
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout31 exec bash "$(dirname "$0")/one_pass_sweep.sh"
