#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout19.jsonl.gz (the nineteenth hold-out, recorded
# early in session 10 after the L1 term and before any later change): one pass of `perfmodel sweep
# --suite holdout19 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout19 exec bash "$(dirname "$0")/one_pass_sweep.sh"
