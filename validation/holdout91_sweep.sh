#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout91.jsonl.gz (the ninety-first hold-out, ten layers
# in IEEE fp32 x nn, nt, defined in session 41 after candidate 55 was judged, to judge
# the next IEEE fp32 change; grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout91 --gpus all` (validation/one_pass_sweep.sh; IEEE fp32 compiles are
# slow, about 15 s a shape: give it SECONDS_LEFT=420 or more, and run it again to resume an unfinished
# file). OUT: where to write.
SUITE=holdout91 exec bash "$(dirname "$0")/one_pass_sweep.sh"
