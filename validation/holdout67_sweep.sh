#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout67.jsonl.gz (the sixty-seventh hold-out,
# recorded at the start of session 29, grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout67 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout67 exec bash "$(dirname "$0")/one_pass_sweep.sh"
