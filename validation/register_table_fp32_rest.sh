#!/usr/bin/env bash
# The IEEE fp32 compiles session 7's calls (validation/register_table_fp32.sh) left undone, in `nt`: class
# "k" at num_stages 1-3 and the three "all" geometries at num_stages 1 (sm_90, offline, no GPU use), on the
# device host's cores after a judge's timings in the same call. validation/register_table.py compile skips
# what the raw file holds and appends the rest; the rows new in this call go to $OUT/fp32_nt_compiles.jsonl.gz,
# which `cat`-appends to validation/data/compile/register_table_raw.jsonl.gz here (then `build`). Rows are
# kept only where they parse, so a raw file copied while another compile was appending to it still reads.
set -u
source "$(dirname "$0")/device_env.sh"
R=validation/data/compile/register_table_raw.jsonl.gz
python3 - "$R" <<'PY'
import gzip, json, sys, zlib
raw = open(sys.argv[1], "rb").read()
d, out = zlib.decompressobj(31), []
while raw:  # every complete gzip member, and what a cut last member holds
    try:
        out.append(d.decompress(raw))
    except zlib.error:
        break
    raw = d.unused_data
    d = zlib.decompressobj(31)
lines = [l for l in b"".join(out).decode().splitlines() if l.strip()]
good = []
for l in lines:
    try:
        json.loads(l)
        good.append(l)
    except ValueError:
        pass
with gzip.open(sys.argv[1], "wt") as f:
    f.write("\n".join(good) + "\n")
print(len(good), "rows kept of", len(lines))
PY
n=$(zcat "$R" | wc -l)
run_limited "${EACH_S:-330}" compile_log.txt "compile fp32 nt" \
    python3 validation/register_table.py compile --kernel grouped --dtype fp32 --layout nt --targets sm_90 --jobs "$(nproc)"
zcat "$R" | tail -n +$((n + 1)) | gzip -9n > "$OUT/fp32_nt_compiles.jsonl.gz"
stamp "new compile rows: $(zcat "$OUT/fp32_nt_compiles.jsonl.gz" | wc -l)"
