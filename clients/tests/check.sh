#!/bin/sh
# check-clients-runner: clients/run.sh on stand-in recipes, without any
# real client: a client whose sources are absent is reported SKIPPED with
# its upstream and commit; a present one runs in a copy of its tree (the
# source tree stays untouched) and its RESULT lines reach results.tsv; a
# FAIL case makes the job fail; a job with only PASS and NOTBUILT cases
# passes.
set -u
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-clients-runner: FAIL: $*" >&2; exit 1; }

mkdir -p "$tmp/recipes/good" "$tmp/recipes/bad" "$tmp/recipes/absent" "$tmp/src/good/sub" "$tmp/src/bad"
for r in good bad absent; do
    printf 'API=ugni\nUPSTREAM=https://example.org/%s\nCOMMIT=%s\nDESCRIPTION="stand-in %s"\n' \
        "$r" "0123456789abcdef0123456789abcdef0123456$r" "$r" >"$tmp/recipes/$r/recipe"
done
echo 'SUBDIR=sub' >>"$tmp/recipes/good/recipe"
echo 'int x;' >"$tmp/src/good/sub/prog.c"
cat >"$tmp/recipes/good/run.sh" <<'R'
[ -f prog.c ] || { echo "RESULT tree FAIL - - SUBDIR not copied"; exit 0; }
echo built >prog.o
[ -x "$RUN" ] || [ "$RUN" = "$PREFIX/bin/rdmacts-run" ] || echo "RESULT env FAIL - - RUN unset"
echo "RESULT one PASS 5 5"
echo "RESULT two NOTBUILT - - needs an extension"
R
printf 'echo "RESULT three FAIL 1 2 a check failed"\n' >"$tmp/recipes/bad/run.sh"

CLIENTS_RECIPES=$tmp/recipes sh "$here/../run.sh" "$tmp/src" "$tmp/out" good absent >"$tmp/log1" 2>&1 ||
    { cat "$tmp/log1"; fail "PASS + NOTBUILT + SKIPPED must not fail the job"; }
grep -q '^SKIPPED absent: sources absent .*https://example.org/absent at 0123' "$tmp/log1" ||
    { cat "$tmp/log1"; fail "absent client not reported SKIPPED with its upstream"; }
grep -q 'cases: 1 passed, 0 failed, 1 not built of 2; client checks passed: 5/5' "$tmp/log1" ||
    { cat "$tmp/log1"; fail "summary line wrong"; }
[ ! -e "$tmp/src/good/sub/prog.o" ] || fail "the user's source tree was written to"
[ -e "$tmp/out/good/src/prog.o" ] || fail "the client did not run in OUT/good/src"
[ "$(awk -F'\t' '$1 == "good" && $3 == "one" { print $4, $5, $6 }' "$tmp/out/results.tsv")" = "PASS 5 5" ] ||
    fail "results.tsv lacks good/one"

if CLIENTS_RECIPES=$tmp/recipes sh "$here/../run.sh" "$tmp/src" "$tmp/out" bad >"$tmp/log2" 2>&1; then
    cat "$tmp/log2"; fail "a FAIL case must fail the job"
fi
grep -q 'cases: 0 passed, 1 failed' "$tmp/log2" || { cat "$tmp/log2"; fail "FAIL not counted"; }

CLIENTS_RECIPES=$tmp/recipes sh "$here/../run.sh" "" "$tmp/out" good >"$tmp/log3" 2>&1 ||
    { cat "$tmp/log3"; fail "no CLIENTS_SRC at all must skip, not fail"; }
grep -q '^SKIPPED good: sources absent (want CLIENTS_SRC/good' "$tmp/log3" ||
    { cat "$tmp/log3"; fail "empty CLIENTS_SRC not reported"; }
echo "check-clients-runner: passed"
