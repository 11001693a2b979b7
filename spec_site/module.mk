# spec_site/: the annotated specification (docs/spec-site.md).
#   make spec SPEC=dir RESULTS="a.json label=b.json"
SPEC    ?=
RESULTS ?=

spec: all  ## the annotated spec site in build/spec (SPEC=dir with the spec text, RESULTS="a.json b.json")
	$(PY) -m spec_site --out $(B)/spec --vectors vectors --bin $(BINDIR) \
	    --lib $(LIBDIR) $(if $(SPEC),--spec "$(SPEC)") \
	    --results $(or $(RESULTS),$(wildcard $(B)/report/results.json)) \
	    $(if $(shell command -v chromium),--screenshot)

CHECKS += check-spec
# The site built from the corpus, the reference and a deliberately
# different implementation, checked in files and in headless Chromium.
check-spec: all
	RDMACTS_SPEC_BUILD=$(B) RDMACTS_SPEC_TEXT="$(or $(SPEC),$(wildcard ../shared/spec))" \
	    $(PY) -m pytest -q -p no:cacheprovider spec_site/tests
