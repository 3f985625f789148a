#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout51.jsonl.gz (the fifty-first hold-out,
# recorded in session 21 before its model change is adopted, to judge it): one pass of
# `perfmodel sweep --suite holdout51 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout51 exec bash "$(dirname "$0")/one_pass_sweep.sh"
