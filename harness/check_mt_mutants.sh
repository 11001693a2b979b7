#!/bin/sh
# check-mt-mutants: the multi-thread tests have teeth.  Each
# harness/mutants/udapl-*.diff breaks the thread-safe Provider (no lock;
# a destroyed EVD or CNO that does not end its waiters' waits); the
# mutant Provider, built beside the reference libdat, must make the
# uDAPL calls the multi-thread tests exercise NOT CONFORMANT.
#   check_mt_mutants.sh LIBDIR BINDIR OUT
lib=$1 bin=$2 out=$3
status=0
rm -rf "$out"
mkdir -p "$out"
for m in harness/mutants/udapl-*.diff; do
    name=$(basename "$m" .diff)
    dir=$out/$name
    mkdir -p "$dir/src/ref/udapl" "$dir/lib"
    cp -r ref/nic "$dir/src/ref/"
    cp -r ref/udapl/provider ref/udapl/dat_calls.h "$dir/src/ref/udapl/"
    cp "$lib/libdat.so" "$lib/libpmi.so" "$lib/dat.conf" "$dir/lib/"
    if ! patch -s -p0 -d "$dir/src" <"$m" ||
        ! ${CC:-cc} -std=c11 -D_GNU_SOURCE -Iinclude -fPIC -O1 -shared \
            -o "$dir/lib/libdat_rdmacts.so" "$dir"/src/ref/nic/*.c \
            "$dir"/src/ref/udapl/provider/*.c -lpthread \
            -Wl,--version-script=ref/udapl/provider/libdat_rdmacts.map; then
        echo "  FAILED  $name: the mutant does not build"
        status=1
        continue
    fi
    # A race shows in some runs only (more rarely on a loaded machine):
    # up to five certifications, caught when one of them catches it.
    try=0 caught=
    while [ $try -lt 5 ] && [ -z "$caught" ]; do
        try=$((try + 1))
        /usr/bin/python3 -m harness certify --impl "$dir/lib" --bin "$bin" \
            --vectors vectors --out "$dir/report" --api udapl --quiet \
            --call dat_evd_wait --call dat_evd_dequeue --call dat_cno_wait \
            --timeout 10 >"$dir/log" 2>&1
        rc=$?
        [ $rc -eq 0 ] && continue
        caught=$(grep -E '^  (FAIL|CRASH|TIMEOUT) +udapl\.[a-z_]+\.threads\.' "$dir/log" |
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
