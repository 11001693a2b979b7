#!/bin/sh
# run.sh BINDIR OUTDIR: run the benchmarks (make bench) and write
# OUTDIR/results.txt (the table, also printed) and OUTDIR/results.json.
#
#   bench-ugni alone              uGNI, one process with two domains
#   rdmacts-run -n 2 bench-ugni   uGNI across two processes
#   rdmacts-run -n 2 bench-dmapp  DMAPP and uGNI underneath, two PEs
set -e
bin=$1 out=$2
py=${PY:-/usr/bin/python3}
mkdir -p "$out"
raw=$out/raw.jsonl
: >"$raw"
echo "bench: uGNI, one process" >&2
timeout 300 "$bin/bench-ugni" >>"$raw"
echo "bench: uGNI, two processes" >&2
timeout 300 "$bin/rdmacts-run" -n 2 "$bin/bench-ugni" >>"$raw"
echo "bench: DMAPP, two PEs" >&2
timeout 300 "$bin/rdmacts-run" -n 2 "$bin/bench-dmapp" >>"$raw"
"$py" "$(dirname "$0")/report.py" "$raw" "$out/results.txt" "$out/results.json"
cat "$out/results.txt"
