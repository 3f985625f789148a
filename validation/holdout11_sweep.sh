#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout11.jsonl.gz (the eleventh hold-out, recorded
# late in session 7): one pass of `perfmodel sweep --suite
# holdout11 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout11 exec bash "$(dirname "$0")/one_pass_sweep.sh"
