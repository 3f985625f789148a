#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout39.jsonl.gz (the thirty-ninth hold-out,
# recorded at the end of session 16 after candidate 12 was judged on holdout38, for the sessions
# after it): one pass of `perfmodel sweep --suite holdout39 --gpus all` (validation/one_pass_sweep.sh).
# OUT: where to write.
SUITE=holdout39 exec bash "$(dirname "$0")/one_pass_sweep.sh"
