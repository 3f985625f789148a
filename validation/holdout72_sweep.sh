#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout72.jsonl.gz (the seventy-second hold-out, ten
# layers, four decode-sized, recorded at the end of session 31, grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout72 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout72 exec bash "$(dirname "$0")/one_pass_sweep.sh"
