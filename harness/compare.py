"""`certify --compare DIR2`: the corpus against two implementations, side
by side, test by test, differences first.

The first implementation (--impl) is certified as usual into OUT; the
second into OUT/compare/.  Then OUT/compare.html and OUT/compare.json hold
the side-by-side table, report.html gains the same section, and a text
summary lists the differences.  The exit status is the first
implementation's own (a difference is information, not a verdict): CI
that wants "no difference" reads compare.json."""

import json
import os
from html import escape

from harness import outdir
from harness import verdicts as V

FORMAT = "rdmacts-compare-1"
NOT_RUN = "not run"


def _load(out_dir):
    with open(os.path.join(out_dir, "results.json"), encoding="utf-8") as f:
        return json.load(f)


def _verdict(rec):
    return rec["verdict"] if rec else NOT_RUN


def rows(doc_a, doc_b):
    """One row per test name in either run; differences first, then by
    name.  A test one side did not run (API not offered, no corpus) is
    'not run' there, which is a difference."""
    a = {(t["api"], t["name"]): t for t in doc_a.get("tests", [])}
    b = {(t["api"], t["name"]): t for t in doc_b.get("tests", [])}
    out = []
    for key in sorted(set(a) | set(b)):
        ra, rb = a.get(key), b.get(key)
        va, vb = _verdict(ra), _verdict(rb)
        out.append(dict(
            api=key[0], name=key[1], a=va, b=vb, differ=va != vb,
            tier=(ra or rb).get("tier", "conformance"),
            detail_a=(ra or {}).get("detail", ""),
            detail_b=(rb or {}).get("detail", "")))
    out.sort(key=lambda r: (not r["differ"], r["api"], r["name"]))
    return out


def statuses(doc_a, doc_b):
    apis = list(doc_a.get("apis", {}))
    apis += [x for x in doc_b.get("apis", {}) if x not in apis]
    return [dict(api=api,
                 a=doc_a.get("apis", {}).get(api, {}).get("status"),
                 b=doc_b.get("apis", {}).get(api, {}).get("status"))
            for api in apis]


def _e(x):
    return escape(str(x), quote=True)


def _badge(word):
    cls = word.replace(" ", "-")
    return f'<span class="v {cls}">{_e(word)}</span>'


def section(doc):
    """The side-by-side section, HTML (uses the report's style)."""
    rs = doc["rows"]
    ndiff = sum(r["differ"] for r in rs)
    parts = [
        "<h2 id=compare>Side by side</h2>",
        "<table><tr><th></th><th>implementation</th><th>overall</th></tr>",
        f"<tr><th>A</th><td><code>{_e(doc['impl_a'])}</code></td>"
        f"<td>{_badge(doc['overall_a'])}</td></tr>",
        f"<tr><th>B</th><td><code>{_e(doc['impl_b'])}</code></td>"
        f"<td>{_badge(doc['overall_b'])}</td></tr></table>",
        "<table><tr><th>API</th><th>A</th><th>B</th></tr>",
    ]
    for s in doc["statuses"]:
        parts.append(f"<tr><td>{_e(s['api'])}</td>"
                     f"<td>{_badge(s['a'] or NOT_RUN)}</td>"
                     f"<td>{_badge(s['b'] or NOT_RUN)}</td></tr>")
    parts.append("</table>")
    parts.append(f"<p>{ndiff} of {len(rs)} test(s) differ; they come "
                 "first.</p>")
    if rs:
        parts.append("<table><tr><th>test</th><th>tier</th><th>A</th>"
                     "<th>B</th><th>details</th></tr>")
        for r in rs:
            det = " / ".join(x for x in (r["detail_a"], r["detail_b"]) if x)
            mark = " style=\"background:#fff7e0\"" if r["differ"] else ""
            parts.append(
                f"<tr{mark}><td><code>{_e(r['name'])}</code></td>"
                f"<td>{_e(r['tier'])}</td><td>{_badge(r['a'])}</td>"
                f"<td>{_badge(r['b'])}</td><td>{_e(det)}</td></tr>")
        parts.append("</table>")
    return "".join(parts)


def build(out_a, out_b):
    da, db = _load(out_a), _load(out_b)
    return dict(format=FORMAT, impl_a=da["impl"], impl_b=db["impl"],
                overall_a=da["overall"], overall_b=db["overall"],
                statuses=statuses(da, db), rows=rows(da, db))


def _write(path, text):
    return outdir.write(path, text)


def write(out_a, out_b):
    """Write compare.json and compare.html into out_a, add the section
    to out_a/report.html; return (doc, paths)."""
    from harness import report_html
    doc = build(out_a, out_b)
    sec = section(doc)
    page = ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
            "<title>rdmacts side-by-side report</title>"
            f"<style>{report_html.STYLE}</style></head><body>"
            "<h1>rdmacts side-by-side report</h1>" + sec +
            "</body></html>\n")
    paths = [_write(os.path.join(out_a, "compare.html"), page),
             _write(os.path.join(out_a, "compare.json"),
                    json.dumps(doc, indent=1, sort_keys=True) + "\n")]
    report = os.path.join(out_a, "report.html")
    try:
        with open(report, encoding="utf-8") as f:
            html = f.read()
        html = html.replace("</body>", sec + "</body>", 1)
        _write(report, html)
    except OSError:
        pass
    return doc, paths


def summary(doc, paths):
    rs = doc["rows"]
    diff = [r for r in rs if r["differ"]]
    print(f"rdmacts side by side: A = {doc['impl_a']}  B = {doc['impl_b']}")
    for s in doc["statuses"]:
        print(f"  {s['api']:<6} A: {s['a'] or NOT_RUN:<18} "
              f"B: {s['b'] or NOT_RUN}")
    print(f"{len(diff)} of {len(rs)} test(s) differ")
    width = max([len(r["name"]) for r in diff] + [4])
    for r in diff:
        print(f"  {r['name']:<{width}}  A {r['a']:<11} B {r['b']}")
    print("Side-by-side reports: " + ", ".join(paths))


def exit_status(doc):
    return V.EXIT_STATUS.get(doc["overall_a"], V.EXIT_USAGE)
