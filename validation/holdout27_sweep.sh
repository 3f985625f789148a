#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout27.jsonl.gz (the twenty-seventh hold-out, recorded
# in session 12 after its second change was judged (and reverted), before any later one): one pass of `perfmodel sweep --suite holdout27
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout27 exec bash "$(dirname "$0")/one_pass_sweep.sh"
