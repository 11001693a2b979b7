#!/bin/sh
# check.sh: run the PMI tests (make check-pmi).
#
#   check.sh BINDIR LIBPMI
#
# Each test prints one line, PASS or FAIL and its name (a failure is
# followed by the output that explains it, indented); the last line is
# "N passed, N failed", and the status is non-zero if any test failed.
# Multi-rank tests go through BINDIR/rdmacts-run; singleton tests run
# the program directly with the launcher's variables removed.

bin=$1
lib=$2
run=$bin/rdmacts-run
CC=${CC:-cc}
CXX=${CXX:-c++}
limit=60                  # seconds any one job may take

passed=0
failed=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
    failed=$((failed + 1)); echo "FAIL $1"
    [ -s "$tmp/out" ] && sed 's/^/    /' "$tmp/out"
    return 0
}

# t NAME command...: passes when the command exits 0.
t() {
    name=$1; shift
    if "$@" >"$tmp/out" 2>&1; then pass "$name"; else fail "$name"; fi
}

# A fresh empty directory for one job.
jobdir() {
    d=$tmp/job.$1
    rm -rf "$d" && mkdir "$d" && echo "$d"
}

alone() {
    env -u PMI_FD -u PMI_RANK -u PMI_SIZE -u PMI_PORT -u PMI_ID timeout $limit "$@"
}

launched() {
    timeout $limit "$run" "$@"
}

# --- the header and the library ------------------------------------
t pmi.header.c99 $CC -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude \
    -fsyntax-only -x c include/pmi.h
t pmi.header.c++ $CXX -std=c++98 -Wall -Wextra -pedantic -Werror -Iinclude \
    -fsyntax-only -x c++ include/pmi.h

exports_all() {
    for f in PMI_Init PMI_Initialized PMI_Finalize PMI_Abort PMI_Get_rank \
             PMI_Get_size PMI_Get_appnum PMI_Barrier PMI_KVS_Get_my_name \
             PMI_KVS_Get_name_length_max PMI_KVS_Get_key_length_max \
             PMI_KVS_Get_value_length_max PMI_KVS_Put PMI_KVS_Commit \
             PMI_KVS_Get PMI_Get_clique_size PMI_Get_clique_ranks \
             PMI_Allgather; do
        nm -D --defined-only "$lib" | grep -q " T $f\$" ||
            { echo "$lib does not export $f"; return 1; }
    done
}
t pmi.library.exports exports_all

# --- ranks, barrier, allgather, key-value space on 1, 2 and 4 ranks ----
for np in 1 2 4; do
    t pmi.rank.dense.np$np launched -n $np "$bin/pmi-test-ranks" $np "$(jobdir ranks$np)"
    t pmi.barrier.sync.np$np launched -n $np "$bin/pmi-test-barrier" "$(jobdir barrier$np)"
    t pmi.allgather.order.np$np launched -n $np "$bin/pmi-test-allgather"
    t pmi.kvs.roundtrip.np$np launched -n $np "$bin/pmi-test-kvs"
    t pmi.badargs.codes.np$np launched -n $np "$bin/pmi-test-badargs"
done
# Blocks of 2 and 3 ranks with a shorter last one (lengths 255-382), and
# of 95 and 191 ranks (8 bytes and an int) in a job of 200.
t pmi.allgather.order.np5 launched -n 5 "$bin/pmi-test-allgather"
t pmi.allgather.blocks.np200 launched -n 200 "$bin/pmi-test-allgather" 8

# --- PMI_Abort ends the job with its status -------------------------
abort_job() {
    start=$(date +%s)
    "$@"
    status=$?
    took=$(( $(date +%s) - start ))
    if [ $status -ne 7 ]; then
        echo "expected exit status 7 from the aborted job, got $status"; return 1
    fi
    if [ $took -ge 30 ]; then
        echo "the other ranks outlived PMI_Abort by ${took}s"; return 1
    fi
}
t pmi.abort.status.np4 abort_job launched -n 4 "$bin/pmi-test-abort"
t pmi.abort.status.singleton abort_job alone "$bin/pmi-test-abort"

# --- singleton jobs --------------------------------------------------
t pmi.singleton.calls alone "$bin/pmi-test-singleton"
t pmi.singleton.rank alone "$bin/pmi-test-ranks" 1 "$(jobdir single)"
t pmi.singleton.allgather alone "$bin/pmi-test-allgather"
t pmi.singleton.kvs alone "$bin/pmi-test-kvs"
t pmi.singleton.badargs alone "$bin/pmi-test-badargs"

# --- placements and failures only a scripted launcher shows ----------
t pmi.clique.mapping alone "$bin/pmi-test-fakelauncher"

# --- the Cray job environment ----------------------------------------
t pmi.crayenv.equal.np4 launched -n 4 "$bin/pmi-test-crayenv" 1
t pmi.crayenv.locaddr.np2 env RDMACTS_NIC_ADDR=5 timeout $limit \
    "$run" -n 2 "$bin/pmi-test-crayenv" 5

two_jobs_differ() {
    a=$(launched -n 2 "$bin/pmi-test-crayenv" 1) || return 1
    b=$(launched -n 2 "$bin/pmi-test-crayenv" 1) || return 1
    echo "first:  $a"; echo "second: $b"
    job_a=${a#job=}; job_a=${job_a%% *}
    job_b=${b#job=}; job_b=${job_b%% *}
    cookie_a=${a##*cookie=}; cookie_b=${b##*cookie=}
    [ -n "$job_a" ] && [ "$job_a" != "$job_b" ] ||
        { echo "RDMACTS_JOB_ID repeated across jobs"; return 1; }
    [ "$cookie_a" != "$cookie_b" ] ||
        { echo "PMI_GNI_COOKIE repeated across jobs"; return 1; }
}
t pmi.crayenv.unique.jobs two_jobs_differ

# --- no fabric file of the NIC model outlives its job -----------------
fabric_gone() {
    how=$1 want=$2
    d=$(jobdir fabric-$how)
    RDMACTS_FABRIC_DIR=$d launched -n 2 "$bin/pmi-test-fabric" "$how"
    status=$?
    [ $status -eq "$want" ] ||
        { echo "expected exit status $want from the job, got $status"; return 1; }
    left=$(ls -A "$d")
    [ -z "$left" ] || { echo "left behind in $d: $left"; return 1; }
}
t pmi.run.fabric.removed.abort fabric_gone abort 7
t pmi.run.fabric.removed.exit fabric_gone exit 0

# --- the wrapper refuses what it cannot run ---------------------------
refused() {
    if "$@"; then echo "accepted: $*"; return 1; fi
    return 0
}
t pmi.run.usage.noprogram refused "$run"
t pmi.run.usage.zero refused "$run" -n 0 true
t pmi.run.usage.notanumber refused "$run" -n four true
t pmi.run.usage.badnicaddr refused env RDMACTS_NIC_ADDR=x "$run" -n 1 true

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
