#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout12.jsonl.gz (the twelfth hold-out, recorded
# at the start of session 8): one pass of `perfmodel sweep --suite holdout12 --gpus all`
# (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout12 exec bash "$(dirname "$0")/one_pass_sweep.sh"
