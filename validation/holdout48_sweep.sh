#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout48.jsonl.gz (the forty-eighth hold-out,
# recorded in session 19 after candidate 19 was judged, the first with the drift check): one pass of
# `perfmodel sweep --suite holdout48 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout48 exec bash "$(dirname "$0")/one_pass_sweep.sh"
