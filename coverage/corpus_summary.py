#!/usr/bin/python3
"""Coverage of the corpus's own code (spec_tests/: the tests, the support
runner, the sequence interpreter) from an lcov tracefile, and the
branches of tests that never ran: lines that end a test UNSUPPORTED
(rt_unsupported, rt_lacks, ut_lacks, ...) that no run reached.

    corpus_summary.py --info corpus.info --profiles TEXT --out DIR

Writes DIR/corpus-summary.txt; exit 1 when spec_tests/ is below 95% of
its lines.  The UNSUPPORTED branches no run reached are listed: the
capability branches are taken under the profiles; what remains needs an
implementation without the test-control interface, a Provider that is
not thread safe, a failing fork or mmap, ..."""

import argparse
import os
import re
import sys

UNSUPPORTED = re.compile(r"\b(rt_unsupported|rt_lacks|ut_lacks)\s*\(")
TARGET = 95.0


def parse(path):
    """{source: dict(lf, lh, brf, brh, lines={line: hits})}"""
    files, cur = {}, None
    with open(path, encoding="utf-8") as f:
        for raw in f:
            key, _, val = raw.strip().partition(":")
            if key == "SF":
                cur = files.setdefault(val, dict(lf=0, lh=0, brf=0, brh=0, lines={}))
            elif key in ("LF", "LH", "BRF", "BRH") and cur is not None:
                cur[key.lower()] += int(val)
            elif key == "DA" and cur is not None:
                n, hits = val.split(",")[:2]
                cur["lines"][int(n)] = cur["lines"].get(int(n), 0) + int(hits)
    return files


def pct(a, b):
    return 100.0 * a / b if b else 100.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--info", required=True)
    ap.add_argument("--profiles", default="")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    files = parse(args.info)
    groups = {}
    never = []
    for src, d in sorted(files.items()):
        rel = src[src.index("spec_tests/"):] if "spec_tests/" in src else src
        part = "/".join(rel.split("/")[:2])
        g = groups.setdefault(part, dict(lf=0, lh=0, brf=0, brh=0))
        for k in g:
            g[k] += d[k]
        try:
            with open(rel, encoding="utf-8") as f:
                text = f.read().splitlines()
        except OSError:
            continue
        for n, line in enumerate(text, 1):
            if UNSUPPORTED.search(line) and not line.lstrip().startswith(("*", "/*", "//")) \
                    and d["lines"].get(n) == 0:
                never.append(f"{rel}:{n}: {line.strip()}")
    total = {k: sum(g[k] for g in groups.values()) for k in ("lf", "lh", "brf", "brh")}
    out = [f"corpus self-coverage ({args.profiles})",
           f"{'part':<24} {'lines':>16} {'branches':>16}"]
    for part, g in sorted(groups.items()):
        out.append(f"{part:<24} {pct(g['lh'], g['lf']):6.1f}% {g['lh']:>4}/{g['lf']:<5}"
                   f" {pct(g['brh'], g['brf']):6.1f}% {g['brh']:>4}/{g['brf']:<5}")
    out.append(f"{'spec_tests (all)':<24} {pct(total['lh'], total['lf']):6.1f}% "
               f"{total['lh']:>4}/{total['lf']:<5} {pct(total['brh'], total['brf']):6.1f}% "
               f"{total['brh']:>4}/{total['brf']:<5}")
    out.append(f"UNSUPPORTED branches never taken: {len(never)}")
    out += [f"  {n}" for n in never]
    ok = pct(total["lh"], total["lf"]) >= TARGET
    out.append(f"target: lines of spec_tests/ >= {TARGET:.0f}%: "
               + ("met" if ok else "NOT met"))
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "corpus-summary.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
