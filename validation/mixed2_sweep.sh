#!/usr/bin/env bash
# The device run behind validation/data/h200/mixed2.jsonl (the second mixed-alignment hold-out): two passes of
# `perfmodel sweep --suite mixed2 --gpus all` (validation/two_pass_sweep.sh). OUT: where to write.
SUITE=mixed2 exec bash "$(dirname "$0")/two_pass_sweep.sh"
