#!/usr/bin/env bash
# Runs libFuzzer targets for a bounded time each and summarises them.
#   run.sh BINDIR SECONDS CORPUS_ROOT OUT_DIR TARGET...
# Each target starts from fuzz/seeds/<target> (read only) and keeps what
# it finds in CORPUS_ROOT/<target>; crashes go to OUT_DIR/<target>/.
# Open defects listed in fuzz/known.txt do not stop a run.  Exit 1 if any
# target found a failure.
#
# Another implementation (docs/fuzzing.md, "Any implementation"):
#   RDMACTS_FUZZ_IMPL=dir       its libraries (instrumented or not)
#   RDMACTS_FUZZ_COMPARE=dir|none   the differential oracle's other side
#   RDMACTS_FUZZ_REFERENCE=dir  the plain reference (the default other
#                               side when the implementation is linked)
# A failure is minimised and written as a standalone C program under
# FUZZ_FINDINGS (fuzz-replay --emit; one per cause), when FUZZ_REPLAY
# names the replay binary.
set -u
bin=$1 secs=$2 corpus=$3 out=$4; shift 4
failed=""
impl=${RDMACTS_FUZZ_IMPL:-}
findings=${FUZZ_FINDINGS:-}
export RDMACTS_FUZZ_KNOWN=${RDMACTS_FUZZ_KNOWN-fuzz/known.txt}
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$PWD/fuzz/known.supp
unset RDMACTS_JOB_ID RDMACTS_FUZZ_IMPL_LINKED
for t in "$@"; do
    mkdir -p "$corpus/$t" "$out/$t" "fuzz/seeds/$t"
    log="$out/$t/log.txt"
    case $t in ugni*) lib=libugni.so ;; dmapp*) lib=libdmapp.so ;; *) lib=libdat.so ;; esac
    echo "=== fuzz-$t for ${secs}s"
    # env of the target's runs (and of the replays below)
    env_=()
    if [ -n "$impl" ]; then
        if [ ! -e "$impl/$lib" ]; then
            echo "    skipped: $impl has no $lib"; continue
        fi
        if nm -D "$impl/$lib" 2>/dev/null | grep -q __sanitizer_cov; then
            echo "    $impl/$lib is instrumented: its own coverage guides the run"
            env_=(LD_LIBRARY_PATH="$impl" RDMACTS_FUZZ_IMPL_LINKED=1)
        else
            echo "    $impl/$lib is not instrumented (-fsanitize=fuzzer-no-link): coverage is the" \
                 "reference's; every program runs against both"
        fi
    fi
    env "${env_[@]}" "$bin/fuzz-$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -max_len=2048 -print_final_stats=1 -artifact_prefix="$out/$t/" \
        "$corpus/$t" "fuzz/seeds/$t" >"$log" 2>&1
    rc=$?
    stats=$(grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$log" | sed 's/stat:://' | sort -u | tr "\n" " ")
    cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
    echo "    $cov  $stats"
    [ $rc -eq 0 ] && continue
    failed="$failed $t"
    echo "    FAILED: see $log"
    grep -E '^rdmacts-fuzz|^ +[0-9]+ [A-Za-z_]+\(|ERROR: (Address|Undefined|libFuzzer)|runtime error|^artifact|Test unit written' "$log" | head -30 | sed 's/^/    /'
    crash=$(ls -t "$out/$t"/crash-* "$out/$t"/timeout-* "$out/$t"/oom-* 2>/dev/null | head -1)
    echo "    reproduce: make fuzz-repro TARGET=$t INPUT=$crash"
    [ -n "$findings" ] && [ -n "$crash" ] && [ -n "${FUZZ_REPLAY:-}" ] || continue
    # the finding as a program: minimised, then written as C
    min="$out/$t/minimized-$(basename "$crash")"
    env "${env_[@]}" "$bin/fuzz-$t" -minimize_crash=1 -runs=2000 -timeout=10 \
        -exact_artifact_path="$min" "$crash" >"$out/$t/minimize.txt" 2>&1
    [ -s "$min" ] || cp "$crash" "$min"
    replay=$FUZZ_REPLAY
    [ -x "$replay-${t%%_*}" ] && replay="$replay-${t%%_*}"
    libdir=${impl:-${RDMACTS_FUZZ_REFERENCE:-build/lib}}
    LD_LIBRARY_PATH="$libdir" RDMACTS_EMIT_LIBDIR="$libdir" RDMACTS_EMIT_INCLUDE="$PWD/include" \
        "$replay" --emit "$findings" "$t" "$min" 2>/dev/null | grep -v '^ok' | sed 's/^/    /'
    if ! ls "$findings"/*.c >/dev/null 2>&1; then
        echo "    (no program: the plain replay passes; the finding needs the sanitizers or" \
             "is a differential one: see the trace above)"
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz: failures in:$failed"
    [ -n "$findings" ] && ls "$findings"/*.c >/dev/null 2>&1 &&
        echo "fuzz: finding programs in $findings/ (each states the cc line that builds it)"
    exit 1
fi
echo "fuzz: no failure in $# target(s)"
