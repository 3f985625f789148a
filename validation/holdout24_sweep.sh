#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout24.jsonl.gz (the twenty-fourth hold-out, recorded
# at the end of session 11 for the next session): one pass of `perfmodel sweep --suite holdout24
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout24 exec bash "$(dirname "$0")/one_pass_sweep.sh"
