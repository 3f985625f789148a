#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout29.jsonl.gz (the twenty-ninth hold-out, recorded
# in session 13 after candidate 4 was adopted): one pass of `perfmodel sweep --suite holdout29
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout29 exec bash "$(dirname "$0")/one_pass_sweep.sh"
