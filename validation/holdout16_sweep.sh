#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout16.jsonl.gz (the sixteenth hold-out, recorded
# at the start of session 9 to judge its mixed-alignment changes): one pass of `perfmodel sweep
# --suite holdout16 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout16 exec bash "$(dirname "$0")/one_pass_sweep.sh"
