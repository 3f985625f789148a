#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout5.jsonl (the fifth hold-out): two passes of
# `perfmodel sweep --suite holdout5 --gpus all` (validation/two_pass_sweep.sh). OUT: where to write.
SUITE=holdout5 exec bash "$(dirname "$0")/two_pass_sweep.sh"
