#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout15.jsonl.gz (the fifteenth hold-out, recorded
# late in session 8 to judge the tile factors' regime bound): one pass of `perfmodel sweep --suite holdout15
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout15 exec bash "$(dirname "$0")/one_pass_sweep.sh"
