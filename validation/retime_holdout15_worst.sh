#!/usr/bin/env bash
# Re-time holdout15's worst shape (394x4096x1024 fp16, BEiT-large; 128x128x64_w4 ran 24 us in nn
# and 13 us in nt in the recorded sweep) in both layouts, twice, to tell noise from a layout
# effect (validation/NOTES.md, session 8). OUT: where to write.
set -u
TRITON_CACHE=/tmp/tc_retime source "$(dirname "$0")/device_env.sh"
printf 'family,M,N,K,dtype,layout\nbeit,394,4096,1024,fp16,nn\nbeit,394,4096,1024,fp16,nt\n' > "$OUT/beit.csv"
for pass in 1 2; do
    run_limited 200 "retime_log.txt" "sweep pass $pass" \
        python3 -m perfmodel sweep --hw h200 --shapes "$OUT/beit.csv" --out "$OUT/retime_pass$pass.jsonl" --gpus 0
done
