#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout8.jsonl.gz (the eighth hold-out, recorded at
# the end of session 6 for the next session): one pass of `perfmodel sweep --suite holdout8
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout8 exec bash "$(dirname "$0")/one_pass_sweep.sh"
