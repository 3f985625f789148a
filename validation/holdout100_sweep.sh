#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout100.jsonl.gz (the hundredth hold-out, ten layers in fp16 and bf16
# x nn, nt, defined in session 47 after holdout97 was read, for the next change to the 16-bit path; grouped runs
# graphed): one pass of `perfmodel sweep --suite holdout100 --gpus all` (validation/one_pass_sweep.sh; holdout97's 40
# shapes took 219 s; run it again to resume an unfinished file). OUT: where to write.
SUITE=holdout100 exec bash "$(dirname "$0")/one_pass_sweep.sh"
