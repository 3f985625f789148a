#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout99.jsonl.gz (the ninety-ninth hold-out, ten layers in fp16,
# bf16 and TF32 x nn, nt, defined in session 47 before candidate 63 was judged, read after its verdict as a check of
# issue 16's per-group bars; grouped runs graphed): one pass of `perfmodel sweep --suite holdout99 --gpus all`
# (validation/one_pass_sweep.sh; holdout95's 60 shapes took 315 s; run it again to resume an unfinished file).
# OUT: where to write.
SUITE=holdout99 exec bash "$(dirname "$0")/one_pass_sweep.sh"
