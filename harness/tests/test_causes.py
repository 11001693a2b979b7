"""Failures grouped by cause (harness/causes.py): the crash site a test
records, one row per first failing call and result, and the reports
that show them beside the per-test list."""

import os

import pytest

from conftest import Layout, program
from harness import causes

CRASHES = {
    "ugni.cq_create.crash.in_library_a": "CRASH",
    "ugni.cq_create.crash.in_library_b": "CRASH",
    "ugni.cq_create.crash.in_test": "CRASH",
    "ugni.cq_create.fail.same_a": "FAIL",
    "ugni.cq_create.fail.same_b": "FAIL",
    "ugni.cq_create.fail.other": "FAIL",
}


@pytest.fixture(scope="module")
def crashes(tmp_path_factory):
    lay = Layout(tmp_path_factory.mktemp("crashes"), {"ugni": "crashes"},
                 ["libugni.so"])
    run = lay.certify("--api", "ugni", timeout=5)
    assert run.results, run.stdout + run.stderr
    return run


def test_the_crashes_program_breaks_as_designed(crashes):
    assert crashes.verdicts() == CRASHES


def test_a_crash_records_where_it_happened(crashes):
    crash = crashes.test("ugni.cq_create.crash.in_library_a")["crash"]
    assert crash["signal"] == "SIGSEGV"
    # innermost first: the library function that faulted, then the test
    assert crash["frames"][0].startswith("rdmacts_fake_fault+0x")
    assert crash["frames"][0].endswith("@libugni.so")
    assert any(f.startswith("ugni_tests+0x") for f in crash["frames"][1:])


def test_crashes_in_one_call_make_one_row(crashes):
    groups = crashes.results["apis"]["ugni"]["causes"]
    by_phrase = {g["phrase"]: g for g in groups}
    g = by_phrase["2 tests crash in rdmacts_fake_fault (SIGSEGV)"]
    assert sorted(g["tests"]) == ["ugni.cq_create.crash.in_library_a",
                                  "ugni.cq_create.crash.in_library_b"]
    assert g["frames"][0].startswith("rdmacts_fake_fault+0x")
    # a crash in the test's own code is its own row
    own = [g for g in groups if g["tests"] == ["ugni.cq_create.crash.in_test"]]
    assert own and own[0]["result"] == "SIGSEGV in the test's own code"


def test_failures_group_by_call_and_result(crashes):
    groups = crashes.results["apis"]["ugni"]["causes"]
    fails = sorted((g["count"], g["result"]) for g in groups
                   if g["verdict"] == "FAIL")
    assert fails == [(1, "gave 0 (expected 7)"), (2, "gave 0 (expected 2)")]
    # largest first
    assert [g["count"] for g in groups] == sorted(
        (g["count"] for g in groups), reverse=True)


def test_the_reports_show_the_groups_beside_the_tests(crashes):
    assert "Failures by cause" in crashes.stdout
    assert "2 tests crash in rdmacts_fake_fault (SIGSEGV)" in crashes.stdout
    assert "Tests that did not pass:" in crashes.stdout
    html = crashes.read("report.html")
    assert "Failures by cause" in html
    assert "rdmacts_fake_fault" in html
    # each group links to its tests' entries in the per-test list
    assert "href='#t-ugni.cq_create.crash.in_library_a'" in html
    assert "id='t-ugni.cq_create.crash.in_library_a'" in html


def rec(verdict, failures=(), crash=None, api="udapl", call="dat_ep_create",
        tier="conformance", name="t"):
    return dict(api=api, verdict=verdict, failures=list(failures), crash=crash,
                c_call=call, call=call, tier=tier, name=name, detail="")


def test_a_dat_return_is_named_by_its_type():
    f = dict(expected="0(DAT_SUCCESS)", observed="2148139106",
             msg="(dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG)) == DAT_SUCCESS",
             clause="c", at="x.c:1")
    c = causes.cause(rec("FAIL", [f]))
    assert (c["call"], c["result"]) == (
        "dat_ia_close", "returned DAT_PROVIDER_NOT_FOUND (expected DAT_SUCCESS)")


def test_the_outermost_library_frame_is_the_call_the_test_made():
    crash = dict(signal="SIGSEGV", frames=[
        "memcpy+0x10@libc.so.6", "dapl_ep_create+0x20@libdat_rdmacts.so",
        "dat_ep_create+0x5@libdat.so.1", "udapl_tests+0x1234",
        "CU_run_test+0x20@libcunit.so.1"])
    c = causes.cause(rec("CRASH", crash=crash))
    assert c["call"] == "dat_ep_create"
    assert c["result"] == "SIGSEGV at memcpy"
    assert c["frames"] == crash["frames"][:3]
    assert causes.phrase(dict(c, count=183)) == \
        "183 tests crash in dat_ep_create (SIGSEGV at memcpy)"


def test_a_call_through_null_names_its_caller():
    crash = dict(signal="SIGSEGV", frames=["NULL", "dat_ia_query+0x43@libdat.so",
                                            "udapl_tests+0x99"])
    c = causes.cause(rec("CRASH", crash=crash))
    assert (c["call"], c["result"]) == ("dat_ia_query",
                                        "SIGSEGV at a call through NULL")


def test_passes_and_unsupported_are_not_grouped():
    assert causes.group([rec("PASS"), rec("UNSUPPORTED")]) == []


def test_tiers_are_counted_per_group():
    crash = dict(signal="SIGSEGV", frames=["dat_srq_create+0x30@libdat.so",
                                            "udapl_tests+0x1"])
    groups = causes.group([rec("CRASH", crash=crash, name="a"),
                           rec("CRASH", crash=crash, name="b", tier="robustness")])
    (g,) = groups
    assert g["tiers"] == {"conformance": 1, "robustness": 1}
    assert g["phrase"] == "2 tests crash in dat_srq_create (SIGSEGV)"


def test_a_crash_in_unloaded_code_is_not_merged_with_another():
    """A library unloaded under a running call leaves no symbol to name:
    the row says so, apart from a crash of the same call elsewhere."""
    gone = rec("CRASH", name="a", crash=dict(
        signal="SIGSEGV", frames=["unmapped+0x7f0012345678"]))
    other = rec("CRASH", name="b", crash=dict(
        signal="SIGSEGV", frames=["dat_ep_create+0x8@libdat.so", "udapl_tests+0x1"]))
    silent = rec("CRASH", name="c")
    silent["detail"] = "SIGSEGV"
    rows = {g["result"]: g["tests"] for g in causes.group([gone, other, silent])}
    assert rows == {"SIGSEGV in unmapped code": ["a"], "SIGSEGV": ["b"],
                    "SIGSEGV, no crash site recorded": ["c"]}


def test_the_last_crash_line_wins():
    """The faulting instruction first, the whole stack after it."""
    from harness import record
    rec_text = ("\nRDMACTS-CRASH signal=SIGSEGV frames=f+0x1@libx.so\n"
                "\nRDMACTS-CRASH signal=SIGSEGV frames=f+0x1@libx.so;udapl_tests+0x2\n")
    assert record.parse_crash(rec_text) == dict(
        signal="SIGSEGV", frames=["f+0x1@libx.so", "udapl_tests+0x2"])
