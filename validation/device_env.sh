# Sourced by the device scripts (validation/*_sweep.sh, hopper_retime_small.sh): installs
# perfmodel's dependencies from the wheels in .whl/ (the device has no network; see the device
# notes), puts the checkout on PYTHONPATH, gives Triton the cache folder TRITON_CACHE (default
# /tmp/tc), makes $OUT, defines `stamp` (a timestamped line to the screen and $OUT/log.txt) and
# records the GPUs' names, clocks, power limit and driver in $OUT/log.txt.
OUT=${OUT:-out}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 TRITON_CACHE_DIR=${TRITON_CACHE:-/tmp/tc}
mkdir -p "$OUT"
stamp() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$OUT/log.txt"; }
stamp start
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,power.limit,driver_version --format=csv >> "$OUT/log.txt"
