#!/usr/bin/env bash
# The device run behind validation/data/h200/calibrate3_quick.json and h200-quick3.yaml:
# `perfmodel calibrate --quick` with the C-store pairs (session 13: the element-wise store's rate
# derived on the GPU, as a user's calibration now does), on one H200. Run from a checkout with torch
# and triton 3.6.0; perfmodel's dependencies as wheels in .whl/ (see the device notes). OUT: where to write.
set -u
source "$(dirname "$0")/device_env.sh"
run_limited "${SECONDS_LEFT:-560}" log.txt "calibrate --quick" \
    python3 -m perfmodel calibrate --hw h200 --quick -o "$OUT/h200-quick3.yaml" --measurements "$OUT/calibrate3_quick.json"
