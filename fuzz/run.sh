#!/usr/bin/env bash
# Runs libFuzzer targets for a bounded time each and summarises them.
#   run.sh BINDIR SECONDS CORPUS_ROOT OUT_DIR TARGET...
# Each target starts from fuzz/seeds/<target> (read only) and keeps what
# it finds in CORPUS_ROOT/<target>; crashes go to OUT_DIR/<target>/.
# Open defects listed in fuzz/known.txt do not stop a run.  Exit 1 if any
# target found a failure.
set -u
bin=$1 secs=$2 corpus=$3 out=$4; shift 4
failed=""
export RDMACTS_FUZZ_KNOWN=${RDMACTS_FUZZ_KNOWN-fuzz/known.txt}
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$PWD/fuzz/known.supp
unset RDMACTS_JOB_ID
for t in "$@"; do
    mkdir -p "$corpus/$t" "$out/$t" "fuzz/seeds/$t"
    log="$out/$t/log.txt"
    echo "=== fuzz-$t for ${secs}s"
    "$bin/fuzz-$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -max_len=2048 -print_final_stats=1 -artifact_prefix="$out/$t/" \
        "$corpus/$t" "fuzz/seeds/$t" >"$log" 2>&1
    rc=$?
    stats=$(grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$log" | sed 's/stat:://' | sort -u | tr "\n" " ")
    cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
    echo "    $cov  $stats"
    if [ $rc -ne 0 ]; then
        failed="$failed $t"
        echo "    FAILED: see $log"
        grep -E '^rdmacts-fuzz|^ +[0-9]+ [A-Za-z_]+\(|ERROR: (Address|Undefined|libFuzzer)|runtime error|^artifact|Test unit written' "$log" | head -30 | sed 's/^/    /'
        echo "    reproduce: make fuzz-repro TARGET=$t INPUT=$(ls -t "$out/$t"/crash-* "$out/$t"/timeout-* "$out/$t"/oom-* 2>/dev/null | head -1)"
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz: failures in:$failed"
    exit 1
fi
echo "fuzz: no failure in $# target(s)"
