#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout30.jsonl.gz (the thirtieth hold-out, recorded
# in session 13 after candidate 5 was adopted): one pass of `perfmodel sweep --suite holdout30
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout30 exec bash "$(dirname "$0")/one_pass_sweep.sh"
