#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout76.jsonl.gz (the seventy-sixth hold-out, ten
# layers in TF32 x nn and nt, recorded at the end of session 32 for the next change to TF32, grouped
# runs graphed): one pass of `perfmodel sweep --suite holdout76 --gpus all`
# (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout76 exec bash "$(dirname "$0")/one_pass_sweep.sh"
