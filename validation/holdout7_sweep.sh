#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout7.jsonl.gz (the seventh hold-out, recorded at
# the start of session 6 before its changes): one pass of `perfmodel sweep --suite holdout7
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout7 exec bash "$(dirname "$0")/one_pass_sweep.sh"
