#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout101.jsonl.gz (the hundred-and-first hold-out, ten layers in IEEE
# fp32 x nn, nt, defined in session 47 after holdout94 was read, for the next change to the FMA path; grouped runs
# graphed): one pass of `perfmodel sweep --suite holdout101 --gpus all` (validation/one_pass_sweep.sh; holdout94's 20
# shapes took 379 s; run it again to resume an unfinished file). OUT: where to write.
SUITE=holdout101 exec bash "$(dirname "$0")/one_pass_sweep.sh"
