#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout33.jsonl.gz (the thirty-third hold-out, recorded
# at the end of session 14, for the session after it): one pass of `perfmodel sweep --suite holdout33
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout33 exec bash "$(dirname "$0")/one_pass_sweep.sh"
