#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout13.jsonl.gz (the thirteenth hold-out, recorded
# at the start of session 8 and kept back for its end): one pass of `perfmodel sweep --suite
# holdout13 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout13 exec bash "$(dirname "$0")/one_pass_sweep.sh"
