#!/usr/bin/python3
"""Clause coverage of the corpus: for each API whose corpus binary exists
(BIN/<api>_tests), run `<api>_tests --list` and check it against
vectors/<api>/clauses.json:

  * every clause id a test names exists (always an error);
  * every testable clause has at least one test, and every untestable one
    gives its reason; a testable clause without a test is an error only
    for the APIs listed in vectors/clause-gate (one API per line, `#`
    comments), else it is reported.

Prints the coverage per API.  `--missing` lists the uncovered clauses.

  check_clauses.py [--bin build/bin] [--vectors vectors] [--api A] [--missing]
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APIS = ("ugni", "dmapp", "udapl")


def read_gate(vectors):
    path = os.path.join(vectors, "clause-gate")
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as f:
        return {l.split("#")[0].strip() for l in f if l.split("#")[0].strip()}


def list_tests(binary, libdir):
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = libdir + (":" + env["LD_LIBRARY_PATH"]
                                       if env.get("LD_LIBRARY_PATH") else "")
    p = subprocess.run([binary, "--list"], capture_output=True, text=True,
                       env=env, timeout=60, check=False)
    if p.returncode != 0:
        raise RuntimeError(f"{binary} --list exited {p.returncode}: "
                           f"{p.stderr.strip().splitlines()[-1:]}")
    tests = []
    for line in p.stdout.splitlines():
        if not line.strip():
            continue
        name, clauses, _attrs = (line.split("\t") + ["", ""])[:3]
        ids = [] if clauses in ("", "-") else clauses.split(",")
        tests.append((name, ids))
    return tests


def check_api(api, binary, libdir, vectors, gated, show_missing):
    with open(os.path.join(vectors, api, "clauses.json"), encoding="utf-8") as f:
        clauses = {c["id"]: c for c in json.load(f)["clauses"]}
    ext = os.path.join(vectors, api, "ext-clauses.json")  # extension tier
    if os.path.exists(ext):
        with open(ext, encoding="utf-8") as f:
            clauses.update({c["id"]: c for c in json.load(f)["clauses"]})
    tests = list_tests(binary, libdir)
    errors = 0
    covered = set()
    for name, ids in tests:
        for cid in ids:
            if cid not in clauses:
                print(f"{api}: test {name} names unknown clause {cid}")
                errors += 1
            else:
                covered.add(cid)
    testable = [c for c in clauses.values()
                if c.get("testability", "testable") == "testable"]
    for c in clauses.values():
        if c.get("testability") == "untestable" and not c.get("reason", "").strip():
            print(f"{api}: untestable clause {c['id']} gives no reason")
            errors += 1
    missing = [c["id"] for c in testable if c["id"] not in covered]
    n_ok = len(testable) - len(missing)
    pct = 100.0 * n_ok / len(testable) if testable else 100.0
    gate = api in gated
    print(f"{api}: {len(tests)} tests; testable clauses covered {n_ok}/{len(testable)}"
          f" ({pct:.1f}%); {len(clauses) - len(testable)} untestable with reasons;"
          f" gate {'on' if gate else 'off'}")
    if missing and (show_missing or gate):
        for cid in missing:
            print(f"{api}:   no test: {cid}")
    if missing and gate:
        print(f"{api}: {len(missing)} testable clauses have no test (gated)")
        errors += len(missing)
    return errors


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--lib", default=None, help="LD_LIBRARY_PATH for --list "
                    "(default: BIN/../lib)")
    ap.add_argument("--vectors", default=os.path.join(ROOT, "vectors"))
    ap.add_argument("--api", action="append")
    ap.add_argument("--missing", action="store_true")
    a = ap.parse_args()
    libdir = a.lib or os.path.join(os.path.dirname(os.path.abspath(a.bin)), "lib")
    gated = read_gate(a.vectors)
    errors = 0
    seen = 0
    for api in a.api or APIS:
        binary = os.path.join(a.bin, f"{api}_tests")
        if not os.path.exists(binary):
            print(f"{api}: no corpus binary ({binary}); not checked")
            continue
        seen += 1
        try:
            errors += check_api(api, binary, libdir, a.vectors, gated, a.missing)
        except (RuntimeError, OSError, subprocess.SubprocessError, ValueError) as e:
            print(f"{api}: {e}")
            errors += 1
    if not seen:
        print("no corpus binary found")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
