#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout41.jsonl.gz (the forty-first hold-out,
# recorded in session 17 after candidate 14 was judged on holdout40, for the next change
# and the ones after it): one pass of `perfmodel sweep --suite holdout41 --gpus all` (validation/one_pass_sweep.sh).
# OUT: where to write.
SUITE=holdout41 exec bash "$(dirname "$0")/one_pass_sweep.sh"
