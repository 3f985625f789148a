#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout44.jsonl.gz (the forty-fourth hold-out,
# recorded in session 18 with holdout43, kept back for the change after the next one
# and the ones after it): one pass of `perfmodel sweep --suite holdout44 --gpus all` (validation/one_pass_sweep.sh).
# OUT: where to write.
SUITE=holdout44 exec bash "$(dirname "$0")/one_pass_sweep.sh"
