#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout88.jsonl.gz (the eighty-eighth hold-out, ten layers
# in IEEE fp32 x nn, nt, defined at the start of session 40 before any change of that session, to judge
# the second IEEE fp32 change after holdout87 judges the first; grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout88 --gpus all` (validation/one_pass_sweep.sh; IEEE fp32 compiles are
# slow, about 15 s a shape: give it SECONDS_LEFT=420 or more, and run it again to resume an unfinished
# file). OUT: where to write.
SUITE=holdout88 exec bash "$(dirname "$0")/one_pass_sweep.sh"
