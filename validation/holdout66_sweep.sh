#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout66.jsonl.gz (the sixty-sixth hold-out,
# recorded at the end of session 27): one pass of
# `perfmodel sweep --suite holdout66 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout66 exec bash "$(dirname "$0")/one_pass_sweep.sh"
