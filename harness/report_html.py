"""The certification report: one self-contained HTML file (inline style,
no script, no external asset), readable offline and attachable as is."""

from html import escape

from harness import vectors
from harness import verdicts as V

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;
 color:#222;padding:0 1em}
h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0 1em}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;
 vertical-align:top}
th{background:#f3f3f3}td.n{text-align:right}
code,pre{font:12px/1.35 ui-monospace,monospace}
pre{background:#f7f7f7;padding:.5em;overflow-x:auto;white-space:pre-wrap}
.v{font-weight:bold;padding:0 .3em;border-radius:3px}
.PASS,.CONFORMANT{background:#d7f5d7;color:#075207}
.FAIL,.CRASH,.TIMEOUT,.NOT-CONFORMANT{background:#fbd5d5;color:#8a0b0b}
.UNSUPPORTED,.INCOMPLETE{background:#fff1c2;color:#6b4b00}
.NOT-OFFERED,.NO-TESTS-SELECTED{background:#e6e6e6;color:#444}
.big{font-size:1.5em;padding:.2em .6em}
.fail{border:1px solid #e3b4b4;border-radius:4px;padding:.5em 1em;
 margin:.8em 0}
.muted{color:#666}
"""

LEGEND = [
    (V.PASS, "every check of the test held"),
    (V.FAIL, "a check did not hold: the expected and observed values are "
             "shown"),
    (V.CRASH, "the test process died (signal named) or exited without a "
              "verdict"),
    (V.TIMEOUT, "no verdict within the timeout; the test's process group "
                "was killed"),
    (V.UNSUPPORTED, "the implementation lacks an optional interface the "
                    "test needs (e.g. the test-control interface)"),
]


def fork_summary(doc):
    """One line: which corpus binaries ran from a fork server."""
    parts = []
    for api, f in (doc.get("fork_server") or {}).items():
        if f["used"]:
            parts.append(f"{api} forked ({f['forked']} tests)")
        else:
            parts.append(f"{api} by exec ({f['why']})")
    return "; ".join(parts)


def _e(x):
    return escape(str(x), quote=True)


def badge(word, big=False):
    cls = word.replace(" ", "-")
    return f'<span class="v {cls}{" big" if big else ""}">{_e(word)}</span>'


def _counts(counts):
    parts = [f"{n}&nbsp;{badge(vd)}" for vd in V.ORDER
             for n in [counts.get(vd, 0)] if n]
    return " ".join(parts) or '<span class="muted">none</span>'


def _summary_table(doc):
    rows = []
    for api, a in doc["apis"].items():
        c = a.get("counts", {})
        cov = a["coverage"]
        exported = (f"{a['calls_exported']} of {a['calls_total']}"
                    if a["offered"] else "&ndash;")
        notes = "<br>".join(_e(n) for n in a["notes"] + a["problems"])
        if a.get("extension"):
            notes += ("<br>" if notes else "") + (
                f"<a href='#{_e(api)}-ext'>extension</a>: "
                + _e(a["extension"]["summary"]))
        rows.append(
            f"<tr><td><a href='#{_e(api)}'>{_e(api)}</a></td>"
            f"<td>{badge(a['status'])}</td><td><code>{_e(a['library'])}"
            f"</code></td><td class=n>{exported}</td>"
            f"<td>{_counts(c.get('conformance', {}))}</td>"
            f"<td>{_counts(c.get('robustness', {}))}</td>"
            f"<td class=n>{cov['covered']} of {cov['testable']}</td>"
            f"<td class=n>{a['errata']}</td><td>{notes}</td></tr>")
    return ("<table><tr><th>API</th><th>status</th><th>library</th>"
            "<th>calls exported</th><th>conformance tier</th>"
            "<th>robustness tier (does not decide)</th>"
            "<th>clauses with a test / testable</th><th>errata</th>"
            "<th>notes</th></tr>" + "".join(rows) + "</table>")


def _clause_block(cid, v):
    k = v.clauses.get(cid) if v else None
    if not k:
        return (f"<li><code>{_e(cid)}</code> <span class=muted>(not in "
                "clauses.json: counted as mandatory)</span></li>")
    extra = []
    if k.get("errata"):
        extra.append("errata " + ", ".join(k["errata"]))
    if k.get("readings"):
        extra.append("accepted readings: " + ", ".join(map(str, k["readings"])))
    # The clause in the annotated spec (make spec writes build/spec/ next
    # to build/report/).
    api = cid.split("-", 1)[0].lower()
    return (f"<li><a href='../spec/{_e(api)}.html#{_e(cid)}'><code>{_e(cid)}"
            f"</code></a>, section {_e(k.get('section', '?'))}"
            f"{'' if k.get('mandatory', True) else ' (optional)'}: "
            f"{_e(k.get('statement', ''))}"
            + (f" <span class=muted>Expected: {_e(k['expected'])}.</span>"
               if k.get("expected") else "")
            + (f" <span class=muted>({_e('; '.join(extra))})</span>"
               if extra else "") + "</li>")


def _failure(r, v):
    checks = "".join(
        f"<tr><td><code>{_e(f['clause'])}</code></td>"
        f"<td><code>{_e(f['expected'])}</code></td>"
        f"<td><code>{_e(f['observed'])}</code></td>"
        f"<td><code>{_e(f['at'])}</code>"
        + (f" rank {f['rank']}" if "rank" in f else "")
        + f"</td><td>{_e(f['msg'])}</td></tr>" for f in r["failures"])
    table = ("<table><tr><th>clause</th><th>expected</th><th>observed</th>"
             "<th>at</th><th>check</th></tr>" + checks + "</table>"
             if checks else "")
    cited = {f["clause"] for f in r["failures"]} | set(r["clauses"])
    clauses = "".join(_clause_block(c, v) for c in sorted(cited) if c != "-")
    out = "".join(
        f"<details><summary>{name}</summary><pre>{_e(r[key])}</pre></details>"
        for key, name in (("stdout", "standard output"),
                          ("stderr", "standard error")) if r.get(key))
    by_hand = (f"<p>Rerun it by hand (the program prints its verdict): "
               f"<code>{_e(r['rerun_command'])}</code></p>"
               if r.get("rerun_command") else "")
    return (f"<div class=fail id='t-{_e(r['name'])}'><p>{badge(r['verdict'])} "
            f"<code>{_e(r['name'])}</code>"
            + (f" &mdash; {_e(r['detail'])}" if r["detail"] else "")
            + ("" if r["mandatory"] else " <span class=muted>(optional "
               "clauses only: does not decide)</span>") + "</p>"
            + table + (f"<ul>{clauses}</ul>" if clauses else "") + by_hand
            + out + "</div>")


def _calls_table(a):
    rows = []
    for c in a.get("calls", []):
        exp = {True: "yes", False: "<b>no</b>", None: "&ndash;"}[c["exported"]]
        cells = "".join(f"<td class=n>{c['counts'][vd] or ''}</td>"
                        for vd in V.ORDER)
        rows.append(f"<tr><td><code>{_e(c['name'])}</code></td>"
                    f"<td>{_e(c['section'])}</td><td>{_e(c['kind'])}</td>"
                    f"<td>{exp}</td>{cells}</tr>")
    if not rows:
        return "<p class=muted>calls.json lists no call yet.</p>"
    return ("<table><tr><th>call</th><th>section</th><th>kind</th>"
            "<th>exported</th>" + "".join(f"<th>{vd}</th>" for vd in V.ORDER)
            + "</tr>" + "".join(rows) + "</table>")


def _tests_table(tests):
    rows = "".join(
        f"<tr><td><code>{_e(r['name'])}</code></td><td>{badge(r['verdict'])}"
        f"</td><td>{_e(r['tier'])}</td><td>{_e(', '.join(r['clauses']) or '-')}"
        f"</td><td class=n>{r.get('duration', 0):.3f}</td>"
        f"<td>{_e(r['detail'])}</td></tr>" for r in tests)
    return ("<table><tr><th>test</th><th>verdict</th><th>tier</th>"
            "<th>clauses</th><th>seconds</th><th>detail</th></tr>"
            + rows + "</table>")


def _extension_section(api, x, tests, v):
    """The later vendor headers' tier: shown apart, never part of the
    verdict above it (docs/extension.md)."""
    xv = vectors.extension_view(v) if v else None
    parts = [f"<h3 id='{_e(api)}-ext'>Extension tier (later vendor headers; "
             "does not decide the 2010 core verdict)</h3>",
             f"<p>{_e(x['summary'])}.</p>"]
    for kind in ("failing", "honest error", "untested", "not exported"):
        if x["kinds"][kind]:
            parts.append(f"<p>{_e(kind)}: " + ", ".join(
                f"<code>{_e(n)}</code>" for n in x["kinds"][kind]) + "</p>")
    bad = [r for r in tests if r["verdict"] in V.BROKEN]
    parts += [_failure(r, xv) for r in bad]
    parts.append(_calls_table(x))
    cov = x["coverage"]
    parts.append(f"<p>{cov['covered']} of {cov['testable']} testable "
                 "extension clauses have a test.</p>")
    if tests:
        parts.append(f"<details><summary>All {len(tests)} extension test(s) "
                     "run</summary>" + _tests_table(tests) + "</details>")
    return "".join(parts)


def _causes_table(api, a):
    """Failures grouped by cause (harness/causes.py), each group linking
    to its tests in the per-test list below."""
    rows = []
    for g in a.get("causes") or []:
        tiers = ", ".join(f"{t} {n}" for t, n in sorted(g["tiers"].items()))
        frames = "<br>".join(f"<code>{_e(f)}</code>" for f in g["frames"])
        shown = g["tests"][:20]
        more = len(g["tests"]) - len(shown)
        links = ", ".join(f"<a href='#t-{_e(n)}'><code>{_e(n)}</code></a>"
                          for n in shown) + (f" and {more} more" if more else "")
        rows.append(f"<tr><td class=n>{g['count']}</td><td>{badge(g['verdict'])}"
                    f"</td><td><code>{_e(g['call'])}</code></td>"
                    f"<td>{_e(g['result'])}</td><td>{frames}</td>"
                    f"<td>{_e(tiers)}</td><td><details><summary>tests</summary>"
                    f"{links}</details></td></tr>")
    if not rows:
        return ""
    return (f"<h3 id='{_e(api)}-causes'>Failures by cause (one row per first "
            "failing call and result, or signal and crash site)</h3>"
            "<table><tr><th>tests</th><th>verdict</th><th>call</th>"
            "<th>result</th><th>top frames</th><th>tiers</th><th></th></tr>"
            + "".join(rows) + "</table>")


def _api_section(api, a, tests, v):
    ext_tests = [r for r in tests if r.get("extension")]
    tests = [r for r in tests if not r.get("extension")]
    parts = [f"<h2 id='{_e(api)}'>{_e(api)} {badge(a['status'])}"
             + (" <span class=muted>2010 core</span>" if a.get("extension") else "")
             + "</h2>"]
    if not a["offered"]:
        parts.append(f"<p>Not offered: <code>{_e(a['library'])}</code> is not "
                     "in the implementation directory, so no test of this API "
                     "was run.</p>")
        return "".join(parts)
    for n in a["notes"] + a["problems"]:
        parts.append(f"<p>{_e(n)}</p>")
    parts.append(f"<p>{a['calls_exported']} of {a['calls_total']} calls "
                 f"exported by <code>{_e(a['library'])}</code>.")
    if a["missing_calls"]:
        parts.append(" Missing: " + ", ".join(
            f"<code>{_e(m)}</code>" for m in a["missing_calls"]))
    parts.append("</p>")
    conf = [r for r in tests if r["tier"] == "conformance"]
    rob = [r for r in tests if r["tier"] != "conformance"]
    bad = [r for r in conf if r["verdict"] != V.PASS]
    parts.append(_causes_table(api, a))
    parts.append(f"<h3>Conformance tier: tests that did not pass "
                 f"({len(bad)} of {len(conf)})</h3>")
    parts += [_failure(r, v) for r in bad] or ["<p>None.</p>"]
    parts.append("<h3>Calls</h3>" + _calls_table(a))
    cov = a["coverage"]
    parts.append(f"<h3>Clause coverage</h3><p>{cov['covered']} of "
                 f"{cov['testable']} testable clauses have a test "
                 f"({cov['untestable']} clauses recorded as untestable).</p>")
    if cov["uncovered"]:
        parts.append("<details><summary>Testable clauses without a test "
                     f"({len(cov['uncovered'])})</summary><ul>"
                     + "".join(f"<li><code>{_e(c)}</code></li>"
                               for c in cov["uncovered"]) + "</ul></details>")
    if cov["unknown_ids"]:
        parts.append("<p>Clause ids cited by tests but absent from "
                     "clauses.json: " + ", ".join(
                         f"<code>{_e(c)}</code>" for c in cov["unknown_ids"])
                     + "</p>")
    parts.append(f"<h3>Robustness tier (reported apart; does not decide "
                 f"conformance): {len(rob)} test(s)</h3>")
    rob_bad = [r for r in rob if r["verdict"] != V.PASS]
    parts += [_failure(r, v) for r in rob_bad]
    if rob and not rob_bad:
        parts.append("<p>All passed.</p>")
    parts.append(f"<p>Errata recorded for this API: {a['errata']}.</p>")
    if tests:
        parts.append(f"<details><summary>All {len(tests)} test(s) run"
                     "</summary>" + _tests_table(tests) + "</details>")
    if a.get("extension"):
        parts.append(_extension_section(api, a["extension"], ext_tests, v))
    return "".join(parts)


def render(doc, vecs):
    f = doc["filters"]
    scope = []
    if f["call"]:
        scope.append("calls " + ", ".join(f["call"]))
    if f["clause"]:
        scope.append("clauses " + ", ".join(f["clause"]))
    head = [
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>",
        "<title>rdmacts certification report</title>",
        f"<style>{STYLE}</style></head><body>",
        "<h1>rdmacts certification report</h1>",
        f"<p>Verdict: {badge(doc['overall'], big=True)}</p>",
        "<table>",
        f"<tr><th>implementation</th><td><code>{_e(doc['impl'])}</code></td></tr>",
        f"<tr><th>corpus</th><td><code>{_e(doc['bin'])}</code></td></tr>",
        f"<tr><th>vectors</th><td><code>{_e(doc['vectors'])}</code></td></tr>",
        f"<tr><th>run</th><td>{_e(doc['started'])} to {_e(doc['finished'])} "
        f"on {_e(doc['host'])}, up to {doc['jobs']} test process(es) at "
        f"once, timeout {doc['timeout']:g} s per test</td></tr>",
        f"<tr><th>APIs selected</th><td>{_e(', '.join(doc['apis']))}</td></tr>",
    ]
    ia = doc.get("dapl_ia")
    if ia and "udapl" in doc["apis"]:
        head.append(
            f"<tr><th>uDAPL IA names</th><td><code>{_e(ia['default'])}</code> "
            f"for the corpus; <code>{_e(ia['threadsafe'])}</code> "
            f"(thread safety requested) for the multi-thread tests "
            f"(<code>*.threads.*</code>), from {_e(ia['threadsafe_from'])}</td></tr>")
        head.append(
            "<tr><th>uDAPL registry's dat.conf</th><td>" + (
                f"<code>DAT_OVERRIDE={_e(ia['dat_override'])}</code> (from "
                f"{_e(ia.get('dat_conf_from') or '')})" if ia.get("dat_override")
                else "what the registry reads by itself (no DAT_OVERRIDE)")
            + "</td></tr>")
    if "launch" in doc:
        head.append(
            "<tr><th>launch</th><td>" + (
                "every test a launched job" if doc["launch"] == "all" else
                "multi-process tests through the launcher, the others "
                "started directly") +
            f" (<code>{_e(doc['launcher'])}</code>)</td></tr>")
    if doc.get("fork_server"):
        head.append("<tr><th>one-process tests</th><td>"
                    f"{_e(fork_summary(doc))}</td></tr>")
    cred = doc.get("credentials")
    if cred:
        head.append(f"<tr><th>credentials</th><td>{_e(cred['summary'])}</td></tr>")
    prof = doc.get("profile")
    if prof:
        head.append(f"<tr><th>profile</th><td><code>{_e(prof['name'])}</code>: "
                    f"{_e(prof['about'])}</td></tr>")
    if scope:
        head.append(f"<tr><th>filters</th><td>{_e('; '.join(scope))}: the "
                    "verdict covers the selected tests only</td></tr>")
    if doc["rerun"]:
        head.append("<tr><th>rerun</th><td>tests that had not passed, "
                    "and those the previous run did not have, were rerun "
                    "(of the same implementation, corpus and settings); "
                    "the others keep their previous result</td></tr>")
    head.append("</table>")
    head.append(
        "<p>An API is <b>CONFORMANT</b> when every mandatory conformance-tier "
        "test passed; <b>NOT CONFORMANT</b> when one, or a test of an optional "
        "capability the implementation offers, failed, crashed or timed "
        "out; <b>INCOMPLETE</b> when nothing failed but conformance could not "
        "be shown (no corpus, unsupported tests, unreadable vectors); "
        "<b>NOT OFFERED</b> when the implementation does not ship its "
        "library.</p>")
    body = ["<h2>Summary</h2>", _summary_table(doc)]
    for api, a in doc["apis"].items():
        tests = [r for r in doc["tests"] if r["api"] == api]
        body.append(_api_section(api, a, tests, vecs.get(api)))
    legend = "".join(f"<tr><td>{badge(vd)}</td><td>{_e(t)}</td></tr>"
                     for vd, t in LEGEND)
    body.append(f"<h2>Verdicts</h2><table>{legend}</table>")
    return "".join(head + body) + "</body></html>\n"
