#!/bin/bash
# The fault runs of docs/scale.md's table, one after another; each prints one JSON line into $OUT.
# Scale from the environment (JOBS, WORKERS, CONC); settleMs 120 s in the queue runs (this fake
# gateway creates every task at once), the worker's defaults in repro-settle.
cd "$(dirname "$0")"
OUT=${OUT:-../../.tmp/scale/faults.jsonl}
mkdir -p "$(dirname "$OUT")"
run() { echo "=== $* ($(date +%T), load $(cut -d' ' -f1 /proc/loadavg))" >&2; env "$@" >>"$OUT" 2>>"$OUT.log"; }
for fault in ${FAULTS:-none stop outage cut deploy}; do
  case $fault in
    stop) run FAULT=stop STOP_AT=40 PAUSE=75000 SETTLE=120000 timeout 400 node queue-run.mjs ;;
    *) run FAULT=$fault SETTLE=120000 timeout 400 node queue-run.mjs ;;
  esac
done
for repro in ${REPROS:-settle collide collide-unique deploy}; do
  case $repro in
    collide-unique) run UNIQUE=1 timeout 300 node repro-collide.mjs ;;
    *) run timeout 300 node "repro-$repro.mjs" ;;
  esac
done
