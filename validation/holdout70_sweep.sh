#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout70.jsonl.gz (the seventieth hold-out, ten
# layers, all decode-sized, recorded in session 31 after holdout69, grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout70 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout70 exec bash "$(dirname "$0")/one_pass_sweep.sh"
