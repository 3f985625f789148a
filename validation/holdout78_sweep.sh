#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout78.jsonl.gz (the seventy-eighth hold-out, ten
# layers in TF32 x nn and nt, recorded in session 33 for the next change to TF32, grouped runs
# graphed): one pass of `perfmodel sweep --suite holdout78 --gpus all` (validation/one_pass_sweep.sh).
# OUT: where to write.
SUITE=holdout78 exec bash "$(dirname "$0")/one_pass_sweep.sh"
