#!/bin/sh
# rank.sh DIR PROG ARGS...: runs one rank of a multi-process test under the
# launcher and leaves its outcome in DIR/rank<R>.{out,err,rec,rc}, so that
# the harness can judge every rank; the launcher alone only reports one
# status.  rank<R>.rec is the rank's verdict record: the runner gets it as
# descriptor 9 (RDMACTS_RECORD_FD) and takes it out of its environment
# before the test body runs (docs/corpus-protocol.md).
# A rank killed by a signal kills this shell with the same signal, so the
# launcher still sees the crash and stops the other ranks.
dir=$1
shift
# The rank, from whichever launcher started it: PMI-1/PMI-2 (hydra, srun
# --mpi=pmi2), PMIx, Open MPI's mpirun, ALPS' aprun, Slurm's srun.
# SLURM_PROCID comes last: a launcher run inside a Slurm step (hydra
# bootstrapped by Slurm, mpirun in a batch script) inherits the step's.
rank=${PMI_RANK:-${PMIX_RANK:-${OMPI_COMM_WORLD_RANK:-${ALPS_APP_PE:-${SLURM_PROCID:-0}}}}}
RDMACTS_RECORD_FD=9 "$@" >"$dir/rank$rank.out" 2>"$dir/rank$rank.err" \
    9>"$dir/rank$rank.rec"
rc=$?
# One write, read once the launcher has ended: an empty or missing file
# is a rank that never reported.
echo "$rc" >"$dir/rank$rank.rc"
if [ "$rc" -gt 128 ] && [ "$rc" -lt 160 ]; then
    trap - "$((rc - 128))" 2>/dev/null
    kill "-$((rc - 128))" $$
fi
exit "$rc"
