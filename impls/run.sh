#!/bin/sh
# run.sh NAME SRC OUT  (make certify-impl NAME=... CLIENTS_SRC=...)
#
# Certifies the third-party implementation of recipe impls/NAME with the
# reference beneath it, with no manual step (docs/implementations.md):
#
#  1. its sources: SRC/<SRCDIR> copied to OUT/NAME/src (the user's tree
#     is never written) and checked against the recipe (CHECK_FILE's
#     sha256); a recipe without SRCDIR builds from the project itself;
#  2. its build: the recipe's build.sh, run in OUT/NAME/src with OUT
#     (OUT/NAME/impl, where the libraries go), RECIPE and ROOT set;
#  3. the implementation directory OUT/NAME/impl: what the build made,
#     the reference Provider (uDAPL: libdat_rdmacts.so) and the recipe's
#     dat.conf, which the certification gives the registry as
#     DAT_OVERRIDE (--dat-conf);
#  4. `python3 -m harness certify` of it into OUT/NAME/report;
#  5. impls/report.py: the failures grouped by cause, each matched to the
#     recipe's known causes (known.json: a bug of the implementation, with
#     its file and line), written as OUT/NAME/page.md, the section of
#     docs/implementations.md.
#
# Exit status 0 when the verdict is the recipe's EXPECT and every group
# of failures is a known cause; 1 otherwise; 2 when it cannot run
# (sources absent, build failed).  Environment: ROOT (the project),
# BIN (corpus), LIB (the reference's libraries), PY.
set -u
name=$1 src=$2 out=$3
recipe=$ROOT/impls/$name
[ -f "$recipe/recipe" ] || { echo "certify-impl: no recipe impls/$name" >&2; exit 2; }
API= DESCRIPTION= UPSTREAM= BRANCH= COMMIT= SRCDIR= CHECK_FILE= CHECK_SHA256= EXPECT=
. "$recipe/recipe"
echo "=== $name ($API): $DESCRIPTION"
work=$out/$name
rm -rf "$work"
mkdir -p "$work/impl" "$work/src"

if [ -n "$SRCDIR" ]; then
    tree=${src:+$src/$SRCDIR}
    if [ -z "$tree" ] || [ ! -d "$tree" ]; then
        echo "certify-impl: sources absent: want ${src:-CLIENTS_SRC}/$SRCDIR," \
             "$UPSTREAM${BRANCH:+ branch $BRANCH} at $COMMIT" >&2
        exit 2
    fi
    if head=$(git -C "$tree" rev-parse HEAD 2>/dev/null); then
        [ "$head" = "$COMMIT" ] && echo "  version: $COMMIT (pinned)" ||
            echo "  version: $head, NOT the pinned $COMMIT: results may differ"
    elif [ -n "$CHECK_FILE" ]; then
        sum=$(sha256sum "$tree/$CHECK_FILE" 2>/dev/null | cut -d' ' -f1)
        [ "$sum" = "$CHECK_SHA256" ] &&
            echo "  version: $CHECK_FILE is the pinned commit's ($COMMIT)" ||
            echo "  version: $CHECK_FILE differs from the pinned commit's ($COMMIT): results may differ"
    fi
    cp -Rp "$tree/." "$work/src"
fi

echo "  building (log: $work/build.log)"
if ! (cd "$work/src" && OUT=$work/impl RECIPE=$recipe ROOT=$ROOT \
        sh "$recipe/build.sh") >"$work/build.log" 2>&1; then
    tail -5 "$work/build.log" >&2
    echo "certify-impl: the build of $name failed (see $work/build.log)" >&2
    exit 2
fi
case $API in
udapl)
    [ -f "$work/impl/libdat.so" ] || { echo "certify-impl: the build made no libdat.so" >&2; exit 2; }
    cp "$LIB/libdat_rdmacts.so" "$work/impl/"
    cp "$recipe/dat.conf" "$work/impl/dat.conf"
    conf="--dat-conf $work/impl/dat.conf" ;;
*)
    conf= ;;
esac

echo "  certifying $work/impl (report: $work/report/report.html)"
# shellcheck disable=SC2086
"$PY" -m harness certify --impl "$work/impl" --bin "$BIN" --vectors "$ROOT/vectors" \
    --api "$API" --out "$work/report" --quiet $conf >"$work/certify.out" 2>&1
status=$?
[ $status -le 3 ] && [ $status -ne 2 ] || {
    cat "$work/certify.out" >&2
    echo "certify-impl: the harness exited with status $status" >&2
    exit 2
}
grep -E '^warning:|^  [a-z]+ +(CONFORMANT|NOT CONFORMANT|INCOMPLETE)' "$work/certify.out"
"$PY" "$ROOT/impls/report.py" "$work/report/results.json" "$recipe" "$work/page.md"
