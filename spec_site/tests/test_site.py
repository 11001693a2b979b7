"""make check-spec: the annotated spec site, built from the corpus, the
reference's results and those of a deliberately different implementation
(other_reading_ugni.c), checked file by file and in headless Chromium."""

import glob
import json
import os
import re
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, REPO)

from spec_site.browser import Chromium  # noqa: E402

APIS = ("ugni", "dmapp", "udapl")
CALL = "cq_create"
ID_RE = re.compile(r"""\bid=['"]([^'"]+)['"]""")
CLAUSE_RE = re.compile(r"""<details class=(?:clause|'clause[^']*') id='([^']+)'""")
HREF_RE = re.compile(r"""href=['"]([^'"]+)['"]""")


def build():
    d = os.environ.get("RDMACTS_SPEC_BUILD")
    if not d:
        pytest.fail("RDMACTS_SPEC_BUILD is not set: run `make check-spec`")
    return os.path.join(REPO, d)


def vectors(kind):
    out = {}
    for api in APIS:
        with open(os.path.join(REPO, "vectors", api, f"{kind}.json")) as f:
            out[api] = json.load(f)[kind]
    return out


def run(*args, **kw):
    p = subprocess.run(args, capture_output=True, text=True, cwd=REPO, **kw)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout


def certify(impl, out):
    # 0 or 1: the other implementation is not conformant, on purpose
    p = subprocess.run(
        [sys.executable, "-m", "harness", "certify", "--impl", impl,
         "--bin", os.path.join(build(), "bin"), "--vectors", "vectors",
         "--out", out, "--api", "ugni", "--call", CALL, "--quiet"],
        capture_output=True, text=True, cwd=REPO)
    assert p.returncode in (0, 1), p.stdout + p.stderr
    return os.path.join(out, "results.json")


@pytest.fixture(scope="session")
def results(tmp_path_factory):
    """(reference results, other implementation's results) of CALL."""
    root = tmp_path_factory.mktemp("impls")
    lib = os.path.join(build(), "lib")
    other = root / "other"
    other.mkdir()
    objs = sorted(glob.glob(os.path.join(build(), "obj/ref/nic/*.o")) +
                  glob.glob(os.path.join(build(), "obj/ref/ugni/*.o")))
    run("cc", "-shared", "-o", str(other / "libugni_core.so"), *objs,
        "-Wl,-soname,libugni_core.so", "-lpthread",
        "-Wl,--version-script=ref/ugni/libugni.map")
    run("cc", "-shared", "-fPIC", "-Iinclude", "-o", str(other / "libugni.so"),
        "spec_site/tests/other_reading_ugni.c", "-Wl,--no-as-needed",
        f"-L{other}", "-lugni_core", "-ldl", "-Wl,-soname,libugni.so")
    os.symlink(os.path.join(lib, "libpmi.so"), other / "libpmi.so")
    return (certify(lib, str(root / "ref")),
            certify(str(other), str(root / "other-out")))


def make_site(out, results, text):
    args = [sys.executable, "-m", "spec_site", "--out", str(out),
            "--bin", os.path.join(build(), "bin"),
            "--lib", os.path.join(build(), "lib"),
            "--results", f"reference={results[0]}",
            f"other-reading={results[1]}"]
    if text:
        args += ["--spec", text]
    run(*args)
    return str(out)


SPEC_TEXT = os.environ.get("RDMACTS_SPEC_TEXT", "")


@pytest.fixture(scope="session",
                params=["statements", "text"] if SPEC_TEXT else ["statements"])
def site(request, tmp_path_factory, results):
    text = SPEC_TEXT if request.param == "text" else ""
    return make_site(tmp_path_factory.mktemp(request.param), results, text)


def read(site, page):
    with open(os.path.join(site, page), encoding="utf-8") as f:
        return f.read()


def test_every_clause_has_exactly_one_anchor(site):
    for api, clauses in vectors("clauses").items():
        anchors = CLAUSE_RE.findall(read(site, f"{api}.html"))
        assert len(anchors) == len(set(anchors)), \
            f"{api}: a clause anchored twice"
        assert sorted(anchors) == sorted(c["id"] for c in clauses), \
            f"{api}: anchors and clauses differ"


def test_ids_are_unique_on_every_page(site):
    for path in glob.glob(os.path.join(site, "*.html")):
        ids = ID_RE.findall(read(site, os.path.basename(path)))
        dup = {i for i in ids if ids.count(i) > 1}
        assert not dup, f"{path}: ids used twice: {sorted(dup)[:5]}"


def test_every_erratum_is_in_the_errata_view(site):
    page = read(site, "errata.html")
    shown = re.findall(r"<article class=erratum id='([^']+)'", page)
    for api, errata in vectors("errata").items():
        for x in errata:
            assert x["id"] in shown, f"{x['id']} missing from errata.html"
    assert len(shown) == sum(len(x) for x in vectors("errata").values())


def test_every_link_inside_the_site_resolves(site):
    ids = {}
    for path in glob.glob(os.path.join(site, "**/*.html"), recursive=True):
        with open(path, encoding="utf-8") as f:
            ids[os.path.relpath(path, site)] = set(ID_RE.findall(f.read()))
    for page in ids:
        text = read(site, page)
        for href in set(HREF_RE.findall(text)):
            target, _, anchor = href.partition("#")
            target = os.path.normpath(os.path.join(
                os.path.dirname(page), target)) if target else page
            assert target in ids, f"{page}: link to missing page {href}"
            if anchor:
                assert anchor in ids[target], f"{page}: broken link {href}"


def test_tests_link_to_their_source_line(site):
    page = read(site, "ugni.html")
    links = re.findall(r"href='src/([^']+)\.html#L(\d+)'", page)
    assert links
    path, line = links[0]
    with open(os.path.join(REPO, path), encoding="utf-8") as f:
        assert int(line) <= len(f.readlines())


def test_results_matrix_shows_both_implementations_and_their_differences(
        site):
    page = read(site, "results.html")
    assert "reference" in page and "other-reading" in page
    rows = {m.group(2): m.group(1) for m in re.finditer(
        r"<tr class=(diff|same)><td><a href='ugni.html#([^']+)'", page)}
    # a broken rule: FAIL beside PASS
    assert rows["UGNI-3.3.1-rc-invalid-param-null-out"] == "diff"
    # the other allowed reading of a clause with several: both PASS, the
    # observed values differ
    assert rows["UGNI-3.3.1-delay-count-needs-blocking"] == "diff"
    row = re.search(r"UGNI-3.3.1-delay-count-needs-blocking</a></td>(.*?)"
                    r"</tr>", page).group(1)
    assert row.count("'v PASS'") == 2, row
    assert "GNI_RC_INVALID_PARAM" in row and "GNI_RC_SUCCESS" in row, row
    # a clause both pass the same way is not a difference
    assert rows["UGNI-3.3.1-success-blocking"] == "same"


def test_clauses_sit_on_their_own_words(site):
    """With the text, each API's clauses sit on their sources: the index
    counts them, and at least 95% sit on their own words (a quote or a
    table row; the rest are derived or rest on an erratum)."""
    page = read(site, "index.html")
    page = page[page.index("<h2>Clauses</h2>"):page.index("<h2>Sentences</h2>")]
    rows = re.findall(r"<tr><td><a href='(\w+)\.html'>[^<]*</a></td><td>(\d+)"
                      r"</td><td>(\d+)(?: \(([\d.]+)%\))?</td>", page)
    assert sorted(r[0] for r in rows) == sorted(APIS), rows
    for api, n, own, pct in rows:
        if "text" in site:
            assert float(pct) >= 95.0, f"{api}: {own} of {n} on their own words"
        else:
            assert own == "0", "no text, yet clauses placed"


def test_red_underline_marks_exactly_the_listed_gaps(site):
    """A red underline (class gap) is an open gap and every open gap is
    listed on gaps.html with a link to it; informative sentences carry
    their reason."""
    gaps = read(site, "gaps.html")
    for api in APIS:
        page = read(site, f"{api}.html")
        marked = re.findall(r"<span class='s gap' id='([^']+)'", page)
        listed = re.findall(rf"<a href='{api}\.html#([^']+)'>", gaps)
        assert sorted(marked) == sorted(listed), api
        for reason in re.findall(r"<span class='s inf' id='[^']+' "
                                 r"title='informative: ([^']+)'", page):
            assert reason in ("overview", "definition", "type listing",
                              "synopsis", "cross-reference", "example",
                              "advice", "permission", "heading",
                              "attributes"), reason
    if "text" in site:
        assert "class='s gap'" in read(site, "udapl.html")


def test_open_questions_list_every_contested_erratum(site):
    page = read(site, "questions.html")
    shown = re.findall(r"<article class=question id='q-([^']+)'", page)
    contested = [x["id"] for errata in vectors("errata").values()
                 for x in errata if len(x.get("readings") or []) > 1]
    assert sorted(shown) == sorted(contested)
    assert page.count("Readings allowed:") == len(contested)
    md = read(site, "questions.md")
    assert md.count("\n## E-") == len(contested)


def test_in_chromium(site):
    """Every page loads without a console error, every in-page link has
    its target, clause anchors open and show their tests, and the text
    reads without JavaScript."""
    loads = {}
    with Chromium() as c:
        for page in ("index", "ugni", "dmapp", "udapl", "errata", "results",
                     "gaps", "questions"):
            url = "file://" + os.path.join(site, f"{page}.html")
            loads[page] = c.open(url)
            broken = c.eval(
                "Array.from(document.querySelectorAll('a[href^=\"#\"]'))"
                ".map(a=>decodeURIComponent(a.getAttribute('href').slice(1)))"
                ".filter(id=>!document.getElementById(id))")
            assert broken == [], f"{page}: broken in-page links {broken[:5]}"
        for api, clauses in vectors("clauses").items():
            tested = [x for x in clauses if x["testability"] == "testable"]
            for cl in (tested[0], tested[len(tested) // 2], tested[-1]):
                c.open("file://" + os.path.join(site, f"{api}.html")
                       + "#" + cl["id"])
                got = c.eval(
                    f"(function(){{var d=document.getElementById("
                    f"'{cl['id']}');return d&&[d.tagName,d.open,"
                    "d.innerText]})()")
                assert got and got[0] == "DETAILS" and got[1], cl["id"]
                assert "Tests (" in got[2], f"{cl['id']} shows no tests"
        errors = c.errors()
        c.scripts(False)
        c.open("file://" + os.path.join(site, "ugni.html"))
        text = c.eval("document.body.innerText")
        c.scripts(True)
    assert errors == []
    assert "UGNI-3.6.1-zero-length-put" in text
    biggest = max(loads, key=loads.get)
    print(f"load times (s): {loads}; biggest page {biggest}")
