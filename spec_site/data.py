"""What the site shows, gathered in one place: the vectors (harness.vectors),
the corpus's tests with their clauses and source lines (`prog --list` and
`prog --where` of each corpus binary), and certification results."""

import json
import os
import subprocess
from dataclasses import dataclass, field

from harness import vectors as hv

from . import place

APIS = ("ugni", "dmapp", "udapl")
VERDICTS = ("PASS", "FAIL", "CRASH", "TIMEOUT", "UNSUPPORTED")


@dataclass
class Test:
    name: str
    api: str
    clauses: list
    attrs: str
    file: str = ""
    line: int = 0


@dataclass
class Results:
    """One certification run (results.json), under a label."""
    label: str
    path: str
    overall: str
    impl: str
    tests: dict = field(default_factory=dict)   # name -> test record

    def clause_verdict(self, clause, tests):
        """The worst verdict of the tests of a clause this run ran, or
        None when it ran none of them."""
        seen = [self.tests[t.name]["verdict"] for t in tests
                if t.name in self.tests]
        if not seen:
            return None
        return min(seen, key=lambda v: _RANK.get(v, 0))

    def readings(self, clause, tests):
        """The values this run's passing one-of checks observed for a
        clause (RDMACTS-READING, docs/corpus-protocol.md)."""
        out = []
        for t in tests:
            for r in self.tests.get(t.name, {}).get("readings", []) or []:
                if r.get("clause") == clause and r["observed"] not in out:
                    out.append(r["observed"])
        return out


_RANK = {"CRASH": 0, "TIMEOUT": 1, "FAIL": 2, "UNSUPPORTED": 3, "PASS": 4}


def _run(binary, arg, libdir):
    env = dict(os.environ, LD_LIBRARY_PATH=libdir)
    p = subprocess.run([binary, arg], capture_output=True, text=True,
                       env=env, timeout=120)
    if p.returncode != 0:
        raise RuntimeError(f"{binary} {arg} failed: {p.stderr.strip()}")
    return [line.split("\t") for line in p.stdout.splitlines() if line]


def load_tests(bindir, libdir):
    """{api: [Test]} from the corpus binaries; an API whose binary is not
    built has no tests (the site says so)."""
    out = {}
    for api in APIS:
        binary = os.path.join(bindir, f"{api}_tests")
        if not os.path.exists(binary):
            out[api] = []
            continue
        where = {f[0]: (f[1], int(f[2])) for f in _run(binary, "--where",
                                                       libdir)}
        tests = []
        for name, clauses, attrs in _run(binary, "--list", libdir):
            file, line = where.get(name, ("", 0))
            tests.append(Test(name, api, [c for c in clauses.split(",")
                                          if c and c != "-"],
                              attrs, file, line))
        out[api] = tests
    return out


def load_results(specs):
    """[Results] from "label=path" or "path" items (the label then is the
    directory the implementation came from)."""
    runs = []
    for spec in specs:
        label, _, path = spec.rpartition("=")
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if not label:
            impl = os.path.normpath(doc.get("impl", ""))
            # the project's own build: the reference
            label = "reference" if impl.endswith(os.path.join(
                "build", "lib")) else os.path.basename(impl) or path
            if any(r.label == label for r in runs):
                label = f"{label} ({len(runs) + 1})"
        runs.append(Results(label, path, doc.get("overall", "?"),
                            doc.get("impl", ""),
                            {t["name"]: t for t in doc.get("tests", [])}))
    return runs


def severity(erratum, clauses, tests_of):
    """How much an erratum matters to a certifier, derived from the data:
    high when a mandatory conformance clause it touches allows several
    readings (a verdict depends on which one an implementation took),
    medium when it touches tested clauses, low when it touches none (a
    header, synopsis or wording matter)."""
    touched = [c for c in clauses.values() if erratum["id"] in
               (c.get("errata") or [])]
    if any(c.get("tier") == "conformance" and c.get("mandatory", True)
           and len(c.get("readings") or []) > 1 for c in touched):
        return "high"
    if any(tests_of.get(c["id"]) for c in touched):
        return "medium"
    return "low"


@dataclass
class Site:
    vectors: dict      # api -> harness.vectors.ApiVectors
    tests: dict        # api -> [Test]
    tests_of: dict     # clause id -> [Test]
    runs: list         # [Results]
    text: dict         # api -> [spectext.Section] (empty without SPEC)
    rules: dict = field(default_factory=dict)  # api -> informative rules


def load(vectors_dir, bindir, libdir, result_specs, text):
    vecs = {api: hv.load(vectors_dir, api) for api in APIS}
    rules = {api: place.load_rules(vectors_dir, api) for api in APIS}
    tests = load_tests(bindir, libdir)
    tests_of = {}
    for api in APIS:
        for t in tests[api]:
            for c in t.clauses:
                tests_of.setdefault(c, []).append(t)
    return Site(vecs, tests, tests_of, load_results(result_specs), text,
                rules)
