#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout97.jsonl.gz (the ninety-seventh hold-out, ten layers in fp16
# and bf16 x nn, nt, defined in session 45 after holdout95 was read, to judge the next 16-bit change; grouped runs
# graphed): one pass of `perfmodel sweep --suite holdout97 --gpus all` (validation/one_pass_sweep.sh; holdout95's
# 60 shapes took 315 s; run it again to resume an unfinished file). OUT: where to write.
SUITE=holdout97 exec bash "$(dirname "$0")/one_pass_sweep.sh"
