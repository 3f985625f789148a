#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout35.jsonl.gz (the thirty-fifth hold-out, recorded
# in session 15, after candidate 9 was judged and before candidate 10 is): one pass of `perfmodel sweep --suite holdout35
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout35 exec bash "$(dirname "$0")/one_pass_sweep.sh"
