# The machine-readable spec: its own consistency, the generated errata
# document, and the headers checked against it.

CHECKS += check-vectors check-abi check-outputs

# The spec text, when at hand (SPEC=dir, else ../shared/spec): every uDAPL
# clause is then also held against its man page.
VECTORS_SPEC = $(or $(SPEC),$(wildcard ../shared/spec))

check-vectors:  ## vectors/ well-formed; docs/errata.md generated from them (SPEC=dir: clauses against the pages)
	$(PY) vectors/tools/check_vectors.py $(if $(VECTORS_SPEC),--spec "$(VECTORS_SPEC)")
	$(PY) -m pytest -q -p no:cacheprovider vectors/tools/test_check_vectors.py

check-abi:  ## headers compile alone (C99, C++) and declare exactly the calls in vectors/
	$(PY) vectors/tools/check_abi.py

# Every OUT parameter and OUT-structure field of the 2010 calls is read by
# some corpus test, or vectors/<api>/outputs.json says why the spec leaves
# it unobservable (clang's syntax tree of spec_tests/<api>/*.c and the
# sequence tests).  --ext adds the extension tier (reported, not gated).
check-outputs: | deps  ## every OUT parameter and field is read by a test (or listed with the reason)
	$(PY) vectors/tools/check_outputs.py

errata:  ## regenerate docs/errata.md from vectors/*/errata.json
	$(PY) vectors/tools/check_vectors.py --write
