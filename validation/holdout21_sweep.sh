#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout21.jsonl.gz (the twenty-first hold-out, recorded
# at the end of session 10 for the next session's changes): one pass of `perfmodel sweep --suite
# holdout21 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout21 exec bash "$(dirname "$0")/one_pass_sweep.sh"
