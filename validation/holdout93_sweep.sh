#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout93.jsonl.gz (the ninety-third hold-out, ten layers
# in TF32 x nn, nt, defined in session 44 after candidate 60 was adopted (judged on holdout92), to judge
# the next TF32 change; grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout93 --gpus all` (validation/one_pass_sweep.sh; holdout92's 20 TF32 shapes
# took 83 s; run it again to resume an unfinished file). OUT: where to write.
SUITE=holdout93 exec bash "$(dirname "$0")/one_pass_sweep.sh"
