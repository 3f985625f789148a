#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout94.jsonl.gz (the ninety-fourth hold-out, ten layers
# in IEEE fp32 x nn, nt, defined in session 44 after holdout91 was read (it judged candidate 60), to judge
# the next change to the FMA path; grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout94 --gpus all` (validation/one_pass_sweep.sh; run it again to resume an
# unfinished file). OUT: where to write.
SUITE=holdout94 exec bash "$(dirname "$0")/one_pass_sweep.sh"
