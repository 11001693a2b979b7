#!/bin/sh
# Build UCX unchanged with its own autogen.sh and configure: --with-ugni
# makes configure ask pkg-config for cray-ugni and cray-pmi (the
# installed reference); everything optional that needs hardware or other
# packages is left out.  Then, every process a rank of an rdmacts-run job
# (Cray job environment, PMI through hydra):
#
#  - ucx_info -d -t <tl> for ugni_rdma, ugni_smsg and ugni_udt, once as a
#    Gemini and once as an Aries (RDMACTS_TC_ARIES): a case passes when
#    the transport is listed on GEMINI:0 and ARIES:0 and both runs end.
#  - ucx_perftest over ugni_rdma and ugni_smsg, 2 ranks: rank 0 is the
#    server, rank 1 the client, which connects over the loopback to the
#    TCP port ucx_perftest uses for its out-of-band exchange (its -p; the
#    client starts once the server listens).  A case passes when the job
#    exits 0 and the client printed its "Final:" line for every
#    iteration.  The latency tests wait for each message to arrive in the
#    peer's memory; the others check completions.
#  - udt_check (udt_check.c beside this file) over ugni_udt, 2 ranks:
#    ucx_perftest cannot drive ugni_udt (its active-message tests need
#    synchronous callbacks, which ugni_udt does not offer), so a small
#    program over the public UCT API sends active messages both ways,
#    checks every byte and closes everything; it passes when both ranks
#    verified all of the peer's messages and closed.
#  - mt_check (mt_check.c beside this file) over ugni_rdma, one rank, as
#    an Aries, MT_RUNS times (default 20): the shape of UCX's own
#    uct_amo_test and uct_p2p_rma_test, 4 sender threads each with its
#    own worker, interface and uGNI domain, posting AMOs, PUTs and GETs
#    to one receiver at once (E-UGNI-008); a run passes when every AMO
#    took effect once and every GET returned what its PUT wrote, the
#    case when every run passed.
#
# Which NIC generation (docs/clients.md, "Gemini or Aries"): the cases
# run as a Gemini, the reference's default profile, the one the core
# certifies; UCX's AMOs other than 64-bit compare-and-swap exist only in
# its Aries interface table, so they run as an Aries; the paths UCX takes
# differently on an Aries run there too: GET zero-copy (Gemini-only
# alignment rule), ugni_smsg and ugni_udt (endpoint hash masked to the
# Aries' 24-bit event inst_id).
#
# Two cases show UCX bugs and are reported UCXBUG (docs/clients.md) when
# they fail exactly the way the bug makes them fail:
#  - fetch-and-add as a Gemini: UCX advertises every AMO but its Gemini
#    interface table has no entry but cswap64 (ugni_rdma_iface.c), so
#    ucx_perftest calls a NULL function pointer (signal 11 at (nil)).
#  - ugni_smsg am_bcopy of 2048 bytes: UCX advertises 2048 bytes where
#    its 4-byte header leaves 2044 (ugni_smsg_iface.c); every send is
#    refused as larger than the mailbox's msg_maxsize, UCX takes that for
#    a full mailbox and retries for ever; reported UCXBUG when 2044 bytes
#    passed and 2048 made no progress.
here=$(cd "$(dirname "$0")" && pwd)
inst=$(pwd)/_install
jobs=${JOBS:-2}

# name  profile  bug  ucx_perftest arguments (-x transport first)
perf_cases='
rdma_put_lat_short      gemini -  -x ugni_rdma -t put_lat -D short -s 8       -n 1000 -w 100
rdma_put_bw_short       gemini -  -x ugni_rdma -t put_bw  -D short -s 2048    -n 1000 -w 100
rdma_put_bw_bcopy       gemini -  -x ugni_rdma -t put_bw  -D bcopy -s 2048    -n 1000 -w 100
rdma_put_lat_zcopy_1m   gemini -  -x ugni_rdma -t put_lat -D zcopy -s 1048576 -n 100  -w 10
rdma_put_bw_zcopy_1m    gemini -  -x ugni_rdma -t put_bw  -D zcopy -s 1048576 -n 200  -w 20
rdma_get_bcopy          gemini -  -x ugni_rdma -t get     -D bcopy -s 2040    -n 1000 -w 100
rdma_get_zcopy_unalign  gemini -  -x ugni_rdma -t get     -D zcopy -s 1001    -n 1000 -w 100
rdma_get_zcopy_1m       gemini -  -x ugni_rdma -t get     -D zcopy -s 1048576 -n 200  -w 20
rdma_cswap64            gemini -  -x ugni_rdma -t cswap   -s 8                -n 1000 -w 100
rdma_fadd64_gemini      gemini nullamo -x ugni_rdma -t fadd -s 8              -n 100  -w 10
rdma_put_bw_zcopy_1m_aries   aries -  -x ugni_rdma -t put_bw -D zcopy -s 1048576 -n 200 -w 20
rdma_get_zcopy_unalign_aries aries -  -x ugni_rdma -t get    -D zcopy -s 1001    -n 1000 -w 100
rdma_cswap64_aries      aries  -  -x ugni_rdma -t cswap   -s 8                -n 1000 -w 100
rdma_cswap32_aries      aries  -  -x ugni_rdma -t cswap   -s 4                -n 1000 -w 100
rdma_fadd64_aries       aries  -  -x ugni_rdma -t fadd    -s 8                -n 1000 -w 100
rdma_fadd32_aries       aries  -  -x ugni_rdma -t fadd    -s 4                -n 1000 -w 100
rdma_swap64_aries       aries  -  -x ugni_rdma -t swap    -s 8                -n 1000 -w 100
rdma_swap32_aries       aries  -  -x ugni_rdma -t swap    -s 4                -n 1000 -w 100
rdma_add64_lat_aries    aries  -  -x ugni_rdma -t add_lat -s 8                -n 1000 -w 100
rdma_add64_mr_aries     aries  -  -x ugni_rdma -t add_mr  -s 8                -n 1000 -w 100
rdma_add32_mr_aries     aries  -  -x ugni_rdma -t add_mr  -s 4                -n 1000 -w 100
smsg_am_lat_short       gemini -  -x ugni_smsg -t am_lat  -D short -s 8       -n 1000 -w 100
smsg_am_lat_bcopy       gemini -  -x ugni_smsg -t am_lat  -D bcopy -s 2044    -n 1000 -w 100
smsg_am_bw_short        gemini -  -x ugni_smsg -t am_bw   -D short -s 2040    -n 1000 -w 100
smsg_am_bw_bcopy        gemini -  -x ugni_smsg -t am_bw   -D bcopy -s 2044    -n 1000 -w 100
smsg_am_bw_bcopy_2048   gemini smsg2048 -x ugni_smsg -t am_bw -D bcopy -s 2048 -n 100 -w 10
smsg_am_lat_short_aries aries  -  -x ugni_smsg -t am_lat  -D short -s 8       -n 1000 -w 100
smsg_am_bw_bcopy_aries  aries  -  -x ugni_smsg -t am_bw   -D bcopy -s 2044    -n 1000 -w 100
'
info_cases='info_ugni_rdma info_ugni_smsg info_ugni_udt'
udt_cases='udt_am_gemini udt_am_aries'
mt_cases='mt_amo_rma_aries'
mt_runs=${MT_RUNS:-20}

all_cases() {
    echo $info_cases
    printf '%s\n' "$perf_cases" | awk 'NF { print $1 }'
    echo $udt_cases
    echo $mt_cases
}

now() { echo $(($(date +%s%N) / 1000000)); }	# ms
since() { awk -v t="$1" -v n="$(now)" 'BEGIN { printf "%.1f", (n - t) / 1000 }'; }

# ---- build ------------------------------------------------------------
t0=$(now)
built=0
if ! command -v autoreconf >/dev/null 2>&1 || ! command -v libtoolize >/dev/null 2>&1; then
    why="needs autoconf, automake and libtool (Debian packages)"
elif ! ./autogen.sh >autogen.log 2>&1; then
    why="autogen.sh failed: $(grep -m1 -iE 'error' autogen.log)"
elif ! ./configure --prefix="$inst" --with-ugni --disable-doxygen-doc \
        --without-java --without-cuda --without-rocm --without-verbs \
        --without-rdmacm --without-knem --without-xpmem >configure.log 2>&1; then
    why="configure failed: $(grep -m1 -E 'error:' configure.log)"
elif ! grep -q 'UCT modules:.*ugni' configure.log; then
    why="configure did not take ugni (pkg-config cray-ugni cray-pmi)"
elif ! make -j"$jobs" >build.log 2>&1 || ! make install >>build.log 2>&1; then
    why="make failed: $(grep -m1 -E 'error' build.log)"
elif [ ! -x "$inst/bin/ucx_perftest" ] || [ ! -f "$inst/lib/ucx/libuct_ugni.so" ]; then
    why="no ucx_perftest or libuct_ugni.so installed"
else
    built=1
fi
echo "TIME build $(since $t0) s"
if [ $built -eq 0 ]; then
    for c in $(all_cases); do echo "RESULT $c NOTBUILT - - $why"; done
    exit 0
fi
export PATH="$inst/bin:$PATH"
ldd "$inst/lib/ucx/libuct_ugni.so" >ldd.log 2>&1

# capped LOG CMD...: run CMD with no input, keep the first 4 MB of its
# output in LOG (a transport that logs an error in a loop writes
# gigabytes before its timeout), return CMD's status.
capped() {
    log=$1; shift
    { "$@" </dev/null 2>&1; echo $? >"$log.rc"; } | { head -c 4000000; cat >/dev/null; } >"$log"
    return "$(cat "$log.rc")"
}

# first_error LOG: UCX's first error (without its time stamp), a caught
# signal, or udt_check's complaint.
first_error() {
    grep -m1 -E 'ERROR|Caught signal|: wrong$|no progress|udt_check rank [01]: [a-zA-Z_]*[:(]' "$1" |
        sed 's/^\[[^]]*\] *\[[^]]*\] *//' | tr -s ' ' | cut -c1-100
}

profile_env() {	# gemini|aries -> value of RDMACTS_TC_ARIES
    [ "$1" = aries ] && echo 1 || echo 0
}
device() {
    [ "$1" = aries ] && echo ARIES:0 || echo GEMINI:0
}

# ---- ucx_info -d ------------------------------------------------------
for c in $info_cases; do
    tl=${c#info_}
    t=$(now) ok=1 note=
    for p in gemini aries; do
        capped "$c.$p.log" env RDMACTS_TC_ARIES=$(profile_env $p) timeout 60 "$RUN" -n 1 ucx_info -d -t "$tl"
        rc=$?
        dev=$(awk -v tl="$tl" '/# *Transport:/ { t = $3 } /# *Device:/ && t == tl { print $3; exit }' "$c.$p.log")
        if [ $rc -eq 124 ]; then
            ok=0 note="$note $p: no end after 60 s ($(first_error "$c.$p.log"));"
        elif [ $rc -ne 0 ]; then
            ok=0 note="$note $p: exit $rc ($(first_error "$c.$p.log"));"
        elif [ "$dev" != "$(device $p)" ]; then
            ok=0 note="$note $p: $tl not listed on $(device $p);"
        else
            note="$note $tl on $dev;"
        fi
    done
    [ $ok -eq 1 ] && v=PASS || v=FAIL
    echo "RESULT $c $v - -${note} both ended in $(since $t) s"
done

# ---- ucx_perftest -----------------------------------------------------
# The job script: rank 0 serves, rank 1 connects once the port listens.
cat >perftest-job.sh <<'JOB'
port=$1; shift
if [ "$PMI_RANK" = 0 ]; then exec "$@" -p "$port"; fi
hex=$(printf '%04X' "$port") i=0
until grep -q "^ *[0-9]*: [0-9A-F]*:$hex [0-9A-F]*:0000 0A " /proc/net/tcp /proc/net/tcp6 2>/dev/null; do
    i=$((i + 1))
    [ $i -lt 300 ] || { echo "perftest-job: no server on port $port after 30 s" >&2; exit 3; }
    sleep 0.1
done
exec "$@" -p "$port" 127.0.0.1
JOB
port=$((20000 + $$ % 20000))
next_port() {	# a TCP port nothing on this host uses
    while :; do
        port=$((port + 1))
        [ $port -lt 65000 ] || port=20001
        hex=$(printf '%04X' $port)
        grep -q "^ *[0-9]*: [0-9A-F]*:$hex " /proc/net/tcp /proc/net/tcp6 2>/dev/null || return 0
    done
}

smsg_bcopy_2044=
printf '%s\n' "$perf_cases" | while read -r c p bug args; do
    [ -n "$c" ] || continue
    next_port
    iters=$(printf '%s\n' "$args" | sed -n 's/.*-n \([0-9]*\).*/\1/p')
    limit=180
    [ "$bug" = smsg2048 ] && limit=10
    t=$(now)
    capped "$c.log" env RDMACTS_TC_ARIES=$(profile_env $p) timeout $limit "$RUN" -n 2 \
        sh perftest-job.sh $port ucx_perftest -d "$(device $p)" $args
    rc=$?
    secs=$(since $t)
    final=$(awk -v n="$iters" '$1 == "Final:" && $2 == n { print; exit }' "$c.log")
    first=$(first_error "$c.log")
    case $c in smsg_am_bw_bcopy) [ $rc -eq 0 ] && [ -n "$final" ] && smsg_bcopy_2044=1 ;; esac
    if [ $rc -eq 0 ] && [ -n "$final" ]; then
        set -- $final
        echo "RESULT $c PASS - - $(device $p): $2 iterations in $secs s; overall $5 us, $7 MB/s, $9 msg/s"
    elif [ "$bug" = nullamo ] && grep -q 'Caught signal 11 (Segmentation fault: address not mapped to object at address (nil))' "$c.log"; then
        echo "RESULT $c UCXBUG - - signal 11 at address (nil): UCX advertises 64-bit fetch-add on a Gemini and its Gemini ops table has no ep_atomic64_fetch (ugni_rdma_iface.c:213)"
    elif [ "$bug" = smsg2048 ] && [ $rc -eq 124 ] && [ -z "$final" ] && [ -n "$smsg_bcopy_2044" ]; then
        echo "RESULT $c UCXBUG - - no message sent in $limit s (2044 bytes passed): UCX advertises am_bcopy 2048 bytes, its 4-byte header makes 2052 > msg_maxsize 2048, refused, retried for ever (ugni_smsg_iface.c:198)"
    elif [ $rc -eq 124 ]; then
        echo "RESULT $c TIMEOUT - - $(device $p): no end after $limit s; ${first:-no error printed}"
    else
        echo "RESULT $c FAIL - - $(device $p): exit $rc; ${first:-no Final line}"
    fi
done

# ---- ugni_udt: udt_check ----------------------------------------------
if ! ${CC:-gcc} -O2 -Wall -o udt_check "$here/udt_check.c" -I"$inst/include" \
        $(pkg-config --cflags cray-pmi) -L"$inst/lib" -Wl,-rpath,"$inst/lib" \
        -luct -lucs $(pkg-config --libs cray-pmi) >udt_check.build.log 2>&1; then
    for c in $udt_cases $mt_cases; do
        echo "RESULT $c NOTBUILT - - udt_check.c: $(grep -m1 error udt_check.build.log)"
    done
    exit 0
fi
for c in $udt_cases; do
    p=${c#udt_am_}
    t=$(now)
    capped "$c.log" env RDMACTS_TC_ARIES=$(profile_env $p) timeout 120 "$RUN" -n 2 ./udt_check
    rc=$?
    secs=$(since $t)
    closed=$(grep -c 'received 128 verified, 0 wrong, peer verified 128 of 128, closed' "$c.log")
    if [ $rc -eq 0 ] && [ "$closed" -eq 2 ]; then
        echo "RESULT $c PASS 256 256 $(device $p): 128 active messages each way (am_short, am_bcopy) verified, both closed, in $secs s"
    elif [ $rc -eq 124 ]; then
        echo "RESULT $c TIMEOUT - - $(device $p): no end after 120 s; $(first_error "$c.log")"
    else
        echo "RESULT $c FAIL - - $(device $p): exit $rc; $(first_error "$c.log")"
    fi
done
# ---- several threads, each its own domain: mt_check ---------------------
if ! ${CC:-gcc} -O2 -Wall -pthread -o mt_check "$here/mt_check.c" -I"$inst/include" \
        -L"$inst/lib" -Wl,-rpath,"$inst/lib" -luct -lucs >mt_check.build.log 2>&1; then
    for c in $mt_cases; do
        echo "RESULT $c NOTBUILT - - mt_check.c: $(grep -m1 error mt_check.build.log)"
    done
    exit 0
fi
for c in $mt_cases; do
    t=$(now) passed=0 first=
    for i in $(seq 1 "$mt_runs"); do
        capped "$c.$i.log" env RDMACTS_TC_ARIES=1 timeout 120 "$RUN" -n 1 ./mt_check
        rc=$?
        if [ $rc -eq 0 ]; then
            passed=$((passed + 1))
        elif [ -z "$first" ]; then
            first="run $i: exit $rc; $(grep -m1 -E 'mt_check:|ERROR|Caught signal' "$c.$i.log" | cut -c1-100)"
        fi
    done
    secs=$(since $t)
    if [ $passed -eq "$mt_runs" ]; then
        echo "RESULT $c PASS $passed $mt_runs ARIES:0: $passed of $mt_runs runs of 4 sender threads x 1000 rounds (fetch-add, add, put_short, get_bcopy) verified, in $secs s"
    else
        echo "RESULT $c FAIL $passed $mt_runs ARIES:0: $passed of $mt_runs runs passed; $first"
    fi
done
echo "TIME all $(since $t0) s"
