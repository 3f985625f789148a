#!/usr/bin/env bash
# The device run behind validation/data/h200/microbench_kstep_stages.json: one wave of large and
# small wgmma tiles at 2-5 stages, fp16 nn and TF32 nt (validation/microbench.py kstep_stages;
# validation/NOTES.md, session 7). OUT: where to write.
set -u
TRITON_CACHE=/tmp/tc_kstep_stages source "$(dirname "$0")/device_env.sh"
run_limited 400 kstep_stages_log.txt "microbench.py kstep_stages" \
    python3 validation/microbench.py --out "$OUT" --name microbench_kstep_stages.json kstep_stages
