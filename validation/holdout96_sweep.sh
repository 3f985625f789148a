#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout96.jsonl.gz (the ninety-sixth hold-out, ten layers in TF32 x
# nn, nt, defined in session 45 beside holdout95, to judge the next TF32 change; grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout96 --gpus all` (validation/one_pass_sweep.sh; holdout93's 20 TF32 shapes took
# 128 s; run it again to resume an unfinished file). OUT: where to write.
SUITE=holdout96 exec bash "$(dirname "$0")/one_pass_sweep.sh"
