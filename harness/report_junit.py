"""JUnit XML.  Per API, three suites, so that a CI gate on one reads only
what decides it: rdmacts.<api> (the conformance tier of the 2010 core,
and the checks of the library itself), rdmacts.<api>.robustness (never
decides) and rdmacts.<api>.extension (the later vendor headers, never
decides the core's verdict).  FAIL is a <failure>, CRASH and TIMEOUT are
<error>, UNSUPPORTED <skipped>.

The library's own checks are testcases too: <api>.library.loads and
<api>.library.exports_every_call fail when the library cannot be loaded
or lacks a documented call, and <api>.corpus.lists_its_tests is an
error when the corpus cannot run against it; so an implementation that
cannot even be loaded fails in CI instead of showing no test at all."""

import re
import xml.etree.ElementTree as ET

from harness import verdicts as V

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _clean(text):
    """Text runner.py cleaned already; kept as a last guard, since XML 1.0
    cannot carry these at all."""
    return _NOT_XML.sub("?", str(text))


def _failure_text(r):
    lines = [f"{r['verdict']}: {r['detail']}"] if r["detail"] else []
    for f in r["failures"]:
        rank = f" rank={f['rank']}" if "rank" in f else ""
        lines.append(f"clause={f['clause']} at={f['at']}{rank} "
                     f"expected={f['expected']} observed={f['observed']} "
                     f"msg={f['msg']}")
    if r.get("rerun_command"):
        lines.append(f"by hand: {r['rerun_command']}")
    return _clean("\n".join(lines))


def _suites(doc):
    """(suite name, properties, library checks, test records) per suite."""
    for api, a in doc["apis"].items():
        mine = [r for r in doc["tests"] if r["api"] == api]
        core = [r for r in mine if not r.get("extension")]
        yield (f"rdmacts.{api}", _properties(a), _library_checks(api, a),
               [r for r in core if r["tier"] == "conformance"])
        yield (f"rdmacts.{api}.robustness",
               dict(status="reported apart: never decides conformance"), [],
               [r for r in core if r["tier"] != "conformance"])
        if a.get("extension"):
            x = a["extension"]
            yield (f"rdmacts.{api}.extension", dict(
                status=x["summary"], library=a["library"],
                calls_exported=f"{x['calls_exported']} of {x['calls_total']}"),
                [], [r for r in mine if r.get("extension")])


def _properties(a):
    return dict(status=a["status"], library=a["library"],
                calls_exported=f"{a['calls_exported']} of {a['calls_total']}",
                notes="; ".join(a["notes"] + a["problems"]))


def _library_checks(api, a):
    """(name, kind, message) of the library's own checks: kind failure,
    error, skipped, or None when it held."""
    if not a["offered"]:
        return []
    loads = a.get("load_error")
    missing = a.get("missing_calls") or []
    checks = [(f"{api}.library.loads", "failure" if loads else None, loads),
              (f"{api}.library.exports_every_call",
               "skipped" if loads else "failure" if missing else None,
               "the library cannot be loaded" if loads else
               f"{len(missing)} documented call(s) not exported: "
               + ", ".join(missing))]
    if not loads:
        err = a.get("corpus_error")
        checks.append((f"{api}.corpus.lists_its_tests",
                       "error" if err else None, err))
    return checks


def _check_case(suite, api, name, kind, message):
    case = ET.SubElement(suite, "testcase", name=name,
                         classname=f"{api}.library", time="0.000")
    if kind:
        attrs = dict(message=_clean(message or ""))
        if kind != "skipped":
            attrs["type"] = "NOT CONFORMANT" if kind == "failure" else "INCOMPLETE"
        ET.SubElement(case, kind, **attrs).text = (
            _clean(message) if kind != "skipped" else None)
    return kind


def _test_case(suite, api, r):
    case = ET.SubElement(suite, "testcase", name=r["name"],
                         classname=f"{api}.{r['call']}",
                         time=f"{r.get('duration', 0):.3f}")
    cprops = ET.SubElement(case, "properties")
    for k, val in (("clauses", ",".join(r["clauses"]) or "-"),
                   ("tier", r["tier"]),
                   ("mandatory", str(r["mandatory"]).lower())):
        ET.SubElement(cprops, "property", name=k, value=val)
    first = r["failures"][0] if r["failures"] else None
    kind = None
    if r["verdict"] == V.FAIL:
        kind = "failure"
        msg = (f"{first['clause']}: expected {first['expected']}, "
               f"observed {first['observed']}") if first else r["detail"]
        el = ET.SubElement(case, "failure", message=_clean(msg), type="FAIL")
        el.text = _failure_text(r)
    elif r["verdict"] in (V.CRASH, V.TIMEOUT):
        kind = "error"
        el = ET.SubElement(case, "error", message=_clean(r["detail"]),
                           type=r["verdict"])
        el.text = _failure_text(r)
    elif r["verdict"] == V.UNSUPPORTED:
        kind = "skipped"
        ET.SubElement(case, "skipped", message=_clean(r["detail"]))
    if r.get("stdout"):
        ET.SubElement(case, "system-out").text = _clean(r["stdout"])
    if r.get("stderr"):
        ET.SubElement(case, "system-err").text = _clean(r["stderr"])
    return kind


def render(doc):
    root = ET.Element("testsuites", name="rdmacts")
    totals = dict(tests=0, failures=0, errors=0, skipped=0, time=0.0)
    plural = {"failure": "failures", "error": "errors", "skipped": "skipped"}
    for name, props, checks, records in _suites(doc):
        api = name.split(".")[1]
        suite = ET.SubElement(root, "testsuite", name=name)
        el = ET.SubElement(suite, "properties")
        for k, val in props.items():
            ET.SubElement(el, "property", name=k, value=_clean(val))
        n = dict(tests=len(checks) + len(records), failures=0, errors=0,
                 skipped=0, time=sum(r.get("duration", 0) for r in records))
        kinds = [_check_case(suite, api, *c) for c in checks]
        kinds += [_test_case(suite, api, r) for r in records]
        for kind in filter(None, kinds):
            n[plural[kind]] += 1
        for k in n:
            suite.set(k, f"{n[k]:.3f}" if k == "time" else str(n[k]))
            totals[k] += n[k]
    for k in totals:
        root.set(k, f"{totals[k]:.3f}" if k == "time" else str(totals[k]))
    ET.indent(root)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + ET.tostring(root, encoding="unicode") + "\n")
