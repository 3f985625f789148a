#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout77.jsonl.gz (the seventy-seventh hold-out, ten
# layers in fp16 and bf16 x nn and nt, recorded in session 33 after candidate 38 and read once as
# the check of issue 12's acceptance, grouped runs graphed): one pass of `perfmodel sweep --suite
# holdout77 --gpus all` (validation/one_pass_sweep.sh). OUT: where to write.
SUITE=holdout77 exec bash "$(dirname "$0")/one_pass_sweep.sh"
