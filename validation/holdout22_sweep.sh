#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout22.jsonl.gz (the twenty-second hold-out, recorded
# at the start of session 11 before its changes): one pass of `perfmodel sweep --suite holdout22
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout22 exec bash "$(dirname "$0")/one_pass_sweep.sh"
