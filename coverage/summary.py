#!/usr/bin/python3
"""Per-library line and branch coverage of the reference from an lcov
tracefile, checked against coverage/thresholds.

    summary.py --info ref.info --libs coverage/libraries
               --thresholds coverage/thresholds [--certify results.json]
               [--sources TEXT] --out DIR

Writes DIR/summary.txt and DIR/summary.json; exit 1 when a library is
below its threshold (or has no threshold), 2 on bad input."""

import argparse
import json
import os
import sys


def parse_info(path):
    """{source file: dict(lf, lh, brf, brh)} from an lcov tracefile."""
    files, cur = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            key, _, val = line.partition(":")
            if key == "SF":
                cur = files.setdefault(val, dict(lf=0, lh=0, brf=0, brh=0))
            elif key in ("LF", "LH", "BRF", "BRH") and cur is not None:
                cur[key.lower()] += int(val)
            elif line == "end_of_record":
                cur = None
    return files


def read_table(path):
    """Lines of whitespace-separated fields, '#' comments skipped."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if line:
                rows.append(line)
    return rows


def pct(hit, found):
    return 100.0 * hit / found if found else 0.0


def summarise(files, libs):
    out = {}
    for lib, *dirs in libs:
        tot = dict(lf=0, lh=0, brf=0, brh=0, files=0)
        for path, c in files.items():
            if any(f"/{d.rstrip('/')}/" in path or
                   path.startswith(d.rstrip("/") + "/") for d in dirs):
                for k in ("lf", "lh", "brf", "brh"):
                    tot[k] += c[k]
                tot["files"] += 1
        tot["line"] = round(pct(tot["lh"], tot["lf"]), 1)
        tot["branch"] = round(pct(tot["brh"], tot["brf"]), 1)
        out[lib] = tot
    return out


def check(summary, thresholds):
    want = {row[0]: (float(row[1]), float(row[2])) for row in thresholds}
    problems = []
    for lib, s in summary.items():
        if lib not in want:
            problems.append(f"{lib}: no threshold in coverage/thresholds")
            continue
        line, branch = want[lib]
        if s["line"] < line:
            problems.append(f"{lib}: line coverage {s['line']}% is below "
                            f"the threshold {line}%")
        if s["branch"] < branch:
            problems.append(f"{lib}: branch coverage {s['branch']}% is "
                            f"below the threshold {branch}%")
        if s["lf"] == 0:
            problems.append(f"{lib}: nothing measured: no coverage data "
                            f"for its sources (its corpus binary did not "
                            f"run against the coverage build, and no fuzz "
                            f"input reached it; see certify.log)")
    return problems


def clause_coverage(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return {}
    return {api: a.get("coverage", {}) for api, a in doc.get("apis", {})
            .items() if a.get("offered")}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--info", required=True)
    ap.add_argument("--libs", required=True)
    ap.add_argument("--thresholds", required=True)
    ap.add_argument("--certify")
    ap.add_argument("--sources", default="corpus")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    try:
        files = parse_info(a.info)
        libs = read_table(a.libs)
        thresholds = read_table(a.thresholds)
    except (OSError, ValueError, IndexError) as e:
        print(f"coverage: {e}", file=sys.stderr)
        return 2
    if not files:
        print(f"coverage: {a.info} holds no coverage data: nothing of the "
              f"reference ran (see certify.log and lcov.log)", file=sys.stderr)
        return 1
    summary = summarise(files, libs)
    clauses = clause_coverage(a.certify) if a.certify else {}
    problems = check(summary, thresholds)
    lines = [f"Coverage of the reference by: {a.sources}"]
    for lib, s in summary.items():
        lines.append(f"  {lib:<10} lines {s['line']:5.1f}% ({s['lh']}/{s['lf']})"
                     f"  branches {s['branch']:5.1f}% ({s['brh']}/{s['brf']})"
                     f"  {s['files']} file(s)")
    for api, c in clauses.items():
        if c.get("testable"):
            lines.append(f"  {api:<10} clauses with a test: "
                         f"{c.get('covered', 0)} of {c['testable']} testable"
                         f" (certification report: "
                         f"{os.path.join(os.path.dirname(a.certify), 'report.html')})")
    lines.append(f"  HTML: {os.path.join(a.out, 'html', 'index.html')}")
    lines += [f"  BELOW THRESHOLD: {p}" for p in problems]
    text = "\n".join(lines) + "\n"
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "summary.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "summary.json"), "w") as f:
        json.dump(dict(sources=a.sources, libraries=summary, clauses=clauses,
                       problems=problems), f, indent=1, sort_keys=True)
    sys.stdout.write(text)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
