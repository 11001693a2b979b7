"""JUnit XML: one testsuite per API, one testcase per test.
FAIL is a <failure>, CRASH and TIMEOUT are <error>, UNSUPPORTED <skipped>."""

import re
import xml.etree.ElementTree as ET

from harness import verdicts as V


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _clean(text):
    """Test output may hold bytes XML 1.0 cannot carry."""
    return _NOT_XML.sub("?", text)


def _failure_text(r):
    lines = [f"{r['verdict']}: {r['detail']}"] if r["detail"] else []
    for f in r["failures"]:
        rank = f" rank={f['rank']}" if "rank" in f else ""
        lines.append(f"clause={f['clause']} at={f['at']}{rank} "
                     f"expected={f['expected']} observed={f['observed']} "
                     f"msg={f['msg']}")
    return _clean("\n".join(lines))


def render(doc):
    root = ET.Element("testsuites", name="rdmacts")
    totals = dict(tests=0, failures=0, errors=0, skipped=0, time=0.0)
    suites = []
    for api, a in doc["apis"].items():
        mine = [r for r in doc["tests"] if r["api"] == api]
        suites.append((api, f"rdmacts.{api}", a,
                       [r for r in mine if not r.get("extension")]))
        if a.get("extension"):
            # apart, so that a CI gate on the 2010 core can ignore it
            x = dict(status=a["extension"]["summary"], library=a["library"],
                     calls_exported=a["extension"]["calls_exported"],
                     calls_total=a["extension"]["calls_total"], notes=[], problems=[])
            suites.append((api, f"rdmacts.{api}.extension", x,
                           [r for r in mine if r.get("extension")]))
    for api, suite_name, a, mine in suites:
        suite = ET.SubElement(root, "testsuite", name=suite_name)
        props = ET.SubElement(suite, "properties")
        for k, val in (("status", a["status"]), ("library", a["library"]),
                       ("calls_exported",
                        f"{a['calls_exported']} of {a['calls_total']}"),
                       ("notes", "; ".join(a["notes"] + a["problems"]))):
            ET.SubElement(props, "property", name=k, value=str(val))
        n = dict(tests=len(mine), failures=0, errors=0, skipped=0,
                 time=sum(r.get("duration", 0) for r in mine))
        for r in mine:
            case = ET.SubElement(suite, "testcase", name=r["name"],
                                 classname=f"{api}.{r['call']}",
                                 time=f"{r.get('duration', 0):.3f}")
            cprops = ET.SubElement(case, "properties")
            for k, val in (("clauses", ",".join(r["clauses"]) or "-"),
                           ("tier", r["tier"]),
                           ("mandatory", str(r["mandatory"]).lower())):
                ET.SubElement(cprops, "property", name=k, value=val)
            first = r["failures"][0] if r["failures"] else None
            if r["verdict"] == V.FAIL:
                n["failures"] += 1
                msg = (f"{first['clause']}: expected {first['expected']}, "
                       f"observed {first['observed']}") if first else r["detail"]
                el = ET.SubElement(case, "failure", message=_clean(msg),
                                   type="FAIL")
                el.text = _failure_text(r)
            elif r["verdict"] in (V.CRASH, V.TIMEOUT):
                n["errors"] += 1
                el = ET.SubElement(case, "error", message=_clean(r["detail"]),
                                   type=r["verdict"])
                el.text = _failure_text(r)
            elif r["verdict"] == V.UNSUPPORTED:
                n["skipped"] += 1
                ET.SubElement(case, "skipped", message=_clean(r["detail"]))
            if r.get("stdout"):
                ET.SubElement(case, "system-out").text = _clean(r["stdout"])
            if r.get("stderr"):
                ET.SubElement(case, "system-err").text = _clean(r["stderr"])
        for k in n:
            suite.set(k, f"{n[k]:.3f}" if k == "time" else str(n[k]))
            totals[k] += n[k]
    for k in totals:
        root.set(k, f"{totals[k]:.3f}" if k == "time" else str(totals[k]))
    ET.indent(root)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + ET.tostring(root, encoding="unicode") + "\n")
