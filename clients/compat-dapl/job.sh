#!/bin/sh
# job.sh DIR KIND SERVER -- CLIENT...  (one rank of a 2-rank rdmacts-run job)
#
# Rank 0 runs SERVER with its output in DIR/server.log (line-buffered,
# so that rank 1 sees it listen); rank 1 waits for the line that says so
# (dtest: "Server waiting for connect request", dapltest: "Service Point
# Ready"), then runs each CLIENT command in turn, output in
# DIR/client<i>.log.  A rank's exit status is its last command's.
dir=$1 kind=$2
shift 2
server=$1
shift
[ "$1" = -- ] && shift
case $kind in
    dtest) ready='Server waiting for connect request' ;;
    *) ready='Service Point Ready' ;;
esac
if [ "$PMI_RANK" = 0 ]; then
    # shellcheck disable=SC2086  # the command line
    exec stdbuf -oL -eL $server >"$dir/server.log" 2>&1
fi
i=0
while ! grep -q "$ready" "$dir/server.log" 2>/dev/null; do
    i=$((i + 1))
    [ $i -gt 600 ] && { echo "job.sh: the server never listened" >&2; exit 1; }
    sleep 0.1
done
n=0 rc=0
for cmd in "$@"; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    $cmd >"$dir/client$n.log" 2>&1
    rc=$?
done
exit $rc
