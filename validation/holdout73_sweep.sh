#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout73.jsonl.gz (the seventy-third hold-out, ten
# layers at M <= 64, seven with K not 16-divisible, recorded at the start of session 32, grouped
# runs graphed): one pass of `perfmodel sweep --suite holdout73 --gpus all`
# (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout73 exec bash "$(dirname "$0")/one_pass_sweep.sh"
