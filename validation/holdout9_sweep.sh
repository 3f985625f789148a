#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout9.jsonl.gz (the ninth hold-out, recorded at
# the start of session 7 before its model changes; read at its end): one pass of `perfmodel sweep
# --suite holdout9 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout9 exec bash "$(dirname "$0")/one_pass_sweep.sh"
