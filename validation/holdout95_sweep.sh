#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout95.jsonl.gz (the ninety-fifth hold-out, ten layers in
# fp16, bf16 and TF32 x nn, nt, defined in session 45 after candidate 61 was adopted (judged on holdout93), read at
# once as a check of issue 16's per-group bars; grouped runs graphed): one pass of
# `perfmodel sweep --suite holdout95 --gpus all` (validation/one_pass_sweep.sh; holdout93's 20 TF32 shapes took
# 128 s; run it again to resume an unfinished file). OUT: where to write.
SUITE=holdout95 exec bash "$(dirname "$0")/one_pass_sweep.sh"
