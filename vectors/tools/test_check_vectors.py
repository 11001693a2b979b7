"""check_vectors refuses evidence a reader cannot follow (docs/vectors.md)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_vectors as cv  # noqa: E402


def problems_of(item):
    out = []
    cv.check_evidence("E-X-001", [item], out)
    return out


def test_internal_look_up_numbers_are_refused():
    synthetic = "9" * 10		# no real index's number
    for source in ("vendor gni_pub.h, search-index file " + synthetic,
                   "a header (repository not shown)",
                   "public copy, id 987654321",
                   "file 12345 of the index"):
        got = problems_of({"source": source, "where": "the call", "shows": "what it does"})
        assert any("look-up number" in p for p in got), source


def test_a_none_found_record_is_checked_too():
    got = problems_of({"source": cv.NONE_FOUND, "searched": "index file 4242424 read"})
    assert any("look-up number" in p for p in got)


def test_public_sources_pass():
    for source in ("illumos-gate usr/src/lib/udapl/udapl_tavor/common/dapl_cno_wait.c "
                   "at commit 9e39c5ba00a55fa05777cc94b148296af305e135",
                   "cray-gni 1.0-1.0400.4123.8.8.gem source RPM",
                   "vendor dmapp.h ($LastChangedRevision 2964), 112,923 characters, line 1234"):
        assert problems_of({"source": source, "where": "the call", "shows": "what it does"}) == []


# Sources: every clause states words of the specification (spec_site/sources.py)

PAGE = """DAT_X_CALL(3DAT)                                            DAT_X_CALL(3DAT)

NAME
       dat_x_call - an example page

DESCRIPTION
       The dat_x_call() function does one thing. It returns DAT_SUCCESS when
       it did it.


       A second paragraph says something else.

RETURN VALUES
       DAT_SUCCESS
                     The operation was successful.

                                 July 16, 2004           DAT_X_CALL(3DAT)
"""


def clause(source, cid="UDAPL-dat_x_call-one"):
    c = {"id": cid, "call": None, "section": "dat_x_call(3DAT) DESCRIPTION", "kind": "data",
         "statement": "s", "expected": "e", "testability": "testable",
         "tier": "conformance", "mandatory": True, "errata": [], "readings": []}
    if source is not None:
        c["source"] = source
    return c


def checked(clauses, errata=("E-UDAPL-001",)):
    out = []
    cv.check_clauses("udapl", {"clauses": clauses}, "clauses.json", set(), set(errata), out)
    return out


def words(tmp_path, source):
    (tmp_path / "udapl").mkdir()
    (tmp_path / "udapl" / "dat_x_call.txt").write_text(PAGE)
    out = []
    cv.check_source_words("udapl", [clause(source)], "clauses.json",
                          cv.spectext.load(str(tmp_path)), set(), out)
    return out


def test_a_clause_without_source_is_refused():
    assert any("missing field 'source'" in p for p in checked([clause(None)]))


def test_source_shapes():
    good = [{"section": "dat_x_call(3DAT) DESCRIPTION", "quote": "does one thing"},
            {"erratum": "E-UDAPL-001"},
            {"derived": [{"section": "a", "quote": "one sentence"},
                         {"section": "b", "table": "Table 1. x", "row": "a row"}]}]
    for s in good:
        assert checked([clause(s)]) == [], s
    bad = [{"erratum": "E-UDAPL-999"},
           {"derived": [{"section": "a", "quote": "only one"}]},
           {"section": "a", "quote": "two\nlines"},
           {"section": "a", "quote": "x" * 500},
           {"quote": "no section"},
           "a bare string"]
    for s in bad:
        assert checked([clause(s)]), s


def test_a_verbatim_quote_passes(tmp_path):
    # across a line break of the page, as the normalised text reads it
    assert words(tmp_path, {"section": "dat_x_call(3DAT) DESCRIPTION",
                            "quote": "It returns DAT_SUCCESS when it did it."}) == []


def test_a_quote_not_in_its_section_is_refused(tmp_path):
    got = words(tmp_path, {"section": "dat_x_call(3DAT) DESCRIPTION",
                           "quote": "The operation was successful."})
    assert any("is not in section" in p for p in got)


def test_a_quote_across_paragraphs_is_refused(tmp_path):
    got = words(tmp_path, {"section": "dat_x_call(3DAT) DESCRIPTION",
                           "quote": "when it did it. A second paragraph"})
    assert got


def test_a_section_the_text_lacks_is_refused(tmp_path):
    got = words(tmp_path, {"derived": [
        {"section": "dat_x_call(3DAT) DESCRIPTION", "quote": "does one thing"},
        {"section": "dat_x_call(3DAT) USAGE", "quote": "does one thing"}]})
    assert any("is not a section of the text" in p for p in got)


def test_informative_rules_are_checked():
    from spec_site import place
    assert place.rule_problems({"heading": "SEE ALSO", "reason": "cross-reference",
                                "why": "names related pages"}) == []
    assert place.rule_problems({"heading": "SEE ALSO", "reason": "boring",
                                "why": "names related pages"})
    assert place.rule_problems({"reason": "overview", "why": "selects nothing at all"})
    assert place.rule_problems({"quote": "x", "reason": "overview", "why": "no section named"})
    assert place.rule_problems({"pattern": "(", "reason": "overview", "why": "bad expression"})


def test_an_informative_rule_must_select_a_sentence(tmp_path):
    from spec_site import place
    (tmp_path / "udapl").mkdir()
    (tmp_path / "udapl" / "dat_x_call.txt").write_text(PAGE)
    text = cv.spectext.load(str(tmp_path))["udapl"]
    assert place.matches({"heading": "NAME"}, text)
    assert not place.matches({"section": "dat_x_call(3DAT) DESCRIPTION",
                              "quote": "not in the page"}, text)
