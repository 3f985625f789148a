#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout37.jsonl.gz (the thirty-seventh hold-out,
# recorded in session 16 after candidate 11 was judged on holdout35, for the changes after it): one
# pass of `perfmodel sweep --suite holdout37 --gpus all` (validation/one_pass_sweep.sh). OUT: where
# to write.
SUITE=holdout37 exec bash "$(dirname "$0")/one_pass_sweep.sh"
