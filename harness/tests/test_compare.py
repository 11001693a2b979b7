"""`certify --compare DIR2`: two implementations side by side."""

import json
import os

from harness import compare


def _doc(impl, overall, tests, apis=None):
    return dict(impl=impl, overall=overall, apis=apis or {},
                tests=[dict(api=n.split(".")[0], name=n, verdict=v,
                            tier="conformance", detail="")
                       for n, v in tests.items()])


def test_rows_put_differences_first():
    a = _doc("A", "CONFORMANT", {"ugni.a.x.y": "PASS", "ugni.b.x.y": "PASS",
                                 "ugni.c.x.y": "FAIL"})
    b = _doc("B", "NOT CONFORMANT", {"ugni.a.x.y": "PASS",
                                     "ugni.b.x.y": "CRASH",
                                     "ugni.d.x.y": "PASS"})
    rows = compare.rows(a, b)
    assert [(r["name"], r["a"], r["b"], r["differ"]) for r in rows] == [
        ("ugni.b.x.y", "PASS", "CRASH", True),
        ("ugni.c.x.y", "FAIL", "not run", True),
        ("ugni.d.x.y", "not run", "PASS", True),
        ("ugni.a.x.y", "PASS", "PASS", False),
    ]


def test_identical_runs_have_no_difference():
    a = _doc("A", "CONFORMANT", {"ugni.a.x.y": "PASS"})
    assert not any(r["differ"] for r in compare.rows(a, a))


def test_compare_against_an_implementation_without_the_library(layout,
                                                               tmp_path):
    lay = layout({"ugni": "allpass"})
    empty = tmp_path / "empty-impl"
    empty.mkdir()
    run = lay.certify("--api", "ugni", "--compare", str(empty))
    assert run.status == 0, run.stdout + run.stderr
    with open(os.path.join(lay.out, "compare.json")) as f:
        doc = json.load(f)
    assert doc["overall_a"] == "CONFORMANT"
    assert doc["overall_b"] == "INCOMPLETE"
    assert doc["rows"] and all(r["differ"] for r in doc["rows"])
    assert all(r["a"] == "PASS" and r["b"] == "not run" for r in doc["rows"])
    assert f"{len(doc['rows'])} of {len(doc['rows'])} test(s) differ" \
        in run.stdout
    html = run.read("report.html")
    assert "Side by side" in html and "not run" in html
    assert os.path.exists(os.path.join(lay.out, "compare", "results.json"))
    assert "Side by side" in run.read("compare.html")


def test_compare_with_itself_shows_no_difference(layout):
    lay = layout({"ugni": "allpass"})
    run = lay.certify("--api", "ugni", "--compare", lay.impl)
    assert run.status == 0, run.stdout + run.stderr
    with open(os.path.join(lay.out, "compare.json")) as f:
        doc = json.load(f)
    assert doc["rows"] and not any(r["differ"] for r in doc["rows"])
    assert "0 of" in run.stdout


def test_compare_of_a_missing_directory_is_a_usage_error(layout):
    run = layout({"ugni": "allpass"}).certify("--compare", "/nonexistent/x")
    assert run.status == 2
    assert "not a directory" in run.stderr
    assert run.results is None


def test_compare_refuses_rerun(layout):
    run = layout({"ugni": "allpass"}).certify("--compare", "/tmp",
                                              "--rerun-failures")
    assert run.status == 2
    assert "cannot be combined" in run.stderr
