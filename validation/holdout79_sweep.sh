#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout79.jsonl.gz (the seventy-ninth hold-out, ten
# layers in IEEE fp32 x nn and nt, defined at the start of session 34 before any change to the FMA
# path was shaped, recorded in two calls, grouped runs graphed): one pass of `perfmodel sweep --suite
# holdout79 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout79 exec bash "$(dirname "$0")/one_pass_sweep.sh"
