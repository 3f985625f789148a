#!/usr/bin/env bash
# The device run behind validation/data/h200/holdout87.jsonl.gz (the eighty-seventh hold-out, ten layers
# in IEEE fp32 x nn, nt, defined in session 39 after candidate 50 (adopted) and candidate 51 (not
# adopted) were judged and holdout86 was read, to be recorded before the next change to the FMA path is
# shaped, grouped runs graphed): one pass of `perfmodel sweep --suite holdout87 --gpus all`
# (validation/one_pass_sweep.sh; IEEE fp32 compiles are slow, about 15 s a shape: give it
# SECONDS_LEFT=420 or more, and run it again to resume an unfinished file). OUT: where to write.
SUITE=holdout87 exec bash "$(dirname "$0")/one_pass_sweep.sh"
