#!/bin/sh
# check-seq: the sequence interpreter checks what it is told to check.
#   run.sh SEQ_DIR LIBDIR SELFTEST WRONG_BIN
# 1. every sequence of check/wrong/ expects a wrong outcome: each must FAIL
#    (exit 1 with an RDMACTS-FAIL line naming its .seq file);
# 2. every file of check/malformed/ must be refused by the generator with
#    the FILE:LINE listed in check/malformed/EXPECTED;
# 3. the uGNI sequences list and each runs alone through --run.
set -u
dir=$1 lib=$2 selftest=$3 wrong=$4
PY=${PY:-/usr/bin/python3}
export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
bad=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

n=0
for t in $("$wrong" --list | cut -f1); do
    n=$((n + 1))
    out=$("$wrong" --run "$t" 2>&1); rc=$?
    if [ "$rc" -ne 1 ] || ! printf '%s\n' "$out" | grep -q "^RDMACTS-FAIL .*at=$dir/check/wrong/wrong.seq:"; then
        echo "check-seq: $t should FAIL (exit 1 with RDMACTS-FAIL at wrong.seq), got exit $rc:"
        printf '%s\n' "$out" | sed 's/^/    /'
        bad=1
    fi
done
[ "$n" -ge 7 ] || { echo "check-seq: only $n wrong sequences listed"; bad=1; }
echo "check-seq: $n wrong sequences fail as they must"

m=0
while read -r file where; do
    m=$((m + 1))
    mkdir -p "$tmp/$m"
    cp "$dir/check/malformed/$file" "$tmp/$m/"
    if "$PY" "$dir/seqgen.py" "$dir/ugni.json" "$tmp/out.c" "$tmp/$m" 2>"$tmp/err"; then
        echo "check-seq: $file was accepted"; bad=1
    elif ! grep -q "^$tmp/$m/$where: " "$tmp/err"; then
        echo "check-seq: $file refused, but not at $where:"; sed 's/^/    /' "$tmp/err"; bad=1
    fi
done <<EOT
$(awk -F: '{print $1, $0}' "$dir/check/malformed/EXPECTED")
EOT
echo "check-seq: $m malformed files refused at their line"

total=0 failed=0
for t in $("$selftest" --list | cut -f1); do
    total=$((total + 1))
    "$selftest" --run "$t" >"$tmp/run" 2>&1 || { failed=$((failed + 1)); echo "check-seq: $t:"; sed 's/^/    /' "$tmp/run" | head -5; }
done
echo "check-seq: $((total - failed)) of $total uGNI sequences pass alone on the reference"
[ "$failed" -eq 0 ] || bad=1
exit $bad
