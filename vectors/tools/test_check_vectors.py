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
    for source in ("vendor gni_pub.h, search-index file 3675903904",
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
