# Sourced by the device scripts (validation/*_sweep.sh, hopper_retime_small.sh): installs
# perfmodel's dependencies from the wheels in .whl/ (the device has no network; see the device
# notes), puts the checkout on PYTHONPATH, gives Triton the cache folder TRITON_CACHE (default
# /tmp/tc), makes $OUT, defines `stamp` (a timestamped line to the screen and $OUT/log.txt) and
# records the GPUs' names, clocks, power limit and driver in $OUT/log.txt, and defines
# `run_limited LIMIT_S LOG LABEL CMD...` (CMD under a time limit, its output appended to $OUT/LOG,
# then a stamp "LABEL: rc .. in .. s") and `sweep_by_deadline SUITE FILE DEADLINE` (the suite on
# every GPU into FILE, given up where under a minute is left before DEADLINE, epoch seconds; the
# sweep stops starting shapes 45 s before it).
OUT=${OUT:-out}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 TRITON_CACHE_DIR=${TRITON_CACHE:-/tmp/tc}
mkdir -p "$OUT"
stamp() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$OUT/log.txt"; }
stamp start
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,power.limit,driver_version --format=csv >> "$OUT/log.txt"
run_limited() {  # LIMIT_S LOG LABEL CMD...: CMD under a time limit, output to $OUT/LOG, then a stamp with rc and duration
  local limit=$1 log=$2 label=$3 t; shift 3; t=$(date +%s)
  timeout "$limit" "$@" >> "$OUT/$log" 2>&1
  stamp "$label: rc $? in $(( $(date +%s) - t )) s"
}
sweep_by_deadline() {
  local left; left=$(( $3 - $(date +%s) ))
  [ "$left" -gt 60 ] || { stamp "no time left for $1"; return 0; }
  run_limited "$left" sweep_log.txt "sweep --suite $1 -> $(basename "$2")" \
      python3 -m perfmodel sweep --hw h200 --suite "$1" --gpus all --out "$2" --time-budget-s $(( left - 45 ))
}
