#!/usr/bin/env bash
# Runs each check target of `make check` in turn (a failing one does not
# stop the others) and ends with one summary line.
set -u
make=${MAKE:-make}
passed=0; failed=0; failures=""
for target in "$@"; do
    echo "=== $target"
    if $make --no-print-directory "$target"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); failures="$failures $target"
    fi
done
[ -n "$failures" ] && echo "failed checks:$failures"
echo "checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
