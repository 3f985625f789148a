#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout74.jsonl.gz (the seventy-fourth hold-out, ten
# layers, seven at M <= 64, recorded in session 32 after candidate 37 was adopted, to confirm it;
# grouped runs graphed): one pass of `perfmodel sweep --suite holdout74 --gpus all`
# (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout74 exec bash "$(dirname "$0")/one_pass_sweep.sh"
