#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout36.jsonl.gz (the thirty-sixth hold-out, recorded
# at the end of session 15, for the sessions after it): one pass of `perfmodel sweep --suite holdout36
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout36 exec bash "$(dirname "$0")/one_pass_sweep.sh"
