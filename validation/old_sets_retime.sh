#!/usr/bin/env bash
# The device run behind validation/data/h200/layouts_retimed.jsonl.gz and holdout3_retimed.jsonl.gz
# (session 21): two early sets timed again with today's sweep, to tell measurement from model where
# they fell. layouts: 1024^3 tf32 (710 nn, 711 nt; the nt shape holds a run 3.8x slower than its
# neighbours, 64x128x32_w4_s5, that a model change picked). holdout3: all 16 shapes (600-615;
# recorded in the first round with shapes of 20-40 us whose near-best configs spread 10-20%).
# OUT: where to write.
source "$(dirname "$0")/device_env.sh"
python3 -m perfmodel sweep --hw h200 --suite layouts --only 710,711 --out "$OUT/layouts_retimed.jsonl" --time-budget-s 120
python3 -m perfmodel sweep --hw h200 --suite holdout3 --out "$OUT/holdout3_retimed.jsonl" --time-budget-s 400
