#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout20.jsonl.gz (the twentieth hold-out, recorded
# in session 10 before the tile-factor variant it judges is scored): one pass of `perfmodel sweep
# --suite holdout20 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout20 exec bash "$(dirname "$0")/one_pass_sweep.sh"
