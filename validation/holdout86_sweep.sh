#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout86.jsonl.gz (the eighty-sixth hold-out, ten layers
# in IEEE fp32 x nn, nt, defined in session 38 after candidates 48 and 49 were judged, to be recorded before the
# next change to the FMA path is shaped, grouped runs graphed): one pass of `perfmodel sweep --suite
# holdout86 --gpus all` (validation/one_pass_sweep.sh; IEEE fp32 compiles are slow, about 15 s a shape:
# give it SECONDS_LEFT=540, and run it again to resume an unfinished file). OUT: where to write.
SUITE=holdout86 exec bash "$(dirname "$0")/one_pass_sweep.sh"
