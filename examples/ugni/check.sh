#!/bin/sh
# check-examples-ugni: every uGNI example in one process, across
# processes through rdmacts-run, and once under valgrind.
set -e
bin=$1
run() { echo "  $*"; timeout 120 "$@" >/dev/null; }
for ex in dgram_put rdma_putget amo_counter smsg_pingpong selftest; do
	run "$bin/ugni-$ex"
done
run "$bin/rdmacts-run" -n 2 "$bin/ugni-dgram_put"
run "$bin/rdmacts-run" -n 2 "$bin/ugni-smsg_pingpong"
run "$bin/rdmacts-run" -n 3 "$bin/ugni-rdma_putget"
run "$bin/rdmacts-run" -n 4 "$bin/ugni-amo_counter"
RDMACTS_NIC_SCHEDULE_SEED=7 run "$bin/ugni-selftest"
RDMACTS_NIC_SCHEDULE_SEED=3 run "$bin/rdmacts-run" -n 2 "$bin/ugni-rdma_putget"
if command -v valgrind >/dev/null; then
	for ex in dgram_put rdma_putget amo_counter smsg_pingpong selftest; do
		run valgrind -q --error-exitcode=1 --leak-check=full "$bin/ugni-$ex"
	done
	for ex in dgram_put rdma_putget amo_counter smsg_pingpong; do
		run "$bin/rdmacts-run" -n 2 valgrind -q --error-exitcode=1 \
			--leak-check=full "$bin/ugni-$ex"
	done
fi
echo "check-examples-ugni: passed"
