#!/bin/sh
# check-examples-udapl: the uDAPL examples in one process (rdma_write
# forks), across two processes through rdmacts-run (the peer named by
# its IA address, and by a host address with port 0), and under valgrind.
set -e
bin=$1
run() { echo "  $*"; "$@"; }
run timeout 60 "$bin/udapl-lifecycle"
run timeout 60 "$bin/udapl-rdma_write"
run timeout 60 "$bin/rdmacts-run" -n 2 "$bin/udapl-rdma_write"
# the peer named as OFA's Consumers name it: host address, port 0
run timeout 60 "$bin/rdmacts-run" -n 2 "$bin/udapl-rdma_write" 127.0.0.1
run timeout 300 valgrind -q --error-exitcode=1 --leak-check=full "$bin/udapl-lifecycle"
run timeout 300 valgrind -q --error-exitcode=1 --leak-check=full --trace-children=no "$bin/udapl-rdma_write"
run timeout 300 "$bin/rdmacts-run" -n 2 valgrind -q --error-exitcode=1 --leak-check=full "$bin/udapl-rdma_write"
echo "check-examples-udapl: OK"
