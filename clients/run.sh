#!/bin/sh
# run.sh SRC OUT [NAME...]  (make clients)
#
# For each recipe clients/<name>/ (or only the NAMEs given): if SRC/<name>
# holds the client's source tree, copy it to OUT/<name>/src (the user's
# tree is never modified), run the recipe's run.sh there and collect its
# RESULT lines; otherwise report the client as SKIPPED and say where its
# sources come from.  OUT/prefix must hold the installed reference
# (make install).  Writes OUT/results.tsv; exits non-zero when a case
# failed or a client's run.sh failed.
#
# A recipe directory holds:
#   recipe   shell assignments: API, UPSTREAM, COMMIT, SUBDIR (optional),
#            DESCRIPTION
#   run.sh   run with the work tree as current directory and PREFIX, RUN
#            (the installed rdmacts-run), PKG_CONFIG_PATH, LD_LIBRARY_PATH
#            set; prints one line per case:
#              RESULT <case> PASS|FAIL|TIMEOUT|NOTBUILT <passed> <total> <note>
#            (<passed>/<total>: the client's own check counts, - if it
#            prints none); a recipe may also give a verdict of its own
#            naming a known bug of the client (ucx: UCXBUG), for a case
#            that fails exactly as that bug makes it fail: it is listed
#            and counted apart, neither passed nor failed
set -u
src=$1 out=$2
shift 2
recipes=${CLIENTS_RECIPES:-$(cd "$(dirname "$0")" && pwd)}
prefix=$out/prefix
mkdir -p "$out"
tsv=$out/results.tsv
printf 'client\tapi\tcase\tverdict\tpassed\ttotal\tnote\n' >"$tsv"

names=$*
[ -n "$names" ] || names=$(cd "$recipes" && for d in */recipe; do dirname "$d"; done)
ran=0 skipped=0 bad=0
for name in $names; do
    [ -f "$recipes/$name/recipe" ] || { echo "clients: no recipe clients/$name" >&2; bad=$((bad + 1)); continue; }
    API= UPSTREAM= COMMIT= SUBDIR= DESCRIPTION=
    . "$recipes/$name/recipe"
    echo "=== $name ($API): $DESCRIPTION"
    tree=${src:+$src/$name}
    if [ -z "$tree" ] || [ ! -d "$tree" ]; then
        echo "SKIPPED $name: sources absent (want ${src:-CLIENTS_SRC}/$name: $UPSTREAM at $COMMIT)"
        printf '%s\t%s\t-\tSKIPPED\t-\t-\tno sources in CLIENTS_SRC/%s\n' "$name" "$API" "$name" >>"$tsv"
        skipped=$((skipped + 1))
        continue
    fi
    if head=$(git -C "$tree" rev-parse HEAD 2>/dev/null); then
        [ "$head" = "$COMMIT" ] && echo "  version: $COMMIT (pinned)" ||
            echo "  version: $head, NOT the pinned $COMMIT: results may differ"
    else
        echo "  version: not a git checkout; the recipe is for $COMMIT"
    fi
    work=$out/$name
    rm -rf "$work"
    mkdir -p "$work"
    cp -R "$tree/${SUBDIR:-.}" "$work/src"
    (
        cd "$work/src" &&
        PREFIX=$prefix RUN=$prefix/bin/rdmacts-run \
        PKG_CONFIG_PATH=$prefix/lib/pkgconfig LD_LIBRARY_PATH=$prefix/lib \
            sh "$recipes/$name/run.sh"
    ) >"$work/run.out" 2>"$work/run.err"
    rc=$?
    grep '^RESULT ' "$work/run.out" | while read -r _ case verdict passed total note; do
        printf '  %-8s %-40s %s/%s %s\n' "$verdict" "$case" "$passed" "$total" "$note"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$API" "$case" "$verdict" "$passed" "$total" "$note" >>"$tsv"
    done
    if [ $rc -ne 0 ]; then
        echo "  $name: run.sh exited $rc (see $work/run.err)"
        bad=$((bad + 1))
    fi
    grep -q '^RESULT ' "$work/run.out" || { echo "  $name: no RESULT lines"; bad=$((bad + 1)); }
    ran=$((ran + 1))
done

cases=$(awk -F'\t' 'NR > 1 && $4 != "SKIPPED"' "$tsv" | wc -l)
pass=$(awk -F'\t' '$4 == "PASS"' "$tsv" | wc -l)
fail=$(awk -F'\t' '$4 == "FAIL" || $4 == "TIMEOUT"' "$tsv" | wc -l)
notbuilt=$(awk -F'\t' '$4 == "NOTBUILT"' "$tsv" | wc -l)
checks=$(awk -F'\t' 'NR > 1 && $5 ~ /^[0-9]+$/ { p += $5; t += $6 } END { printf "%d/%d", p, t }' "$tsv")
echo "clients: $ran run, $skipped skipped (no sources); cases: $pass passed, $fail failed, $notbuilt not built of $cases; client checks passed: $checks"
known=$(awk -F'\t' 'NR > 1 && $4 !~ /^(PASS|FAIL|TIMEOUT|NOTBUILT|SKIPPED)$/' "$tsv" | wc -l)
[ "$known" -eq 0 ] || echo "clients: $known cases fail only through a known bug of the client ($(awk -F'\t' 'NR > 1 && $4 !~ /^(PASS|FAIL|TIMEOUT|NOTBUILT|SKIPPED)$/ { print $4 }' "$tsv" | sort | uniq -c | awk '{ printf "%s%s %s", sep, $1, $2; sep = ", " }'); docs/clients.md)"
echo "clients: results in $tsv"
[ $bad -eq 0 ] && [ "$fail" -eq 0 ]
