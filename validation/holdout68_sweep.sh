#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout68.jsonl.gz (the sixty-eighth hold-out, ten
# decode-sized layers, recorded at the start of session 30, grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout68 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout68 exec bash "$(dirname "$0")/one_pass_sweep.sh"
