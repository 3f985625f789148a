#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout28.jsonl.gz (the twenty-eighth hold-out, recorded
# at the end of session 12 for the next session): one pass of `perfmodel sweep --suite holdout28
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout28 exec bash "$(dirname "$0")/one_pass_sweep.sh"
