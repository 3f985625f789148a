#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout80.jsonl.gz (the eightieth hold-out, ten layers
# in TF32 x nn and nt, recorded at the start of session 34 for the check after the next TF32 change,
# grouped runs graphed): one pass of `perfmodel sweep --suite holdout80 --gpus all`
# (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout80 exec bash "$(dirname "$0")/one_pass_sweep.sh"
