#!/usr/bin/env bash
# The offline compiles behind the nt and TF32 entries of the register tables
# (perfmodel/kernels/{grouped,tma}/register_table.json), run on a many-core host (no GPU use):
# validation/register_table.py compile for the grouped kernel in nt (five targets) and in TF32
# (nn and nt, sm_80 and sm_90), and the TMA kernel in nt. The new raw rows go to
# $OUT/<raw file name>_new.jsonl (append them to validation/data/compile/, gzip-compressed since), then `build`.
set -u
source "$(dirname "$0")/device_env.sh"
J=${JOBS:-$(nproc)}
declare -A before
for f in validation/data/compile/register_table_raw.jsonl.gz validation/data/compile/register_table_raw_tma.jsonl.gz; do
  before[$f]=$(zcat "$f" | wc -l)
done
run() { run_limited "${EACH_S:-240}" log.txt "compile $*" python3 validation/register_table.py compile --jobs "$J" "$@"; }
run --kernel grouped --layout nt
run --kernel grouped --dtype tf32 --targets sm_80,sm_90
run --kernel grouped --dtype tf32 --layout nt --targets sm_80,sm_90
run --kernel tma --layout nt
for f in "${!before[@]}"; do
  zcat "$f" | tail -n +$(( before[$f] + 1 )) > "$OUT/$(basename "$f" .jsonl.gz)_new.jsonl"
done
wc -l "$OUT"/*_new.jsonl
