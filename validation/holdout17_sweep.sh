#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout17.jsonl.gz (the seventeenth hold-out, recorded
# in session 9 to judge the tile factors of load class "none"): one pass of `perfmodel sweep
# --suite holdout17 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout17 exec bash "$(dirname "$0")/one_pass_sweep.sh"
