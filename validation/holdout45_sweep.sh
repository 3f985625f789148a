#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout45.jsonl.gz (the forty-fifth hold-out,
# recorded in session 18 after candidate 17 was judged on holdout44, kept back with holdout43 for the
# next changes): one pass of `perfmodel sweep --suite holdout45 --gpus all` (validation/one_pass_sweep.sh).
# OUT: where to write.
SUITE=holdout45 exec bash "$(dirname "$0")/one_pass_sweep.sh"
