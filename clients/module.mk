# clients/: `make clients CLIENTS_SRC=dir` builds real open-source clients
# of uGNI, DMAPP and uDAPL against the installed reference (their own
# build systems, through pkg-config and -ldat) and runs their own tests
# or examples through rdmacts-run.  The project keeps only recipes:
# clients/<name>/recipe names the upstream repository and the pinned
# commit, clients/<name>/run.sh the build and run commands.  Sources come
# from CLIENTS_SRC/<name>; a client without sources is reported as
# skipped.  Needs no network and is never part of `make check` or .ci/run.
# See docs/clients.md.

CLIENTS_SRC ?=
CLIENT      ?=
CLIENTS_OUT := $(B)/clients

# What the recipes' build systems need beyond `make deps`: mpicc and
# mpi.h (hpcinfo_dmapp, ga_comex), cmake and popt (pscom), the autotools
# and NUMA headers (ucx: autogen.sh, and configure stops without numa.h;
# ga_comex: autoreconf), hugetlbfs.h (ga_comex's DMAPP port includes it).
CLIENTS_DEPS := libmpich-dev cmake libpopt-dev autoconf automake libtool libnuma-dev libhugetlbfs-dev

clients: libs  ## build and run real clients' own tests on the reference (CLIENTS_SRC=dir, CLIENT=name)
	@sh mk/deps.sh $(CLIENTS_DEPS)
	@$(MAKE) --no-print-directory install PREFIX="$(abspath $(CLIENTS_OUT))/prefix" >/dev/null
	@sh clients/run.sh "$(CLIENTS_SRC)" "$(abspath $(CLIENTS_OUT))" $(CLIENT)

check-clients-runner:  ## the clients job's runner on stand-in recipes (no real client needed)
	@sh clients/tests/check.sh

CHECKS += check-clients-runner
.PHONY: clients check-clients-runner
