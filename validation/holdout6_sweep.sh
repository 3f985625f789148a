#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout6.jsonl (the sixth hold-out, for the next
# session's changes): two passes of `perfmodel sweep --suite holdout6 --gpus all`
# (validation/two_pass_sweep.sh). OUT: where to write.
SUITE=holdout6 exec bash "$(dirname "$0")/two_pass_sweep.sh"
