#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout26.jsonl.gz (the twenty-sixth hold-out, recorded
# in session 12 after its first change was judged, before any later one): one pass of `perfmodel sweep --suite holdout26
# --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout26 exec bash "$(dirname "$0")/one_pass_sweep.sh"
