#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout40.jsonl.gz (the fortieth hold-out,
# recorded at the start of session 17 before its first model change, for that change
# and the ones after it): one pass of `perfmodel sweep --suite holdout40 --gpus all` (validation/one_pass_sweep.sh).
# OUT: where to write.
SUITE=holdout40 exec bash "$(dirname "$0")/one_pass_sweep.sh"
