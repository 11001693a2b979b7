#!/usr/bin/env bash
# make fuzz-bench: executions per second of every fuzz target on one core,
# each from its seeds into a scratch corpus for SECONDS, beside the ugni
# target as the ratio baseline and the speed docs/fuzzing.md asks of it.
#   bench.sh BINDIR SECONDS SCRATCH TARGET...
set -u
bin=$1 secs=$2 scratch=$3; shift 3
export UBSAN_OPTIONS=halt_on_error=1:suppressions=$PWD/fuzz/known.supp
export RDMACTS_FUZZ_KNOWN=${RDMACTS_FUZZ_KNOWN-fuzz/known.txt}
unset RDMACTS_JOB_ID
declare -A want=([ugni]=- [ugni_post]=5000 [ugni_smsg]=5000 [dmapp]=5000
                 [dmapp_attrs]=5000 [udapl]=2000 [udapl_attrs]=2000)
declare -A rate cov
for t in "$@"; do
    rm -rf "$scratch/$t"; mkdir -p "$scratch/$t"
    log="$scratch/$t.log"
    taskset -c 0 "$bin/fuzz-$t" -max_total_time="$secs" -timeout=10 \
        -rss_limit_mb=2048 -max_len=2048 -print_final_stats=1 \
        -artifact_prefix="$scratch/$t/" "$scratch/$t" "fuzz/seeds/$t" \
        >"$log" 2>&1
    rate[$t]=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov[$t]=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
done
base=${rate[ugni]:-}
printf "Fuzz targets, one core, %s s each from their seeds\n" "$secs"
printf "%-12s | %8s | %6s | %7s | %s\n" target "execs/s" "x ugni" "cov" "asked"
for t in "$@"; do
    r=${rate[$t]:-0}
    x=$([ -n "$base" ] && [ "$base" -gt 0 ] && awk -v a="$r" -v b="$base" 'BEGIN{printf "%.3f", a/b}' || echo -)
    w=${want[$t]:--}
    verdict=""
    [ "$w" != - ] && { [ "$r" -ge "$w" ] && verdict=" (met)" || verdict=" (not met)"; }
    printf "%-12s | %8s | %6s | %7s | %s%s\n" "$t" "$r" "$x" "${cov[$t]:-?}" "$w" "$verdict"
done
