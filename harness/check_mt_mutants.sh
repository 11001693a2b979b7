#!/bin/sh
# check-mt-mutants: the multi-thread tests have teeth.  Each
# harness/mutants/<api>-*.diff breaks the library's locking:
#  - udapl-*: the thread-safe Provider (no lock; a destroyed EVD or CNO
#    that does not end its waiters' waits);
#  - ugni-*: libugni (no lock; waiting calls that keep the lock through
#    their pauses).
# The mutant library, built beside the reference's other libraries, must
# make the calls (uDAPL) or clauses (uGNI) the multi-thread tests exercise
# NOT CONFORMANT, a multi-thread test failing.  A uDAPL race shows in
# some runs only (more rarely on a loaded machine): up to five
# certifications, caught when one of them catches it.  The uGNI tests
# force their overlap (every round starts at a barrier): one
# certification must catch each uGNI mutant.
#   check_mt_mutants.sh LIBDIR BINDIR OUT [MUTANT.diff ...]
lib=$1 bin=$2 out=$3
shift 3
status=0
rm -rf "$out"
mkdir -p "$out"
cc=${CC:-cc}
cflags="-std=c11 -D_GNU_SOURCE -Iinclude -fPIC -O1 -shared"

build_udapl() {	# dir
    mkdir -p "$1/src/ref/udapl" &&
    cp -r ref/nic "$1/src/ref/" &&
    cp -r ref/udapl/provider ref/udapl/dat_calls.h "$1/src/ref/udapl/" &&
    cp "$lib/libdat.so" "$lib/libpmi.so" "$lib/dat.conf" "$1/lib/" &&
    patch -s -p0 -d "$1/src" <"$m" &&
    $cc $cflags -o "$1/lib/libdat_rdmacts.so" "$1"/src/ref/nic/*.c \
        "$1"/src/ref/udapl/provider/*.c -lpthread \
        -Wl,--version-script=ref/udapl/provider/libdat_rdmacts.map
}

build_ugni() {	# dir
    mkdir -p "$1/src/ref" &&
    cp -r ref/nic ref/ugni "$1/src/ref/" &&
    cp "$lib/libpmi.so" "$1/lib/" &&
    patch -s -p0 -d "$1/src" <"$m" &&
    $cc $cflags -o "$1/lib/libugni.so" "$1"/src/ref/nic/*.c \
        "$1"/src/ref/ugni/*.c -lpthread \
        -Wl,--version-script=ref/ugni/libugni.map
}

# What each API's multi-thread tests exercise, as certify filters.
udapl_filter="--call dat_evd_wait --call dat_evd_dequeue --call dat_cno_wait"
ugni_filter="--clause UGNI-3-mt-domains-fma --clause UGNI-3-mt-domains-rdma
    --clause UGNI-3-mt-domains-amo --clause UGNI-3-mt-domains-datagram
    --clause UGNI-3-mt-domains-objects --clause UGNI-3-mt-wait-others-go-on
    --clause UGNI-3.10.2-rc-not-done-waiter"

[ $# -gt 0 ] || set -- harness/mutants/udapl-*.diff harness/mutants/ugni-*.diff
for m in "$@"; do
    name=$(basename "$m" .diff)
    api=${name%%-*}
    dir=$out/$name
    mkdir -p "$dir/lib"
    if ! build_$api "$dir"; then
        echo "  FAILED  $name: the mutant does not build"
        status=1
        continue
    fi
    case $api in
        udapl) tries=5 filter=$udapl_filter ;;
        *) tries=1 filter=$ugni_filter ;;
    esac
    try=0 caught=
    while [ $try -lt $tries ] && [ -z "$caught" ]; do
        try=$((try + 1))
        # shellcheck disable=SC2086
        /usr/bin/python3 -m harness certify --impl "$dir/lib" --bin "$bin" \
            --vectors vectors --out "$dir/report" --api "$api" --quiet \
            $filter --timeout 10 >"$dir/log" 2>&1
        rc=$?
        [ $rc -eq 0 ] && continue
        caught=$(grep -E "^  (FAIL|CRASH|TIMEOUT) +$api\\.[a-z_]+\\.threads\\." "$dir/log" |
            awk '{print $2}' | tr '\n' ' ')
    done
    if [ -z "$caught" ]; then
        echo "  FAILED  $name: not caught by a multi-thread test in $try runs (see $dir/log)"
        status=1
    else
        echo "  ok      $name: caught by $caught(run $try)"
    fi
done
exit $status
