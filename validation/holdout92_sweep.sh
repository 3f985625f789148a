#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout92.jsonl.gz (the ninety-second hold-out, ten layers
# in TF32 x nn, nt, defined in session 42 after candidate 57 was adopted, to judge
# the next TF32 change; grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout92 --gpus all` (validation/one_pass_sweep.sh; TF32 compiles are
# quick: holdout78's 20 shapes took 100 s; run it again to resume an unfinished file). OUT: where to write.
SUITE=holdout92 exec bash "$(dirname "$0")/one_pass_sweep.sh"
