#!/usr/bin/env bash
# The offline compiles behind the IEEE fp32 entries of perfmodel/kernels/grouped/register_table.json
# (sm_90, nn and nt), run on a many-core host (no GPU use): validation/register_table.py compile
# appends them to validation/data/compile/register_table_raw.jsonl.gz, which is copied to $OUT;
# then `python validation/register_table.py build --kernel grouped` here. Run twice in session 7
# (the first call's 270 s limit cut the nn compiles at 1,798 of 2,680; a call resumes them).
set -u
source "$(dirname "$0")/device_env.sh"
J=${JOBS:-$(nproc)}
run() { run_limited "${EACH_S:-270}" log.txt "compile $*" python3 validation/register_table.py compile --jobs "$J" "$@"; }
run --kernel grouped --dtype fp32 --layout nt --targets sm_90
run --kernel grouped --dtype fp32 --targets sm_90
cp validation/data/compile/register_table_raw.jsonl.gz "$OUT/"
