#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout81.jsonl.gz (the eighty-first hold-out, ten layers
# in IEEE fp32 x nn, defined in session 34, to be recorded before any change to the FMA path in `nn`,
# grouped runs graphed): one pass of `perfmodel sweep --suite holdout81 --gpus all`
# (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout81 exec bash "$(dirname "$0")/one_pass_sweep.sh"
