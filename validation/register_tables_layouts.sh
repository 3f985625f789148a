#!/usr/bin/env bash
# The offline compiles behind the nt and TF32 entries of the register tables
# (perfmodel/kernels/{grouped,tma}/register_table.json), run on a many-core host (no GPU use):
# validation/register_table.py compile for the grouped kernel in nt (five targets) and in TF32
# (nn and nt, sm_80 and sm_90), and the TMA kernel in nt. The new raw rows go to
# $OUT/<raw file name> (append them to validation/data/compile/), then `build`.
set -u
OUT=${OUT:-out}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1
mkdir -p "$OUT"
J=${JOBS:-$(nproc)}
declare -A before
for f in validation/data/compile/register_table_raw.jsonl validation/data/compile/register_table_raw_tma.jsonl; do
  before[$f]=$(wc -l < "$f")
done
run() { s=$(date +%s); timeout "${EACH_S:-240}" python3 validation/register_table.py compile --jobs "$J" "$@" >> "$OUT/log.txt" 2>&1
        echo "[$(date -u +%H:%M:%S)] compile $*: rc $? in $(( $(date +%s) - s )) s" | tee -a "$OUT/log.txt"; }
run --kernel grouped --layout nt
run --kernel grouped --dtype tf32 --targets sm_80,sm_90
run --kernel grouped --dtype tf32 --layout nt --targets sm_80,sm_90
run --kernel tma --layout nt
for f in "${!before[@]}"; do
  tail -n +$(( before[$f] + 1 )) "$f" > "$OUT/$(basename "$f" .jsonl)_new.jsonl"
done
wc -l "$OUT"/*_new.jsonl
