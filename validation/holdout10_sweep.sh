#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout10.jsonl.gz (the tenth hold-out, recorded in
# session 7 after holdout8 judged a k-step change and holdout9 was read): one pass of `perfmodel
# sweep --suite holdout10 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout10 exec bash "$(dirname "$0")/one_pass_sweep.sh"
