#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout42.jsonl.gz (the forty-second hold-out,
# recorded at the end of session 17 after candidate 15 was judged on holdout41, for the next sessions
# and the ones after it): one pass of `perfmodel sweep --suite holdout42 --gpus all` (validation/one_pass_sweep.sh).
# OUT: where to write.
SUITE=holdout42 exec bash "$(dirname "$0")/one_pass_sweep.sh"
