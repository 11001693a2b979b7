"""impls/report.py RESULTS RECIPE_DIR PAGE: the published account of one
certified third-party implementation (docs/implementations.md).

Reads the run's results.json (its failures already grouped by cause,
harness/causes.py) and the recipe's known.json, the causes the recipe
knows, each a bug of the implementation with its file and line in the
implementation's source:

    {"causes": [{"verdict": "CRASH", "call": "dat_srq_create",
                 "result": "SIGSEGV",
                 "bug": "what is wrong", "where": ["file:line", ...]}]}

A cause matches a group of failures (verdict, call, result: causes.py)
by "call" or "call_re", "result" or "result_re" (regular expressions,
whole match), and optionally by its tests: "tests_re" (every test of
the group matches) or "tests_any_re" (one does).  The first cause that
matches a group explains it.

Writes PAGE (markdown: verdict, counts, one row per cause with the
groups it explains) and prints the groups.  Exit status 0 when the verdict is the recipe's
EXPECT and every group is a known cause, else 1: a failure nobody can
name is either a new bug of the implementation or one of ours, and must
be looked at before the page is published."""

import json
import os
import re
import shlex
import subprocess
import sys


def recipe_vars(path):
    """The shell assignments of a recipe file."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for tok in shlex.split(f.read(), comments=True):
            if "=" in tok:
                k, v = tok.split("=", 1)
                out[k] = v
    return out


def matches(known, g):
    if known.get("verdict") != g["verdict"]:
        return False
    if "call" in known and known["call"] != g["call"]:
        return False
    if "call_re" in known and not re.fullmatch(known["call_re"], g["call"]):
        return False
    if "result" in known and known["result"] != g["result"]:
        return False
    if "result_re" in known and not re.fullmatch(known["result_re"], g["result"]):
        return False
    if "tests_re" in known and not all(
            re.search(known["tests_re"], t) for t in g["tests"]):
        return False
    if "tests_any_re" in known and not any(
            re.search(known["tests_any_re"], t) for t in g["tests"]):
        return False
    return True


def counts_text(counts):
    order = ["PASS", "UNSUPPORTED", "FAIL", "TIMEOUT", "CRASH"]
    return ", ".join(f"{counts[v]} {v}" for v in order if counts.get(v)) or "none"


def project_commit(root):
    try:
        return subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def main(argv):
    results, recipe_dir, page = argv[1:4]
    with open(results, encoding="utf-8") as f:
        doc = json.load(f)
    rv = recipe_vars(os.path.join(recipe_dir, "recipe"))
    known_path = os.path.join(recipe_dir, "known.json")
    known = []
    if os.path.exists(known_path):
        with open(known_path, encoding="utf-8") as f:
            known = json.load(f)["causes"]
    api = rv.get("API", "udapl")
    a = doc["apis"][api]
    name = os.path.basename(os.path.normpath(recipe_dir))
    root = os.path.dirname(os.path.dirname(os.path.abspath(recipe_dir)))
    lines = [f"### {name}: {rv.get('DESCRIPTION', '')}", "",
             "| | |", "| --- | --- |"]
    if rv.get("UPSTREAM"):
        lines.append(f"| upstream | {rv['UPSTREAM']}"
                     + (f", branch {rv['BRANCH']}" if rv.get("BRANCH") else "")
                     + f", commit `{rv.get('COMMIT', '?')}` |")
    else:
        lines.append("| source | this project (`impls/" + name + "/`) |")
    lines += [f"| recipe | `impls/{name}/` (build.sh, dat.conf, known.json) |",
              f"| verdict | **{a['status']}** ({api}, 2010 core) |",
              f"| conformance tier | {counts_text(a['counts'].get('conformance', {}))} |",
              f"| robustness tier | {counts_text(a['counts'].get('robustness', {}))} |",
              f"| calls exported | {a['calls_exported']} of {a['calls_total']} |",
              f"| certified | {doc['finished'][:10]}, rdmacts {project_commit(root)}, "
              f"`make certify-impl NAME={name}` |", ""]
    groups = a.get("causes") or []
    unexplained, rows = [], {}
    for g in groups:
        k = next((i for i, c in enumerate(known) if matches(c, g)), None)
        if k is None:
            unexplained.append(g)
        else:
            rows.setdefault(k, []).append(g)
    if groups:
        lines += ["Failures by cause: each row one bug, with the groups of "
                  "failing tests it explains (first failing call and result, "
                  "or signal and crash site; the report lists every test):", "",
                  "| tests | verdicts | calls | what the tests saw | cause |",
                  "| ---: | --- | --- | --- | --- |"]
    for k in sorted(rows, key=lambda k: -sum(g["count"] for g in rows[k])):
        gs, c = rows[k], known[k]
        tiers = {}
        for g in gs:
            for t, n in g["tiers"].items():
                tiers[t] = tiers.get(t, 0) + n
        count = sum(g["count"] for g in gs)
        tier_text = ", ".join(f"{t} {n}" for t, n in sorted(tiers.items()))
        calls = ", ".join(sorted({f"`{cell(g['call'])}`" for g in gs}))
        saw = "; ".join(sorted({cell(g["result"]) for g in gs}))
        verdicts = ", ".join(sorted({g["verdict"] for g in gs}))
        why = cell(c["bug"]) + " (" + "; ".join(f"`{w}`" for w in c["where"]) + ")"
        lines.append(f"| {count} ({tier_text}) | {verdicts} | {calls} | {saw} | {why} |")
    for g in unexplained:
        tiers = ", ".join(f"{t} {n}" for t, n in sorted(g["tiers"].items()))
        lines.append(f"| {g['count']} ({tiers}) | {g['verdict']} | `{cell(g['call'])}` "
                     f"| {cell(g['result'])} | **not explained** (a new bug of the "
                     "implementation, or ours) |")
    if not groups:
        lines.append("No test failed.")
    lines.append("")
    used = set(rows)
    with open(page, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"  {name}: {a['status']}; conformance: "
          f"{counts_text(a['counts'].get('conformance', {}))}; robustness: "
          f"{counts_text(a['counts'].get('robustness', {}))}")
    for g in groups:
        print(f"    {g['phrase']}")
    for i, c in enumerate(known):
        if i not in used:
            print(f"  note: known cause no longer seen: {c['call']} {c.get('result', c.get('result_re'))}")
    print(f"  page: {page}")
    ok = True
    if unexplained:
        print(f"certify-impl: {len(unexplained)} group(s) of failures no known "
              f"cause explains (impls/{name}/known.json):")
        for g in unexplained:
            print(f"    {g['phrase']}: {', '.join(g['tests'][:5])}")
        ok = False
    if rv.get("EXPECT") and a["status"] != rv["EXPECT"]:
        print(f"certify-impl: verdict {a['status']}, the recipe expects {rv['EXPECT']}")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
