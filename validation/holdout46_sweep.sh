#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout46.jsonl.gz (the forty-sixth hold-out,
# recorded at the start of session 19, before its model change is shaped, unread until it judges
# one): one pass of `perfmodel sweep --suite holdout46 --gpus all` (validation/one_pass_sweep.sh).
# OUT: where to write.
SUITE=holdout46 exec bash "$(dirname "$0")/one_pass_sweep.sh"
