#!/usr/bin/env bash
# The device run behind validation/data/h200/microbench_kstep_mixed_tiles.json: load class "k"
# (N odd) by tile, mma.sync against wgmma and BLOCK_N 32/64/128, one wave and a decode stream
# (validation/microbench.py kstep_mixed_tiles; validation/NOTES.md, session 9). OUT: where to write.
set -u
TRITON_CACHE=/tmp/tc_kstep_mixed_tiles source "$(dirname "$0")/device_env.sh"
run_limited 420 kstep_mixed_tiles_log.txt "microbench.py kstep_mixed_tiles" \
    python3 validation/microbench.py --out "$OUT" --name microbench_kstep_mixed_tiles.json kstep_mixed_tiles
