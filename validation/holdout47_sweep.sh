#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout47.jsonl.gz (the forty-seventh hold-out,
# recorded with holdout46 at the start of session 19, kept back for a later change): one pass of
# `perfmodel sweep --suite holdout47 --gpus all` (validation/one_pass_sweep.sh).
# OUT: where to write.
SUITE=holdout47 exec bash "$(dirname "$0")/one_pass_sweep.sh"
