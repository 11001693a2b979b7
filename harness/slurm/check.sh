#!/usr/bin/env bash
# check.sh: certify the reference implementation through Slurm's srun
# (make check-slurm), on the cluster that cluster.sh started:
#
#   cluster.sh run DIR bash harness/slurm/check.sh LIBDIR BINDIR OUT [LAUNCHER]
#
# SLURM_CONF must name the cluster's configuration (cluster.sh run sets
# it).  Three steps, each of which must pass:
#
#   1. the job environment: a 4-task job in which every task finds the
#      same RDMACTS_JOB_ID and PMI_GNI_* values (ref/pmi/tests/crayenv.c,
#      which compares them through Slurm's PMI), with PMI_GNI_LOC_ADDR
#      following RDMACTS_NIC_ADDR, and two jobs that get different ones;
#   2. uGNI and uDAPL, every test; their multi-process tests start
#      through srun (OUT/multi);
#   3. DMAPP with --launch all: every test, one-process ones included, is
#      a job step of its own size (OUT/all).
#
# Together 2 and 3 start every multi-process test of the corpus through
# srun once.  Each certification runs as one job, as a site's batch job
# would: the harness runs inside an allocation of the node (salloc) and
# starts each test as a job step of it with LAUNCHER (default: srun
# --overlap --mpi=pmi2 -n {np}; --overlap: the steps share the node's
# CPUs as the harness's tests share the machine's).  A job of its own per
# test would wait for the scheduler: Slurm starts no job on a node while
# an earlier one is still completing, 2-3 s at a time.  A certification
# passes when the harness exits 0 and says "Overall: CONFORMANT".  The
# last line is "slurm: N passed, N failed".
set -u

[ $# -ge 3 ] || { echo "usage: check.sh LIBDIR BINDIR OUT [LAUNCHER]" >&2; exit 2; }
lib=$1 bin=$2 out=$3
launcher=${4:-'srun --overlap --mpi=pmi2 -n {np}'}
# Tests at once: each mostly waits for Slurm (a step of several tasks
# takes 0.1 s to end), so more than the harness's default of 4 per core.
jobs=${RDMACTS_SLURM_JOBS:-24}
py=${PY:-/usr/bin/python3}
[ -n "${SLURM_CONF:-}" ] || { echo "check.sh: SLURM_CONF is not set (run under cluster.sh run)" >&2; exit 2; }

passed=0 failed=0 failures=""
step_ok() { passed=$((passed + 1)); echo "PASS $1 ($2 s)"; }
step_failed() {
    failed=$((failed + 1)); failures="$failures $1"; echo "FAIL $1 ($2 s)"
}

mkdir -p "$out"

# --- 1. the job environment ------------------------------------------
# pmi-test-crayenv EXPECTED_LOC_ADDR: every task allgathers the five
# values and compares them with its own; rank 0 prints
# "job=... ptag=... cookie=...".
crayenv() {
    local addr=$1
    shift
    env LD_LIBRARY_PATH="$lib" "$@" srun --mpi=pmi2 -n 4 "$bin/pmi-test-crayenv" "$addr"
}
# differ A B: the job ids and the cookies of two runs differ.
differ() {
    [ "${1%% *}" != "${2%% *}" ] || { echo "RDMACTS_JOB_ID repeated"; return 1; }
    [ "${1##*cookie=}" != "${2##*cookie=}" ] || { echo "PMI_GNI_COOKIE repeated"; return 1; }
}
job_env() {
    local a b
    # Without a job id from the caller: the TaskProlog's, per step; two
    # jobs, then two steps of one job.
    a=$(crayenv 1 env -u RDMACTS_JOB_ID -u RDMACTS_NIC_ADDR) || return 1
    b=$(crayenv 1 env -u RDMACTS_JOB_ID -u RDMACTS_NIC_ADDR) || return 1
    echo "job 1:  $a"
    echo "job 2:  $b"
    differ "$a" "$b" || return 1
    a=$(env -u RDMACTS_JOB_ID -u RDMACTS_NIC_ADDR LD_LIBRARY_PATH="$lib" \
        salloc --quiet -n 4 sh -c "srun --mpi=pmi2 -n 4 '$bin/pmi-test-crayenv' 1 &&
                                   srun --mpi=pmi2 -n 4 '$bin/pmi-test-crayenv' 1") || return 1
    echo "one job, two steps:"
    sed 's/^/        /' <<<"$a"
    differ "$(echo "$a" | sed -n 1p)" "$(echo "$a" | sed -n 2p)" || return 1
    # A caller's job id (the harness gives one per test) reaches every task.
    a=$(crayenv 1 env -u RDMACTS_NIC_ADDR RDMACTS_JOB_ID=caller-given-0123) || return 1
    echo "caller's job id: $a"
    case $a in
        job=caller-given-0123\ *) ;;
        *) echo "the caller's RDMACTS_JOB_ID was not kept"; return 1 ;;
    esac
    # PMI_GNI_LOC_ADDR follows RDMACTS_NIC_ADDR.
    crayenv 5 env RDMACTS_NIC_ADDR=5 >/dev/null || return 1
    echo "RDMACTS_NIC_ADDR=5: every task has PMI_GNI_LOC_ADDR=5"
}
start=$SECONDS
if job_env >"$out/job-env.log" 2>&1; then
    sed 's/^/    /' "$out/job-env.log"
    step_ok slurm.job_environment $((SECONDS - start))
else
    sed 's/^/    /' "$out/job-env.log"
    step_failed slurm.job_environment $((SECONDS - start))
fi

# --- 2 and 3. certification through srun ------------------------------
certify() {
    local name=$1 dir=$2
    shift 2
    local start=$SECONDS rc
    # One allocation of the whole node for the run; the tests are its steps.
    salloc --quiet --nodes=1 --exclusive --job-name=rdmacts-certify \
        "$py" -m harness certify --impl "$lib" --bin "$bin" --vectors vectors \
        --out "$dir" --launcher "$launcher" --jobs "$jobs" --quiet "$@" \
        >"$dir.log" 2>&1
    rc=$?
    # The verdict lines: the launch, one per API, the overall verdict.
    grep -E '^  (launch|credentials|ugni|dmapp|udapl) |^Overall:|^  (FAIL|CRASH|TIMEOUT) ' "$dir.log" |
        sed 's/^/    /'
    if [ $rc -eq 0 ] && grep -q '^Overall: CONFORMANT' "$dir.log"; then
        step_ok "$name" $((SECONDS - start))
    else
        tail -n 20 "$dir.log" | sed 's/^/    | /'
        step_failed "$name" $((SECONDS - start))
    fi
}
certify slurm.certify.ugni_udapl "$out/multi" --api ugni --api udapl
certify slurm.certify.dmapp_launch_all "$out/all" --api dmapp --launch all

[ -z "$failures" ] || echo "failed:$failures"
echo "slurm: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
