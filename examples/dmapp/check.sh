#!/bin/sh
# check.sh: run the DMAPP examples (make check-examples-dmapp).
#
#   check.sh BINDIR
#
# Appendix A's dmapp_put runs as the spec launches it (4.6: with
# XT_SYMMETRIC_HEAP_SIZE=2600M) on 4 PEs, and as a singleton with the
# default heap; every PE must print its PASSED line.  The other examples
# run on 4 PEs (and dmapp_rma also on 3 and 1) and must print one
# PASSED line per PE and exit 0.  One line per run, PASS or FAIL, then
# "N passed, N failed"; the status is non-zero if any run failed.

bin=$1
run=$bin/rdmacts-run
limit=120

passed=0
failed=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# check NAME PES EXPECTED-LINES-REGEX COMMAND...: PES lines must match.
check() {
    name=$1 pes=$2 re=$3
    shift 3
    if timeout $limit "$@" >"$tmp/out" 2>&1 &&
       [ "$(grep -cE "$re" "$tmp/out")" -eq "$pes" ] &&
       ! grep -q FAIL "$tmp/out"; then
        passed=$((passed + 1)); echo "PASS $name"
    else
        failed=$((failed + 1)); echo "FAIL $name"
        sed 's/^/    /' "$tmp/out" | head -40
    fi
}

export XT_SYMMETRIC_HEAP_SIZE=2600M
check "dmapp_put (Appendix A), 4 PEs, XT_SYMMETRIC_HEAP_SIZE=2600M" 4 \
    '^ dmapp_put PASSED for PE 000[0-3]$' "$run" -n 4 "$bin/dmapp_put"
unset XT_SYMMETRIC_HEAP_SIZE
check "dmapp_put (Appendix A), singleton, default heap" 1 \
    '^ dmapp_put PASSED for PE 0000$' \
    env -u PMI_FD -u PMI_RANK -u PMI_SIZE "$bin/dmapp_put"

for prog in dmapp_rma dmapp_amo dmapp_rules; do
    check "$prog, 4 PEs" 4 "^PE [0-3]: $prog PASSED\$" "$run" -n 4 "$bin/$prog"
done
check "dmapp_rma, 3 PEs" 3 '^PE [0-2]: dmapp_rma PASSED$' "$run" -n 3 "$bin/dmapp_rma"
check "dmapp_rma, 1 PE" 1 '^PE 0: dmapp_rma PASSED$' "$run" -n 1 "$bin/dmapp_rma"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
