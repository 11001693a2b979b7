"""Fixtures of the harness's own tests: a scratch layout of IMPL, corpus
binaries and vectors built from the programs make check-harness builds
(RDMACTS_HT_DIR), and a way to run `python3 -m harness certify` on it."""

import json
import os
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def build_dir():
    d = os.environ.get("RDMACTS_HT_BUILD")
    if not d:
        pytest.fail("RDMACTS_HT_BUILD is not set: run `make check-harness`")
    return os.path.join(REPO, d)


def keeper_path():
    return os.path.join(build_dir(), "bin", "rdmacts-keeper")


def programs_dir():
    d = os.environ.get("RDMACTS_HT_DIR")
    if not d:
        pytest.fail("RDMACTS_HT_DIR is not set: run `make check-harness`")
    d = os.path.join(REPO, d) if not os.path.isabs(d) else d
    if not os.path.isdir(d):
        pytest.fail(f"{d} does not exist: run `make check-harness`")
    return d


CALLS = {"api": "ugni", "calls": [
    {"name": "GNI_CdmCreate", "section": "3.2.1", "kind": "function"},
    {"name": "GNI_CqCreate", "section": "3.3.1", "kind": "function"},
    {"name": "GNI_MemRegister", "section": "3.4.1", "kind": "function"},
    {"name": "GNI_CQ_GET_TYPE", "section": "3.3.9", "kind": "macro"},
]}


def clause(cid, call, section, statement, tier="conformance", mandatory=True,
           testability="testable"):
    return dict(id=cid, call=call, section=section, statement=statement,
                expected="x", testability=testability, tier=tier,
                mandatory=mandatory, errata=[], readings=[])


CLAUSES = {"api": "ugni", "clauses": [
    clause("T-UGNI-CDM-1", "GNI_CdmCreate", "3.2.1.1",
           "CdmCreate returns GNI_RC_SUCCESS."),
    clause("T-UGNI-CQ-1", "GNI_CqCreate", "3.3.1.3",
           "A NULL cq_hndl returns GNI_RC_INVALID_PARAM."),
    clause("T-UGNI-CQ-2", "GNI_CqCreate", "3.3.1.3",
           "An absurd entry count returns an error code."),
    clause("T-UGNI-CQ-ROB", "GNI_CqCreate", "3.3.1",
           "A stale handle returns GNI_RC_INVALID_PARAM.", tier="robustness"),
    # Named for another call on purpose: --call must follow clauses too.
    clause("T-UGNI-OPT", "GNI_MemRegister", "3.4.1.9",
           "An optional behaviour.", mandatory=False),
    dict(clause("T-UGNI-CAP", "GNI_MemRegister", "3.4.1.9",
                "A behaviour of an optional capability.", mandatory=False),
         capability="a test capability"),
    clause("T-UGNI-LACK", "GNI_MemRegister", "3.4.1.9",
           "A behaviour that needs an optional capability."),
    clause("T-UGNI-NOTEST", "GNI_CdmCreate", "3.2.1.2", "Nobody tests this."),
    clause("T-UGNI-UNTESTABLE", None, "3.1", "Nothing observes this.",
           testability="untestable"),
]}

ERRATA = {"api": "ugni", "errata": [{"id": "E-UGNI-001"}, {"id": "E-UGNI-002"}]}


class Layout:
    def __init__(self, root, corpus, libs, vectors=True):
        ht = programs_dir()
        self.root = str(root)
        self.bin = os.path.join(self.root, "bin")
        self.impl = os.path.join(self.root, "impl")
        self.vectors = os.path.join(self.root, "vectors")
        self.out = os.path.join(self.root, "out")
        for d in (self.bin, self.impl, os.path.join(self.vectors, "ugni")):
            os.makedirs(d, exist_ok=True)
        for api, prog in corpus.items():
            os.symlink(os.path.join(ht, prog),
                       os.path.join(self.bin, f"{api}_tests"))
        # the harness's keeper lives beside the corpus binaries
        os.symlink(keeper_path(), os.path.join(self.bin, "rdmacts-keeper"))
        for lib in libs:
            os.symlink(os.path.join(ht, "impl", lib),
                       os.path.join(self.impl, lib))
        if vectors:
            for name, data in (("calls", CALLS), ("clauses", CLAUSES),
                               ("errata", ERRATA)):
                with open(os.path.join(self.vectors, "ugni", name + ".json"),
                          "w") as f:
                    json.dump(data, f)

    def certify(self, *args, timeout=2):
        cmd = [sys.executable, "-m", "harness", "certify", "--impl", self.impl,
               "--bin", self.bin, "--vectors", self.vectors, "--out",
               self.out, "--timeout", str(timeout), *args]
        p = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
        return Run(p, self.out)


class Run:
    def __init__(self, proc, out):
        self.status = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr
        self.out = out
        path = os.path.join(out, "results.json")
        self.results = None
        if os.path.exists(path):
            with open(path) as f:
                self.results = json.load(f)

    def verdicts(self):
        return {t["name"]: t["verdict"] for t in self.results["tests"]}

    def test(self, name):
        return next(t for t in self.results["tests"] if t["name"] == name)

    def read(self, name):
        with open(os.path.join(self.out, name), encoding="utf-8") as f:
            return f.read()


@pytest.fixture
def layout(tmp_path):
    def make(corpus, libs=("libugni.so",), vectors=True):
        return Layout(tmp_path, corpus, libs, vectors)
    return make


def program(name):
    return os.path.join(programs_dir(), name)
