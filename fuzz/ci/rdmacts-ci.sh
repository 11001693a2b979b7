#!/bin/sh
# rdmacts-ci.sh: certify an implementation of uGNI / DMAPP / uDAPL and
# fuzz it, in any CI system (fuzz/ci/README.md; the GitHub Actions
# workflow beside this file runs it).
#
#   RDMACTS=dir IMPL=dir [OUT=dir] [FUZZ_SECONDS=60] [TARGETS="ugni ..."]
#   [COMPARE=dir|none] [CERTIFY_ARGS="API=ugni ..."] [BASELINE=file]
#   sh rdmacts-ci.sh
#
#   RDMACTS       a checkout of rdmacts (make deps run once on the host)
#   IMPL          the directory holding the implementation's libraries
#                 (libugni.so, libdmapp.so, libdat.so: any of them),
#                 built with -fsanitize=fuzzer-no-link when it can be
#   OUT           where the artifacts go (default ./rdmacts-out):
#                 report.html, junit.xml, results.json (make certify),
#                 fuzz.log, findings/*.c (one program per new finding,
#                 its opening comment states the cc line that builds it)
#   FUZZ_SECONDS  time budget of each fuzz target (default 60)
#   TARGETS       fuzz targets (default: those IMPL has a library for)
#   BASELINE      accepted findings: lines of findings/signatures.txt
#                 (a finding listed there does not fail the job)
#
# Exit status: 0 when the implementation is conformant and the fuzzers
# found nothing new; 1 otherwise (both steps always run); 2 on misuse.
set -u
: "${RDMACTS:?RDMACTS=dir of rdmacts}" "${IMPL:?IMPL=dir of the libraries}"
abs() { (cd "$1" 2>/dev/null && pwd); }
IMPL=$(abs "$IMPL") || { echo "rdmacts-ci: no directory $IMPL" >&2; exit 2; }
RDMACTS=$(abs "$RDMACTS") || { echo "rdmacts-ci: no directory $RDMACTS" >&2; exit 2; }
OUT=${OUT:-rdmacts-out}
mkdir -p "$OUT" && OUT=$(abs "$OUT")
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
if [ -z "${TARGETS:-}" ]; then
    TARGETS=""
    [ -e "$IMPL/libugni.so" ] && TARGETS="ugni ugni_post ugni_smsg"
    [ -e "$IMPL/libdmapp.so" ] && TARGETS="$TARGETS dmapp dmapp_attrs"
    [ -e "$IMPL/libdat.so" ] && TARGETS="$TARGETS udapl udapl_attrs"
fi
status=0

echo "== rdmacts-ci: make certify IMPL=$IMPL ${CERTIFY_ARGS:-}"
# shellcheck disable=SC2086
if ! make -C "$RDMACTS" --no-print-directory certify IMPL="$IMPL" ${CERTIFY_ARGS:-}; then
    echo "rdmacts-ci: certification failed"
    status=1
fi
for f in report.html junit.xml results.json; do
    cp "$RDMACTS/build/report/$f" "$OUT/" 2>/dev/null
done

echo "== rdmacts-ci: make fuzz-smoke IMPL=$IMPL (${FUZZ_SECONDS}s per target:$TARGETS)"
found="$OUT/findings"
rm -rf "$found"
make -C "$RDMACTS" --no-print-directory fuzz-smoke IMPL="$IMPL" \
    FUZZ_SMOKE_TIME="$FUZZ_SECONDS" TARGET="$TARGETS" FUZZ_FINDINGS="$found" \
    ${COMPARE:+COMPARE="$COMPARE"} >"$OUT/fuzz.log" 2>&1
fuzz=$?
cat "$OUT/fuzz.log"
new=0
if [ -e "$found/signatures.txt" ]; then
    while IFS= read -r sig; do
        if [ -n "${BASELINE:-}" ] && grep -qxF "$sig" "$BASELINE" 2>/dev/null; then
            echo "rdmacts-ci: known finding (in $BASELINE): $sig"
        else
            echo "rdmacts-ci: NEW FINDING: $sig"
            new=$((new + 1))
        fi
    done <"$found/signatures.txt"
fi
if [ $new -gt 0 ]; then
    echo "rdmacts-ci: $new new finding(s): programs in $OUT/findings/"
    status=1
elif [ $fuzz -ne 0 ] && ! grep -q '^    FINDING\|^    dup ' "$OUT/fuzz.log"; then
    echo "rdmacts-ci: the fuzzers failed without a finding program (see $OUT/fuzz.log)"
    status=1
fi
[ $status -eq 0 ] && echo "rdmacts-ci: conformant, no new finding"
exit $status
