#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout18.jsonl.gz (the eighteenth hold-out, recorded
# at the end of session 9 for the next session's element-wise and small-N work): one pass of `perfmodel sweep
# --suite holdout18 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout18 exec bash "$(dirname "$0")/one_pass_sweep.sh"
