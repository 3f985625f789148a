#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout69.jsonl.gz (the sixty-ninth hold-out, ten
# layers, eight decode-sized, recorded at the start of session 31, grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout69 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout69 exec bash "$(dirname "$0")/one_pass_sweep.sh"
