#!/bin/sh
# Build with the client's own Makefile.  Its sources compile their DMAPP
# code only under __CRAYXE, which the Cray XE compiler wrapper defines;
# put.c and get.c also use MPI (timing and start-up), so CC is MPICH's
# mpicc (Debian package libmpich-dev).  make -r: GNU make's built-in
# "%: %.c" rule would otherwise bypass the Makefile's link rule with LIBS.
# A case passes when the job exits 0 on every PE (each program asserts
# the return code of every DMAPP call it makes).
if ! command -v mpicc >/dev/null 2>&1 || ! echo '#include <mpi.h>' | mpicc -E - >/dev/null 2>&1; then
    for t in put get amo; do echo "RESULT $t NOTBUILT - - needs mpicc and mpi.h (Debian: libmpich-dev)"; done
    exit 0
fi
make -r -k CC=mpicc CFLAGS="-O2 -D__CRAYXE $(pkg-config --cflags cray-dmapp cray-pmi)" \
    LIBS="$(pkg-config --libs cray-dmapp cray-pmi) -lm" >build.log 2>&1
for t in put get amo; do
    if [ ! -x "$t" ]; then
        why=$(grep -m1 -E "^$t\.c:[0-9]+:[0-9]+: error" build.log | sed 's/^[^ ]* error: //')
        echo "RESULT $t NOTBUILT - - ${why:-see build.log}"
        continue
    fi
    timeout 120 "$RUN" -n 3 "./$t" >"$t.log" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then
        echo "RESULT $t PASS - - exit status 0 on 3 PEs (every call's return code asserted)"
    elif [ $rc -eq 124 ]; then
        echo "RESULT $t TIMEOUT - - no end after 120 s"
    else
        echo "RESULT $t FAIL - - exit status $rc: $(grep -m1 -iE 'assert|error' "$t.log" | cut -c1-90)"
    fi
done
