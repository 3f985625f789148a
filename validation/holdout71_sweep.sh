#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout71.jsonl.gz (the seventy-first hold-out, ten
# layers, all decode-sized, recorded in session 31 after holdout70 judged candidate 35, grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout71 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout71 exec bash "$(dirname "$0")/one_pass_sweep.sh"
