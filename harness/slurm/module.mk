# harness/slurm/: certification through a real site launcher, Slurm's srun
# on a one-node cluster of this machine (docs/launch.md, "A Slurm site
# launcher").
#
# check-slurm starts the cluster in $(B)/slurm (cluster.sh installs
# slurm-wlm and munge when missing), runs check.sh (the job environment
# every task gets; uGNI and uDAPL with their multi-process tests through
# srun; DMAPP with every test through srun) and always stops the cluster,
# also when a step fails.  Reports in $(B)/slurm-report.  Not part of
# `make check`: .ci/run runs it after.

SLURM_DIR      := $(B)/slurm
# The harness's --launcher, run inside one allocation of the node
# (check.sh): each test a job step; Slurm's pmi2 plugin serves the PMI-1
# wire protocol libpmi.so speaks; --overlap lets the steps share CPUs.
SLURM_LAUNCHER ?= srun --overlap --mpi=pmi2 -n {np}

check-slurm: all $(BINDIR)/pmi-test-crayenv  ## certify the reference through Slurm's srun (a one-node cluster)
	PY=$(PY) bash harness/slurm/cluster.sh run $(SLURM_DIR) \
	    bash harness/slurm/check.sh $(LIBDIR) $(BINDIR) $(B)/slurm-report \
	    '$(SLURM_LAUNCHER)'

.PHONY: check-slurm
