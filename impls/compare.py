"""impls/compare.py REFERENCE_RESULTS IMPL_RESULTS RECIPE_DIR: the
reference Provider under another registry passes what it passes under
the reference registry (docs/implementations.md).

Every test that passed in REFERENCE_RESULTS (the reference registry's
run) and did not pass in IMPL_RESULTS must be one of a group of failures
that a cause of RECIPE_DIR/known.json explains (a bug of that registry,
impls/report.py).  Exit status 1, naming the tests, when one is not."""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402


def main(argv):
    ref_path, impl_path, recipe_dir = argv[1:4]
    with open(ref_path, encoding="utf-8") as f:
        ref = json.load(f)
    with open(impl_path, encoding="utf-8") as f:
        got = json.load(f)
    known = []
    kpath = os.path.join(recipe_dir, "known.json")
    if os.path.exists(kpath):
        with open(kpath, encoding="utf-8") as f:
            known = json.load(f)["causes"]
    explained = set()
    for a in got["apis"].values():
        for g in a.get("causes") or []:
            if any(report.matches(c, g) for c in known):
                explained |= set(g["tests"])
    passed_ref = {t["name"] for t in ref["tests"] if t["verdict"] == "PASS"}
    verdict = {t["name"]: t["verdict"] for t in got["tests"]}
    # an UNSUPPORTED test shows nothing either way (the registry does not
    # offer what it needs, and says so): listed, never a failure
    unshown = sorted(n for n in passed_ref if verdict.get(n) == "UNSUPPORTED")
    lost = sorted(n for n in passed_ref
                  if verdict.get(n) not in ("PASS", "UNSUPPORTED"))
    ours = [n for n in lost if n not in explained]
    name = os.path.basename(os.path.normpath(recipe_dir))
    print(f"  {name}: of {len(passed_ref)} tests passing under the reference "
          f"registry, {len(passed_ref) - len(lost) - len(unshown)} pass; "
          f"{len(lost) - len(ours)} fail through a known bug of the registry; "
          f"{len(unshown)} UNSUPPORTED; {len(ours)} otherwise")
    for n in unshown:
        print(f"    UNSUPPORTED: {n}")
    for n in ours:
        print(f"    {verdict.get(n, 'not run')}: {n}")
    return 1 if ours else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
