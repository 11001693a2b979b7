#!/bin/sh
# rank.sh KEEPER DIR PROG ARGS...: runs one rank of a launched test under
# the launcher, under a keeper of its own (harness/keeper.c), which leaves
# the rank's outcome in DIR/rank<R>.keep: its exit status and pid, the
# processes it left running, a bounded tail of its stdout and stderr, and
# its verdict record (docs/corpus-protocol.md).  The launcher alone only
# reports one status for the whole job.  The keeper ends as the rank did
# (by the same signal, for a crash), so the launcher still sees a crash
# and stops the other ranks.
keeper=$1
dir=$2
shift 2
# The rank, from whichever launcher started it: PMI-1/PMI-2 (hydra, srun
# --mpi=pmi2), PMIx, Open MPI's mpirun, ALPS' aprun, Slurm's srun.
# SLURM_PROCID comes last: a launcher run inside a Slurm step (hydra
# bootstrapped by Slurm, mpirun in a batch script) inherits the step's.
rank=${PMI_RANK:-${PMIX_RANK:-${OMPI_COMM_WORLD_RANK:-${ALPS_APP_PE:-${SLURM_PROCID:-0}}}}}
exec "$keeper" --report "$dir/rank$rank.keep" --record -- "$@"
