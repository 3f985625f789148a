#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout43.jsonl.gz (the forty-third hold-out,
# recorded in session 18 after candidate 16 was judged on holdout42, for the next change
# and the ones after it): one pass of `perfmodel sweep --suite holdout43 --gpus all` (validation/one_pass_sweep.sh).
# OUT: where to write.
SUITE=holdout43 exec bash "$(dirname "$0")/one_pass_sweep.sh"
