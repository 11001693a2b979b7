# spec_site/: the annotated specification (docs/spec-site.md).
#   make spec SPEC=dir RESULTS="a.json label=b.json"
SPEC    ?=
RESULTS ?=

spec: all  ## the annotated spec site in build/spec (SPEC=dir with the spec text, RESULTS="a.json b.json")
	$(PY) -m spec_site --out $(B)/spec --vectors vectors --bin $(BINDIR) \
	    --lib $(LIBDIR) $(if $(SPEC),--spec "$(SPEC)") \
	    --results $(or $(RESULTS),$(wildcard $(B)/report/results.json)) \
	    $(if $(shell command -v chromium),--screenshot)

spec-questions: all  ## open questions on the spec for its owner, one Markdown document: build/spec/questions.md (RESULTS="a.json ...")
	$(PY) -m spec_site.questions --out $(B)/spec/questions.md --bin $(BINDIR) \
	    --lib $(LIBDIR) --vectors vectors \
	    --results $(or $(RESULTS),$(wildcard $(B)/report/results.json))

CHECKS += check-spec
# The site built from the corpus, the reference and a deliberately
# different implementation, checked in files and in headless Chromium.
check-spec: all
	RDMACTS_SPEC_BUILD=$(B) RDMACTS_SPEC_TEXT="$(or $(SPEC),$(wildcard ../shared/spec))" \
	    $(PY) -m pytest -q -p no:cacheprovider spec_site/tests
