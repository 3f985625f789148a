#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout75.jsonl.gz (the seventy-fifth hold-out, ten
# layers of every size, recorded at the end of session 32 for the next session's first change,
# grouped runs graphed): one pass of `perfmodel sweep --suite holdout75 --gpus all`
# (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout75 exec bash "$(dirname "$0")/one_pass_sweep.sh"
