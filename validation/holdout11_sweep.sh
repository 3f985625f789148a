#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout11.jsonl.gz (the eleventh hold-out, recorded
# at the end of session 7 for the next session's changes): one pass of `perfmodel sweep --suite
# holdout11 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout11 exec bash "$(dirname "$0")/one_pass_sweep.sh"
