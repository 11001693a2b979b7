#!/bin/sh
# check-fuzz-ci: fuzz/ci/rdmacts-ci.sh against the reference (conformant
# on the selected tests, no finding: exit 0, report.html and junit.xml
# written) and against a mutant of it (a finding: exit 1, its program in
# OUT/findings, built with the cc line it states, fails).  Two seconds of
# fuzzing each, certification of one call.
#   test.sh OUT
out=$1
status=0
rm -rf "$out"
mkdir -p "$out"
run() {	# run NAME IMPL TARGETS
    RDMACTS=. IMPL=$2 OUT="$out/$1" FUZZ_SECONDS=2 TARGETS=$3 \
        CERTIFY_ARGS="API=ugni CALL=GNI_GetVersion" \
        sh fuzz/ci/rdmacts-ci.sh >"$out/$1.log" 2>&1
}
run reference build/lib ugni_post; rc=$?
if [ $rc -ne 0 ] || [ ! -s "$out/reference/report.html" ] ||
        [ ! -s "$out/reference/junit.xml" ]; then
    echo "  FAILED  the reference: exit $rc, or no report (see $out/reference.log)"
    status=1
else
    echo "  ok      the reference: conformant, no finding, reports written"
fi
if ! command -v "${FUZZ_CC:-clang}" >/dev/null 2>&1; then
    echo "  skipped the mutant: no clang to build the fuzz targets"
    exit $status
fi
# a mutant of the reference (fuzz/mutants/unbind-illegal-op.diff, built
# by check-fuzz-regressions' finding check or here)
mut=$out/mutant
mkdir -p "$mut/src/ref" "$mut/lib"
cp -r ref/nic ref/ugni "$mut/src/ref/"
cp build/lib/libpmi.so "$mut/lib/"	# the tests' launcher library
patch -s -p0 -d "$mut/src" <fuzz/mutants/unbind-illegal-op.diff &&
    ${CC:-cc} -std=c11 -D_GNU_SOURCE -Iinclude -fPIC -O1 -shared -o "$mut/lib/libugni.so" \
        "$mut"/src/ref/nic/*.c "$mut"/src/ref/ugni/*.c -lpthread \
        -Wl,--version-script=ref/ugni/libugni.map -Wl,-soname,libugni.so || exit 1
run mutant "$mut/lib" ugni_post; rc=$?
prog=$(ls "$out"/mutant/findings/*.c 2>/dev/null | head -1)
if [ $rc -ne 1 ] || [ -z "$prog" ]; then
    echo "  FAILED  the mutant: exit $rc, finding program: ${prog:-none} (see $out/mutant.log)"
    exit 1
fi
# the cc line it states builds it; run, it fails
line=$(sed -n 's/^ \*   \(cc .*\) && .*/\1/p' "$prog")
if ! sh -c "$line" >/dev/null 2>&1; then
    echo "  FAILED  the mutant's finding program does not build: $line"
    status=1
elif LD_LIBRARY_PATH="$mut/lib" "${prog%.c}" >/dev/null 2>&1; then
    echo "  FAILED  the mutant's finding program does not reproduce: ${prog%.c}"
    status=1
else
    echo "  ok      the mutant: exit 1, $(basename "$prog") reproduces it"
fi
exit $status
