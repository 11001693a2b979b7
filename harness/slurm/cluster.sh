#!/usr/bin/env bash
# cluster.sh: a one-node Slurm cluster on this machine, so that the
# harness can start its tests through a real site launcher (srun).
#
#   cluster.sh start DIR        install slurm-wlm and munge if missing, write
#                               the configuration into DIR, start munged,
#                               slurmctld and slurmd, wait for the node
#   cluster.sh stop DIR         cancel every job, stop every daemon started
#                               for DIR, remove the cluster's state
#   cluster.sh run DIR CMD...   start, run CMD with SLURM_CONF set, stop
#                               (also when CMD fails); CMD's exit status
#   cluster.sh env DIR          print the shell line that points the Slurm
#                               commands at DIR's cluster (eval it)
#   cluster.sh status DIR       sinfo and squeue of DIR's cluster
#
# DIR is a build directory (e.g. build/slurm); everything the cluster
# writes goes there: the configuration (DIR/etc), the daemons' logs
# (DIR/log), pid files, munge's key and socket, Slurm's state and spool
# (DIR/run, a link to a short directory in /tmp when DIR's path is too
# long for a Unix socket's name).  Run as root: slurmd starts the tasks.
#
# The cluster models what a Cray site's launcher gives each task: a
# TaskProlog (DIR/etc/task-prolog) derives PMI_GNI_PTAG, PMI_GNI_COOKIE,
# PMI_GNI_DEV_ID and PMI_GNI_LOC_ADDR from the job and step ids, and, when
# the caller did not set one, RDMACTS_JOB_ID (docs/launch.md, "A Slurm
# site launcher").  srun's default MPI plugin is pmi2, whose server also
# answers the PMI-1 wire protocol that libpmi.so speaks.
#
# Every daemon started here carries RDMACTS_SLURM_DIR=<DIR> in its
# environment (slurmd hands it on to the slurmstepd it starts), and every
# task SLURM_CONF=<DIR>/etc/slurm.conf: stop finds what is left by those.
#
# Environment: RDMACTS_SLURM_WAIT  seconds to wait for the node (60)

# Lists of pids and package names are split into words on purpose.
# shellcheck disable=SC2046,SC2086
set -euo pipefail

me=cluster.sh
say() { echo "$me: $*"; }
die() { echo "$me: error: $*" >&2; exit 1; }

usage() {
    sed -n '4,14s/^# \{0,1\}//p' "$0" >&2
    exit 2
}

# ---------------------------------------------------------------- paths

# setpaths DIR: the absolute paths of DIR's cluster.
setpaths() {
    mkdir -p "$1"
    dir=$(cd "$1" && pwd -P)
    etc=$dir/etc
    log=$dir/log
    conf=$etc/slurm.conf
    marker="RDMACTS_SLURM_DIR=$dir"
    run=$dir/run    # munge, Slurm's state and spool, pid files
    rt=$run         # the same, where it really is (make_run_dir)
}

# A Unix socket's path holds at most 107 bytes: munge's socket and the
# sockets slurmd makes for each step (<spool>/<node>_<job>.<step>) live in
# DIR/run, which is a link to a short directory when DIR is long.
make_run_dir() {
    if [ -L "$run" ]; then
        local target
        target=$(readlink "$run")
        rm -rf -- "$target"
        rm -f -- "$run"
    fi
    rm -rf -- "$run"
    if [ ${#run} -le 48 ]; then
        mkdir -m 0755 "$run"
    else
        ln -s "$(mktemp -d /tmp/rdmacts-slurm.XXXXXX)" "$run"
        chmod 0755 "$run/"
    fi
    mkdir -m 0755 "$run/munge" "$run/state" "$run/spool"
    # The short path itself, for the daemons (not the link).
    rt=$(cd "$run" && pwd -P)
}

remove_run_dir() {
    if [ -L "$run" ]; then
        local target
        target=$(readlink "$run")
        case $target in
            /tmp/rdmacts-slurm.*) rm -rf -- "$target" ;;
        esac
        rm -f -- "$run"
    else
        rm -rf -- "$run"
    fi
}

# ------------------------------------------------------------- packages

# Debian's slurm-wlm (slurmctld, slurmd, the client commands and the pmi2
# plugin) and munge, installed only when missing.  Another install may
# hold the apt/dpkg locks (e.g. `make deps` in parallel): wait for it.
install_packages() {
    local missing="" p
    for p in slurm-wlm munge; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
            grep -q "install ok installed" || missing="$missing $p"
    done
    [ -z "$missing" ] && return 0
    [ "$(id -u)" = 0 ] || die "need root to install:$missing"
    say "installing Debian packages:$missing"
    export DEBIAN_FRONTEND=noninteractive
    local i
    for i in $(seq 1 60); do
        apt-get update -qq && break
        [ "$i" -lt 60 ] || die "apt-get update kept failing"
        say "apt-get update failed (lock held by another install?); retrying in 10 s"
        sleep 10
    done
    # Where an init system runs, the packages start the system's munged
    # (and try slurmd and slurmctld); this cluster's daemons run beside
    # them on a munge socket of their own and free ports.
    apt-get install -y -qq --no-install-recommends \
        -o DPkg::Lock::Timeout=600 $missing >/dev/null
}

# ---------------------------------------------------------------- ports

# port_free PORT: nothing listens on PORT of this host.
port_free() {
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Two free TCP ports for slurmctld and slurmd, Slurm's own (6817, 6818)
# when free; another cluster (a second DIR, a system Slurm) may hold them.
pick_ports() {
    local p
    for p in $(seq 6817 2 6897); do
        if port_free "$p" && port_free $((p + 1)); then
            ctld_port=$p
            slurmd_port=$((p + 1))
            return 0
        fi
    done
    die "no two free TCP ports in 6817..6898 for slurmctld and slurmd"
}

# --------------------------------------------------------- configuration

write_config() {
    local node cpus slots salt
    node=$(hostname -s)
    cpus=$(nproc)
    # Task slots: the harness runs up to 4 processes per core at once
    # (harness/runner.py), a multi-process test holding one per rank, so
    # the node offers 4 per core and at least 8 (two 4-rank tests at once).
    # The ranks of a test mostly wait on each other; the CPUs are
    # oversubscribed on purpose (SlurmdParameters=config_overrides keeps
    # slurmd from draining a node with fewer CPUs than configured).
    slots=$((4 * cpus))
    [ "$slots" -ge 8 ] || slots=8
    # A fresh value per cluster: job ids start at 1 again after stop,
    # and the job ids the TaskProlog derives must not repeat.
    salt=$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
    [ ${#salt} -eq 16 ] || die "cannot read /dev/urandom"

    mkdir -p "$etc" "$log"
    cat >"$conf" <<EOF
# slurm.conf of a one-node cluster, written by harness/slurm/cluster.sh.
ClusterName=rdmacts
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root

# munge, on this cluster's own socket
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$rt/munge/munge.socket

StateSaveLocation=$rt/state
SlurmdSpoolDir=$rt/spool
SlurmctldPidFile=$rt/slurmctld.pid
SlurmdPidFile=$rt/slurmd.pid
SlurmctldLogFile=$log/slurmctld.log
SlurmdLogFile=$log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info

# No cgroups, no accounting: processes are tracked by parent id.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=pmi2
SlurmdParameters=config_overrides

# Scheduling: CPUs are consumable, shared by several jobs if need be.
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
ReturnToService=2
# An srun killed (e.g. by the harness's timeout) leaves its job behind:
# end it once srun stops answering; cancelled tasks get KillWait seconds.
InactiveLimit=30
KillWait=5
MinJobAge=60

# The job's network credentials, as the Cray launcher sets them.
TaskProlog=$etc/task-prolog

NodeName=$node NodeAddr=127.0.0.1 CPUs=$slots State=UNKNOWN
PartitionName=rdmacts Nodes=$node Default=YES MaxTime=60 State=UP OverSubscribe=FORCE:4
EOF

    # The TaskProlog runs in each task's environment just before the task;
    # every 'export NAME=value' line it prints is set in that task.
    cat >"$etc/task-prolog" <<EOF
#!/bin/sh
# TaskProlog of the rdmacts cluster (written by harness/slurm/cluster.sh):
# the job's network credentials, as a Cray site's launcher gives every
# task, the same for all tasks of one job step, new for every step
# (docs/launch.md, "A Slurm site launcher").
salt=$salt
EOF
    cat >>"$etc/task-prolog" <<'EOF'
step="${SLURM_JOB_ID:?}.${SLURM_STEP_ID:?}"
# The step's name on this cluster; the per-cluster salt keeps it unique
# when job ids start at 1 again on a new cluster.
id="slurm-$salt-$SLURM_JOB_ID-$SLURM_STEP_ID"
# RDMACTS_JOB_ID names the NIC model's fabric: the caller's (the harness
# gives each test a fresh one, which srun hands to every task) or else
# the step's own.
if [ -z "${RDMACTS_JOB_ID:-}" ]; then
    echo "export RDMACTS_JOB_ID=$id"
fi
# cookie: 32 bits, the CRC of the step's name; ptag: a uGNI user ptag,
# GNI_PTAG_USER_START (3) .. GNI_PTAG_USER_END (253), as ref/pmi/rdmacts-run.
cookie=$(printf '%s' "$id" | cksum | cut -d' ' -f1)
echo "export PMI_GNI_COOKIE=$cookie"
echo "export PMI_GNI_PTAG=$((3 + cookie % 251))"
echo "export PMI_GNI_DEV_ID=0"
echo "export PMI_GNI_LOC_ADDR=${RDMACTS_NIC_ADDR:-1}"
echo "export RDMACTS_SLURM_STEP=$step"
EOF
    chmod 0755 "$etc/task-prolog"

    echo "export SLURM_CONF=$conf" >"$dir/env.sh"
}

# ---------------------------------------------------------------- munge

start_munge() {
    local key=$rt/munge/munge.key
    # A key of this cluster only (mungekey writes a random one).
    mungekey --create --keyfile="$key" --force >/dev/null 2>&1 ||
        dd if=/dev/urandom of="$key" bs=1 count=1024 2>/dev/null
    chmod 0600 "$key"
    env "$marker" munged --force \
        --socket="$rt/munge/munge.socket" \
        --key-file="$key" \
        --pid-file="$rt/munge/munged.pid" \
        --seed-file="$rt/munge/munged.seed" \
        --log-file="$log/munged.log" </dev/null >>"$log/munged.log" 2>&1 ||
        fail_start "munged did not start"
    local i
    for i in $(seq 1 50); do
        [ -S "$rt/munge/munge.socket" ] && return 0
        sleep 0.1
    done
    fail_start "munged made no socket in 5 s"
}

# --------------------------------------------------------------- daemons

# spawn NAME CMD...: CMD in the foreground of its own session, detached
# from ours (no terminal, output to its log), its pid in DIR/run/NAME.fg.
spawn() {
    local name=$1
    shift
    env "$marker" SLURM_CONF="$conf" setsid "$@" \
        </dev/null >>"$log/$name.out" 2>&1 &
    echo $! >"$run/$name.fg"
}

# alive PIDFILE: the process named in PIDFILE runs.
alive() {
    local pid
    [ -f "$1" ] && pid=$(cat "$1" 2>/dev/null) && [ -n "$pid" ] &&
        kill -0 "$pid" 2>/dev/null
}

# The last lines of every log, for an error message.
log_tails() {
    local f
    for f in "$log"/*; do
        [ -f "$f" ] || continue
        echo "--- last lines of $f"
        tail -n 20 "$f"
    done >&2
}

fail_start() {
    echo "$me: error: $*" >&2
    log_tails
    stop_cluster >/dev/null 2>&1 || true
    exit 1
}

wait_node_idle() {
    local limit=${RDMACTS_SLURM_WAIT:-60} start state
    start=$SECONDS
    while :; do
        alive "$run/slurmctld.fg" || fail_start "slurmctld exited"
        alive "$run/slurmd.fg" || fail_start "slurmd exited"
        state=$(SLURM_CONF=$conf sinfo -h -N -o '%T' 2>/dev/null || true)
        case $state in
            idle*|mixed*|allocated*) return 0 ;;
        esac
        [ $((SECONDS - start)) -lt "$limit" ] ||
            fail_start "the node is not idle after $limit s (sinfo: '${state:-no answer}')"
        sleep 0.2
    done
}

start_cluster() {
    if alive "$run/slurmctld.fg" && alive "$run/slurmd.fg" &&
        SLURM_CONF=$conf sinfo -h >/dev/null 2>&1; then
        say "the cluster of $dir runs already"
        return 0
    fi
    # What a cluster of DIR left behind (killed, or half started).
    stop_cluster >/dev/null 2>&1 || true
    install_packages
    for cmd in munged mungekey slurmctld slurmd srun sinfo; do
        command -v "$cmd" >/dev/null || die "$cmd not found after installing slurm-wlm and munge"
    done
    rm -rf -- "$log" "$etc"
    mkdir -p "$log"
    make_run_dir
    pick_ports
    write_config
    start_munge
    # -D: in the foreground (of its own session), so its pid is ours;
    # -i: slurmctld ignores state files of an earlier cluster.
    spawn slurmctld slurmctld -D -i -f "$conf"
    spawn slurmd slurmd -D -N "$(hostname -s)" -f "$conf"
    wait_node_idle
    say "cluster up in $dir: node $(hostname -s), $(SLURM_CONF=$conf sinfo -h -o '%C' | cut -d/ -f4) CPU slots, slurmctld port $ctld_port (SLURM_CONF=$conf)"
}

# ------------------------------------------------------------------ stop

# term_and_wait PID...: SIGTERM, up to 10 s for them to end, then SIGKILL.
term_and_wait() {
    local pid i left
    [ $# -gt 0 ] || return 0
    kill -TERM "$@" 2>/dev/null || true
    for i in $(seq 1 100); do
        left=""
        for pid in "$@"; do
            kill -0 "$pid" 2>/dev/null && left="$left $pid"
        done
        [ -z "$left" ] && return 0
        sleep 0.1
    done
    kill -KILL $left 2>/dev/null || true
}

# ppid_of PID: the parent of PID (from /proc/PID/stat: "pid (comm) state
# ppid ...", where comm may hold spaces and parentheses).
ppid_of() {
    local s
    s=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    s=${s##*) }
    set -- $s
    echo "$2"
}

# This script, the processes it runs inside, and those it runs: never
# taken for what a cluster left behind (a shell that set SLURM_CONF, an
# salloc shell that runs `cluster.sh stop`).
own_ancestors() {
    local pid=$$
    while [ -n "$pid" ] && [ "$pid" -gt 1 ]; do
        echo "$pid"
        pid=$(ppid_of "$pid") || break
    done
}

is_own() {
    local pid=$1
    while [ -n "$pid" ] && [ "$pid" -gt 1 ]; do
        case " $own " in *" $pid "*) return 0 ;; esac
        pid=$(ppid_of "$pid") || return 1
    done
    return 1
}

# Pids of the processes (not our own) whose environment holds every
# NAME=value given (NAME= alone: any value).
pids_with_env() {
    local p pid envs need found
    own=$(own_ancestors | tr '\n' ' ')
    for p in /proc/[0-9]*; do
        pid=${p#/proc/}
        envs=$(tr '\0' '\n' 2>/dev/null <"$p/environ") || continue
        found=1
        for need in "$@"; do
            case $need in
                *=) case $'\n'"$envs" in
                        *$'\n'"$need"*) ;;
                        *) found=0; break ;;
                    esac ;;
                *)  case $'\n'"$envs"$'\n' in
                        *$'\n'"$need"$'\n'*) ;;
                        *) found=0; break ;;
                    esac ;;
            esac
        done
        [ "$found" = 1 ] || continue
        is_own "$pid" || echo "$pid"
    done
}

# What DIR's cluster left running: processes of its daemons (slurmd
# hands its environment on to each step's slurmstepd) and tasks of its
# jobs (SLURM_CONF and SLURM_JOB_ID).
leftovers() {
    { pids_with_env "$marker"
      pids_with_env "SLURM_CONF=$conf" "SLURM_JOB_ID="; } | sort -un
}

stop_cluster() {
    local pids f i munged
    # Jobs first, so that slurmd ends their tasks the regular way.
    if alive "$run/slurmctld.fg" &&
        SLURM_CONF=$conf scancel --quiet --full --user=root 2>/dev/null; then
        for i in $(seq 1 50); do
            [ -z "$(SLURM_CONF=$conf squeue -h -o %i 2>/dev/null)" ] && break
            sleep 0.2
        done
    fi
    pids=""
    for f in slurmd slurmctld; do
        alive "$run/$f.fg" && pids="$pids $(cat "$run/$f.fg")"
    done
    term_and_wait $pids
    # Steps' slurmstepd and tasks that outlived slurmd, then munged last
    # (slurmstepd talks to it while it ends).
    munged=$(cat "$run/munge/munged.pid" 2>/dev/null || true)
    term_and_wait $(leftovers | grep -vxF "${munged:-none}" || true)
    term_and_wait $(leftovers)
    remove_run_dir
    rm -f -- "$dir/env.sh"
    pids=$(leftovers)
    [ -z "$pids" ] || die "still running after stop: ${pids//$'\n'/ }"
    say "cluster of $dir stopped"
}

# ------------------------------------------------------------------ main

[ $# -ge 2 ] || usage
cmd=$1
setpaths "$2"
shift 2
case $cmd in
    start)
        [ $# -eq 0 ] || usage
        start_cluster ;;
    stop)
        [ $# -eq 0 ] || usage
        stop_cluster ;;
    run)
        [ $# -ge 1 ] || usage
        trap 'stop_cluster || true' EXIT
        trap 'exit 129' HUP
        trap 'exit 130' INT
        trap 'exit 143' TERM
        start_cluster
        rc=0
        SLURM_CONF=$conf "$@" || rc=$?
        exit "$rc" ;;
    env)
        [ -f "$dir/env.sh" ] || die "no cluster in $dir (cluster.sh start $dir)"
        cat "$dir/env.sh" ;;
    status)
        SLURM_CONF=$conf sinfo
        SLURM_CONF=$conf squeue ;;
    *) usage ;;
esac
