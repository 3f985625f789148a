#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout38.jsonl.gz (the thirty-eighth hold-out,
# recorded in session 16 after candidate 11's second judgement, for the changes after it): one pass
# of `perfmodel sweep --suite holdout38 --gpus all` (validation/one_pass_sweep.sh). OUT: where to
# write.
SUITE=holdout38 exec bash "$(dirname "$0")/one_pass_sweep.sh"
