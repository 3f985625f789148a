#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout34.jsonl.gz (the thirty-fourth hold-out, recorded
# at the start of session 15, before its first change is judged): one pass of `perfmodel sweep --suite holdout34
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout34 exec bash "$(dirname "$0")/one_pass_sweep.sh"
