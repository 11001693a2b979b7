#!/bin/sh
# check-fuzz-regressions: replay every checked-in crasher against the
# library (plain build, no libFuzzer needed), then the fuzzers' own tests.
#   STANDIN=dir check.sh REPLAY_BINARY TARGET...
# An open defect in fuzz/known.txt is NOT excused here: its regression
# input fails until the library is fixed.
replay=$1; shift
status=0
unset RDMACTS_FUZZ_KNOWN RDMACTS_JOB_ID
for t in "$@"; do
    set -- fuzz/regressions/$t/*
    [ -e "$1" ] || continue
    echo "fuzz regressions of $t:"
    # the replayer of the target's API (fuzz-replay-dmapp), else uGNI's
    r=$replay
    [ -x "$replay-${t%%_*}" ] && r="$replay-${t%%_*}"
    "$r" "$t" "$@" | sed 's/^/  /'
    # the exit status of the replay, not of sed
    "$r" "$t" "$@" >/dev/null 2>&1 || status=1
    # and with the sanitizers, when clang built the fuzz targets
    if [ -n "${SANITIZED:-}" ] && [ -x "$SANITIZED/fuzz-$t" ]; then
        for f in "$@"; do
            if "$SANITIZED/fuzz-$t" "$f" >/dev/null 2>&1; then
                echo "  ok      $f (sanitized)"
            else
                echo "  FAILED  $f (sanitized: make fuzz-repro TARGET=$t INPUT=$f)"
                status=1
            fi
        done
    fi
done
# Targets that keep a fixture between programs (prog.h): each seed
# program's trace after the ones before it in one process equals its
# trace in a fresh process, so a finding reproduces alone.
for t in ${FIXTURE_TARGETS:-}; do
    r=$replay
    [ -x "$replay-${t%%_*}" ] && r="$replay-${t%%_*}"
    out=$("$r" --sequence "$t" fuzz/seeds/$t/* 2>/dev/null) || status=1
    printf '%s\n' "$out" | tail -20 | sed 's/^/  /'
done
# Differential mode: the reference against itself (each copy in its own
# namespace) must agree; against the harness's stand-in library, which
# lacks most calls, it must report a difference.
diff=$(dirname "$replay")/fuzz-diff
"$diff" --runs 200 "$LIBDIR" "$LIBDIR" >/dev/null ||
    { echo "fuzz-diff: the reference differs from itself"; status=1; }
if "$diff" --runs 200 "$LIBDIR" "$STANDIN" >/dev/null; then
    echo "fuzz-diff: no difference found against the stand-in $STANDIN"; status=1
fi
PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m unittest discover -s fuzz/tests -p 'test_*.py' -q || status=1
exit $status
