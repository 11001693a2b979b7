# impls/: certification of third-party implementations the project can
# build from public source, with the reference beneath them
# (docs/implementations.md).  impls/<name>/ is a recipe: `recipe` (the
# upstream, the pinned commit, the source directory under CLIENTS_SRC,
# the verdict expected), `build.sh`, `dat.conf` (uDAPL) and `known.json`
# (the implementation's bugs that explain its failures, file and line).
#
#   make certify-impl NAME=ofa-dat-1.2 CLIENTS_SRC=dir
#
# builds it, certifies it and writes build/impls/<name>/page.md, the
# section of docs/implementations.md.  impls/standin-dat is the project's
# own stand-in standard-interface registry: check-impls certifies the
# reference Provider under it in `make check`, and under OFA's registry
# too when CLIENTS_SRC holds OFA's sources.

NAME      ?=
IMPLS_OUT := $(B)/impls
IMPLS_ENV  = ROOT="$(CURDIR)" BIN="$(abspath $(BINDIR))" LIB="$(abspath $(LIBDIR))" PY="$(PY)"

certify-impl: all  ## build and certify a third-party implementation (NAME=ofa-dat-1.2 CLIENTS_SRC=dir)
	@[ -n "$(NAME)" ] || { echo "certify-impl: name a recipe, NAME=<dir of impls/>:" \
	    $$(cd impls && ls -d */ | tr -d /) >&2; exit 2; }
	@$(IMPLS_ENV) sh impls/run.sh "$(NAME)" "$(CLIENTS_SRC)" "$(abspath $(IMPLS_OUT))"

check-impls: all  ## the reference Provider under the stand-in registry (and OFA's, with CLIENTS_SRC)
	@$(IMPLS_ENV) CLIENTS_SRC="$(CLIENTS_SRC)" sh impls/tests/check.sh "$(abspath $(IMPLS_OUT))"

CHECKS += check-impls
.PHONY: certify-impl check-impls
