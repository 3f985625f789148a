#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout25.jsonl.gz (the twenty-fifth hold-out, recorded
# at the start of session 12 before its changes): one pass of `perfmodel sweep --suite holdout25
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout25 exec bash "$(dirname "$0")/one_pass_sweep.sh"
