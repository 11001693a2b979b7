"""`python3 -m harness certify`: verdicts, isolation, filters, rerun,
decision, exit status and reports."""

import json
import os
import shutil
import time
import xml.etree.ElementTree as ET

import pytest

from conftest import Layout, clause

MIXED = {
    "ugni.cdm_create.pass.arithmetic": "PASS",
    "ugni.cq_create.fail.eq_int": "FAIL",
    "ugni.cq_create.fail.rc_in": "FAIL",
    "ugni.cq_create.fail.require": "FAIL",
    "ugni.cq_create.fail.no_check": "FAIL",
    "ugni.mem_register.fail.mem_eq": "FAIL",
    "ugni.mem_register.fail.u64": "FAIL",
    "ugni.mem_register.crash.segv": "CRASH",
    "ugni.mem_register.crash.abort": "CRASH",
    "ugni.post_fma.hang.forever": "TIMEOUT",
    "ugni.smsg_send.unsupported.faults": "UNSUPPORTED",
    "ugni.smsg_send.fail.then_unsupported": "FAIL",
    "ugni.cq_create.robust.stale_handle": "FAIL",
    "ugni.cdm_create.fail.optional_clause": "FAIL",
    "ugni.mem_register.fail.capability_clause": "FAIL",
    "ugni.mem_register.unsupported.lacks_capability": "UNSUPPORTED",
    "ugni.comp_chan_fd.pass.extension": "PASS",
    "ugni.comp_chan_create.unsupported.declined": "UNSUPPORTED",
    "dmapp.init.ranks.both_pass": "PASS",
    "dmapp.init.ranks.rank1_fails": "FAIL",
    "dmapp.init.ranks.rank1_crashes": "CRASH",
    "dmapp.init.ranks.rank1_exits_0": "CRASH",
}


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    """Every verdict at once; uDAPL offered without a corpus."""
    lay = Layout(tmp_path_factory.mktemp("mixed"),
                 {"ugni": "verdicts", "dmapp": "ranks"},
                 ["libugni.so", "libdmapp.so", "libdat.so"])
    _with_call(lay, "GNI_PostFma")
    start = time.monotonic()
    run = lay.certify(timeout=2)
    run.elapsed = time.monotonic() - start
    run.layout = lay
    return run


def test_each_verdict(mixed):
    assert mixed.verdicts() == MIXED, mixed.stdout + mixed.stderr


def test_a_crash_and_a_hang_do_not_stop_the_run(mixed):
    # All 18 tests have a verdict, and the hang cost one timeout, not the run.
    assert len(mixed.results["tests"]) == len(MIXED)
    assert mixed.elapsed < 15


def test_timeout_kills_the_process_group(mixed):
    binary = os.path.join(mixed.layout.bin, "ugni_tests")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().decode(errors="replace")
        except OSError:
            continue
        assert binary not in cmd, f"left running: {cmd}"


def test_fail_details_are_parsed(mixed):
    t = mixed.test("ugni.cq_create.fail.eq_int")
    (f,) = t["failures"]
    assert f["clause"] == "T-UGNI-CQ-1"
    assert f["expected"] == "2(FAKE_RC_INVALID_PARAM)"
    assert f["observed"] == "0(FAKE_RC_SUCCESS)"


def test_crash_names_the_signal(mixed):
    assert mixed.test("ugni.mem_register.crash.segv")["detail"] == "SIGSEGV"
    assert mixed.test("ugni.mem_register.crash.abort")["detail"] == "SIGABRT"


def test_unsupported_carries_its_reason(mixed):
    t = mixed.test("ugni.smsg_send.unsupported.faults")
    assert "test-control" in t["detail"]


def test_multi_process_verdict_is_the_worst_rank(mixed):
    t = mixed.test("dmapp.init.ranks.rank1_fails")
    assert [r["verdict"] for r in t["ranks"]] == ["PASS", "FAIL"]
    assert t["failures"][0]["rank"] == 1
    crash = mixed.test("dmapp.init.ranks.rank1_crashes")
    assert crash["detail"] == "rank 1: SIGSEGV"
    gone = mixed.test("dmapp.init.ranks.rank1_exits_0")
    assert [r["verdict"] for r in gone["ranks"]] == ["PASS", "CRASH"]
    assert gone["detail"] == \
        "rank 1: exited with status 0 without a verdict"
    assert [r["verdict"] for r in mixed.test(
        "dmapp.init.ranks.both_pass")["ranks"]] == ["PASS", "PASS"]


def test_api_statuses_and_exit_status(mixed):
    apis = mixed.results["apis"]
    assert apis["ugni"]["status"] == "NOT CONFORMANT"
    assert apis["dmapp"]["status"] == "NOT CONFORMANT"
    assert apis["udapl"]["status"] == "INCOMPLETE"
    assert any("no corpus yet" in n for n in apis["udapl"]["notes"])
    assert mixed.results["overall"] == "NOT CONFORMANT"
    assert mixed.status == 1


def test_tiers_exports_coverage_errata(mixed):
    u = mixed.results["apis"]["ugni"]
    assert u["counts"]["robustness"] == {"FAIL": 1}
    assert (u["calls_exported"], u["calls_total"]) == (3, 4)
    assert u["missing_calls"] == ["GNI_PostFma"]
    assert (u["coverage"]["covered"], u["coverage"]["testable"]) == (7, 8)
    assert u["coverage"]["uncovered"] == ["T-UGNI-NOTEST"]
    assert u["coverage"]["untestable"] == 1
    assert "T-UGNI-MEM-1" in u["coverage"]["unknown_ids"]
    assert u["errata"] == 2
    assert "3 of 4 calls exported" in mixed.stdout


def test_unknown_clause_counts_as_mandatory(mixed):
    t = mixed.test("ugni.post_fma.hang.forever")  # T-UGNI-FMA-1: unknown
    assert t["mandatory"] is True
    assert mixed.test("ugni.cdm_create.fail.optional_clause")[
        "mandatory"] is False


def test_html_report(mixed):
    html = mixed.read("report.html")
    for word in ("PASS", "FAIL", "CRASH", "TIMEOUT", "UNSUPPORTED",
                 "NOT CONFORMANT", "INCOMPLETE"):
        assert f">{word}<" in html, word
    assert "A NULL cq_hndl returns GNI_RC_INVALID_PARAM." in html
    assert "3.3.1.3" in html
    assert "2(FAKE_RC_INVALID_PARAM)" in html
    assert "Robustness tier" in html
    assert "3 of 4 calls exported" in html
    assert "<script" not in html and "http" not in html.replace(
        "http-equiv", "")
    assert "<link" not in html


def test_junit_report(mixed):
    root = ET.fromstring(mixed.read("junit.xml"))
    # every test, and three checks of each offered library
    assert root.get("tests") == str(len(MIXED) + 3 * 3)
    ugni = root.find("testsuite[@name='rdmacts.ugni']")
    # 9 FAIL and the missing GNI_PostFma; the robustness FAIL is apart
    assert (ugni.get("failures"), ugni.get("errors"), ugni.get("skipped")) \
        == ("10", "3", "3")
    case = ugni.find("testcase[@name='ugni.mem_register.crash.segv']")
    assert case.find("error").get("type") == "CRASH"
    exports = ugni.find("testcase[@name='ugni.library.exports_every_call']")
    assert "GNI_PostFma" in exports.find("failure").get("message")
    rob = root.find("testsuite[@name='rdmacts.ugni.robustness']")
    assert [c.get("name") for c in rob.iter("testcase")] == [
        "ugni.cq_create.robust.stale_handle"]
    assert rob.get("failures") == "1"
    udapl = root.find("testsuite[@name='rdmacts.udapl']")
    lists = udapl.find("testcase[@name='udapl.corpus.lists_its_tests']")
    assert "no corpus yet" in lists.find("error").get("message")


def test_rerun_reruns_only_what_did_not_pass(mixed, tmp_path):
    lay = mixed.layout
    saved = str(tmp_path / "out")
    shutil.copytree(lay.out, saved)
    lay2 = Layout.__new__(Layout)
    lay2.__dict__.update(lay.__dict__, out=saved)
    run = lay2.certify("--rerun-failures", timeout=2)
    assert run.verdicts() == MIXED
    rerun = {t["name"] for t in run.results["tests"] if t["rerun"]}
    assert rerun == {n for n, v in MIXED.items() if v != "PASS"}
    assert run.results["rerun"] is True
    assert run.status == 1


def test_rerun_without_previous_results_is_an_error(layout):
    lay = layout({"ugni": "allpass"})
    run = lay.certify("--rerun-failures")
    assert run.status == 2
    assert "previous run" in run.stderr


def _with_call(lay, name):
    """Documents one more call, which the stand-in library lacks."""
    path = os.path.join(lay.vectors, "ugni", "calls.json")
    with open(path) as f:
        calls = json.load(f)
    calls["calls"].append(dict(name=name, section="3.5.1", kind="function"))
    with open(path, "w") as f:
        json.dump(calls, f)


def test_conformant_implementation(layout):
    # allpass starts only if the harness puts IMPL on LD_LIBRARY_PATH.
    lay = layout({"ugni": "allpass"}, libs=["libugni.so"])
    run = lay.certify()
    assert run.status == 0, run.stdout + run.stderr
    apis = run.results["apis"]
    assert apis["ugni"]["status"] == "CONFORMANT"
    assert apis["dmapp"]["status"] == apis["udapl"]["status"] == "NOT OFFERED"
    assert run.results["overall"] == "CONFORMANT"
    assert "Overall: CONFORMANT" in run.stdout


def test_a_missing_documented_call_is_not_conformant(layout):
    """Every test passes, but the library lacks a call the vectors
    document: no CONFORMANT verdict (docs/certification.md)."""
    lay = layout({"ugni": "allpass"}, libs=["libugni.so"])
    _with_call(lay, "GNI_PostFma")
    run = lay.certify()
    assert set(run.verdicts().values()) == {"PASS"}
    u = run.results["apis"]["ugni"]
    assert u["status"] == "NOT CONFORMANT"
    assert u["missing_calls"] == ["GNI_PostFma"]
    assert "1 documented call(s) not exported: GNI_PostFma" in run.stdout
    assert run.status == 1


def test_impl_without_libraries_offers_nothing(layout):
    lay = layout({"ugni": "allpass"}, libs=[])
    run = lay.certify()
    assert {a["status"] for a in run.results["apis"].values()} == {
        "NOT OFFERED"}
    assert run.results["tests"] == []
    assert "libugni.so is not in IMPL" in run.stdout
    assert run.results["overall"] == "INCOMPLETE"
    assert run.status == 3


def test_filter_by_api(layout):
    lay = layout({"ugni": "verdicts", "dmapp": "ranks"},
                 libs=["libugni.so", "libdmapp.so"])
    run = lay.certify("--api", "dmapp")
    assert set(run.results["apis"]) == {"dmapp"}
    assert set(run.verdicts()) == {n for n in MIXED if n.startswith("dmapp.")}


def test_filter_by_call_component(layout):
    run = layout({"ugni": "verdicts"}).certify("--call", "cq_create",
                                               "--api", "ugni")
    assert set(run.verdicts()) == {n for n in MIXED
                                   if n.startswith("ugni.cq_create.")}


def test_filter_by_c_call_name_follows_clauses(layout):
    run = layout({"ugni": "verdicts"}).certify("--call", "GNI_MemRegister",
                                               "--api", "ugni")
    assert set(run.verdicts()) == {
        "ugni.mem_register.fail.mem_eq", "ugni.mem_register.fail.u64",
        "ugni.mem_register.crash.segv", "ugni.mem_register.crash.abort",
        "ugni.cdm_create.fail.optional_clause",
        "ugni.mem_register.fail.capability_clause",
        "ugni.mem_register.unsupported.lacks_capability"}


def test_filter_by_clause(layout):
    run = layout({"ugni": "verdicts"}).certify("--clause", "T-UGNI-CQ-2",
                                               "--api", "ugni")
    assert set(run.verdicts()) == {"ugni.cq_create.fail.rc_in"}
    assert run.status == 1


def test_optional_clause_failure_does_not_decide(layout):
    run = layout({"ugni": "verdicts"}).certify("--call", "cdm_create",
                                               "--api", "ugni")
    assert run.verdicts() == {
        "ugni.cdm_create.pass.arithmetic": "PASS",
        "ugni.cdm_create.fail.optional_clause": "FAIL"}
    assert run.results["apis"]["ugni"]["status"] == "CONFORMANT"
    assert run.status == 0
    assert "filtered run" in run.stdout


def test_capability_failure_decides(layout):
    """A test of an optional capability may be UNSUPPORTED, but when it
    runs and fails the capability is offered and wrong."""
    run = layout({"ugni": "verdicts"}).certify("--clause", "T-UGNI-CAP",
                                               "--api", "ugni")
    assert run.verdicts() == {
        "ugni.mem_register.fail.capability_clause": "FAIL"}
    assert run.results["apis"]["ugni"]["status"] == "NOT CONFORMANT"
    assert run.test("ugni.mem_register.fail.capability_clause")[
        "capability"] == "a test capability"


def test_lacked_capability_is_not_incomplete(layout):
    """A mandatory test that needs a capability the implementation lacks
    (rt_lacks) is counted apart, not as conformance left unshown."""
    run = layout({"ugni": "verdicts"}).certify(
        "--clause", "T-UGNI-LACK", "--clause", "T-UGNI-CDM-1", "--api", "ugni")
    assert run.verdicts() == {
        "ugni.mem_register.unsupported.lacks_capability": "UNSUPPORTED",
        "ugni.cdm_create.pass.arithmetic": "PASS"}
    assert run.test("ugni.mem_register.unsupported.lacks_capability")[
        "lacks"] == "test-capability"
    assert run.results["apis"]["ugni"]["status"] == "CONFORMANT"
    assert any("test-capability (1)" in n
               for n in run.results["apis"]["ugni"]["notes"])


def test_lacks_needs_every_rank():
    """Ranks that disagree on the lacked capability prove nothing."""
    from harness.certify import lacked_capability
    rec = dict(verdict="UNSUPPORTED",
               unsupported_reason="rank 0: lacks=SRQ x; rank 1: lacks=SRQ y")
    assert lacked_capability(rec) == "SRQ"
    rec["unsupported_reason"] = "rank 0: lacks=SRQ x; rank 1: no knob"
    assert lacked_capability(rec) == ""
    rec["verdict"] = "FAIL"
    assert lacked_capability(dict(rec, unsupported_reason="lacks=SRQ")) == ""


def test_profiles_check_finds_unexercised(tmp_path):
    """profiles-check: a test UNSUPPORTED under every profile fails it."""
    import json
    from harness import profiles
    def report(name, verdicts):
        d = tmp_path / name
        d.mkdir()
        (d / "results.json").write_text(json.dumps(dict(
            overall="CONFORMANT", profile=dict(name=name),
            tests=[dict(api="udapl", name=t, verdict=v, unsupported_reason="r")
                   for t, v in verdicts.items()])))
        return str(d)
    a = report("full", {"t.one": "PASS", "t.two": "UNSUPPORTED"})
    b = report("minimal", {"t.two": "PASS", "t.three": "UNSUPPORTED"})
    assert profiles.check([a, b]) == 1
    assert set(profiles.never_run([json.load(open(a + "/results.json")),
                                   json.load(open(b + "/results.json"))])) == \
        {("udapl", "t.three")}
    c = report("other", {"t.three": "PASS"})
    assert profiles.check([a, b, c]) == 0


def test_mandatory_unsupported_is_incomplete(layout):
    run = layout({"ugni": "verdicts"}).certify("--clause", "T-UGNI-SMSG-1",
                                               "--api", "ugni")
    assert run.verdicts() == {"ugni.smsg_send.unsupported.faults":
                              "UNSUPPORTED"}
    assert run.results["apis"]["ugni"]["status"] == "INCOMPLETE"
    assert run.status == 3


def test_no_test_selected(layout):
    # a documented call (a macro) that no test of the corpus is about
    run = layout({"ugni": "verdicts"}).certify("--call", "GNI_CQ_GET_TYPE",
                                               "--api", "ugni")
    assert run.results["apis"]["ugni"]["status"] == "NO TESTS SELECTED"
    assert run.results["overall"] == "INCOMPLETE"
    assert run.status == 3


@pytest.mark.parametrize("option,value", [("--call", "no_such_call"),
                                          ("--clause", "T-NO-SUCH-CLAUSE")])
def test_unknown_call_or_clause_is_a_usage_error(layout, option, value):
    """A typo must not read as a certification: one line, exit 2, no
    report."""
    run = layout({"ugni": "verdicts"}).certify(option, value)
    assert run.status == 2
    assert run.stderr.count("\n") == 1 and value in run.stderr
    assert not os.path.exists(run.out)


def test_corpus_that_cannot_list_is_reported(layout):
    run = layout({"ugni": "badreg"}).certify("--api", "ugni")
    u = run.results["apis"]["ugni"]
    assert u["status"] == "INCOMPLETE"
    assert any("could not list" in n for n in u["notes"])
    assert run.status == 3


def test_missing_vectors_count_as_empty(layout):
    run = layout({"ugni": "allpass"}, vectors=False).certify()
    u = run.results["apis"]["ugni"]
    assert (u["calls_total"], u["coverage"]["testable"], u["errata"]) == \
        (0, 0, 0)
    assert u["status"] == "CONFORMANT"  # unknown clauses: mandatory, passed


def test_unreadable_vectors_make_it_incomplete(layout):
    lay = layout({"ugni": "allpass"})
    with open(os.path.join(lay.vectors, "ugni", "clauses.json"), "w") as f:
        f.write("{ half written")
    run = lay.certify()
    u = run.results["apis"]["ugni"]
    assert u["status"] == "INCOMPLETE"
    assert any("clauses.json" in p for p in u["problems"])


def test_unknown_api_is_a_usage_error(layout):
    run = layout({"ugni": "allpass"}).certify("--api", "verbs")
    assert run.status == 2
    assert "unknown API" in run.stderr


def test_overhead_per_test(layout, capsys):
    lay = layout({"ugni": "trivial200"})
    start = time.monotonic()
    run = lay.certify("--api", "ugni", "--quiet")
    elapsed = time.monotonic() - start
    assert run.status == 0
    assert list(run.verdicts().values()) == ["PASS"] * 200
    with capsys.disabled():
        print(f"\nharness overhead: 200 trivial tests in {elapsed:.2f} s "
              f"= {200 / elapsed:.0f} tests/s on {os.cpu_count()} core(s), "
              f"{1000 * elapsed / 200:.1f} ms per test (whole certify run)")


def test_launcher_is_one_setting(layout, tmp_path):
    log = tmp_path / "launches.log"
    script = tmp_path / "launch.sh"
    script.write_text(f'printf "%s\\n" "$*" >> {log}\nexec mpiexec "$@"\n')
    lay = layout({"dmapp": "ranks"}, libs=["libdmapp.so"])
    run = lay.certify("--launcher", f"sh {script} -n {{np}}", "--call", "init")
    assert run.verdicts()["dmapp.init.ranks.both_pass"] == "PASS"
    lines = log.read_text().splitlines()
    # each rank under its keeper
    assert len(lines) == 4 and all(
        x.startswith("-n 2 ") and "rdmacts-keeper --rank-report " in x
        for x in lines), lines


def test_project_launcher_is_the_default_when_built(layout):
    from conftest import REPO
    wrapper = os.path.join(REPO, "build", "bin", "rdmacts-run")
    if not os.access(wrapper, os.X_OK):
        pytest.skip("build/bin/rdmacts-run is not built")
    lay = layout({"dmapp": "ranks"}, libs=["libdmapp.so"])
    os.symlink(wrapper, os.path.join(lay.bin, "rdmacts-run"))
    run = lay.certify("--call", "init")
    assert run.results["launcher"].endswith("rdmacts-run -n {np}")
    assert run.verdicts()["dmapp.init.ranks.both_pass"] == "PASS"
    assert run.verdicts()["dmapp.init.ranks.rank1_crashes"] == "CRASH"


def _with_extension(lay):
    """The extension tier: two calls of a later header, and T-UGNI-MEM-1
    (whose tests fail) moved there from nowhere, so that failing, passing
    and declined extension tests run beside a conformant core."""
    def ext_clause(cid, call):
        return dict(clause(cid, call, "gni_pub.h 0x61", "An extension rule."),
                    source="the header says so")
    calls = {"api": "ugni", "calls": [
        dict(name=n, section="gni_pub.h 0x61", kind="function",
             origin="gni_pub.h 0x61", modelled=True)
        for n in ("GNI_CompChanCreate", "GNI_CompChanFd", "GNI_CompChanGetEvent")]}
    clauses = {"api": "ugni", "clauses": [
        ext_clause("T-UGNI-X-CHAN", "GNI_CompChanCreate"),
        ext_clause("T-UGNI-X-FD", "GNI_CompChanFd"),
        ext_clause("T-UGNI-MEM-1", "GNI_CompChanGetEvent")]}
    for name, data in (("ext-calls", calls), ("ext-clauses", clauses)):
        with open(os.path.join(lay.vectors, "ugni", name + ".json"), "w") as f:
            json.dump(data, f)


def test_extension_tier_is_reported_apart(layout):
    """Extension tests run and are accounted per call, and never decide
    the 2010 core's verdict: failing extension tests beside a passing
    core leave it CONFORMANT (docs/extension.md)."""
    lay = layout({"ugni": "verdicts"})
    _with_extension(lay)
    run = lay.certify("--clause", "T-UGNI-CDM-1", "--clause", "T-UGNI-X-CHAN",
                      "--clause", "T-UGNI-X-FD", "--clause", "T-UGNI-MEM-1",
                      "--api", "ugni")
    assert run.verdicts()["ugni.mem_register.fail.mem_eq"] == "FAIL"
    u = run.results["apis"]["ugni"]
    assert u["status"] == "CONFORMANT", run.stdout
    assert run.status == 0
    assert u["counts"]["conformance"] == {"PASS": 1}
    x = u["extension"]
    assert x["kinds"]["implemented"] == ["GNI_CompChanFd"]
    assert x["kinds"]["honest error"] == ["GNI_CompChanCreate"]
    assert x["kinds"]["failing"] == []
    assert x["kinds"]["not exported"] == ["GNI_CompChanGetEvent"]
    assert x["summary"] == ("1 of 3 calls implemented, 1 honest error, "
                            "1 not exported")
    assert "CONFORMANT (2010 core)" in run.stdout
    assert "extension (later vendor headers" in run.stdout
    root = ET.fromstring(run.read("junit.xml"))
    ext = root.find("testsuite[@name='rdmacts.ugni.extension']")
    assert ext.get("failures") == "2" and ext.get("skipped") == "1"
    assert root.find("testsuite[@name='rdmacts.ugni']").get("failures") == "0"
    assert "Extension tier" in run.read("report.html")


def test_core_only_skips_the_extension(layout):
    lay = layout({"ugni": "verdicts"})
    _with_extension(lay)
    run = lay.certify("--clause", "T-UGNI-CDM-1", "--clause", "T-UGNI-X-FD",
                      "--api", "ugni", "--core-only")
    assert run.verdicts() == {"ugni.cdm_create.pass.arithmetic": "PASS"}
