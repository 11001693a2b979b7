#!/usr/bin/python3
"""Validate vectors/ (the formats of docs/vectors.md) and keep docs/errata.md
generated from the errata files.

  check_vectors.py            validate; fail if docs/errata.md is stale
  check_vectors.py --write    validate and regenerate docs/errata.md
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APIS = ("ugni", "dmapp", "udapl")
TITLES = {"ugni": "uGNI (S-2446-31, Part I)", "dmapp": "DMAPP (S-2446-31, Part II)",
          "udapl": "uDAPL 1.2 (man pages)"}

CALL_ORIGINS = {"spec", "udapl-1.2", "vendor"}
CALL_KINDS = {"function", "macro", "data"}
DIRS = {"in", "out", "inout"}
CLAUSE_KINDS = {"return-code", "alignment", "state", "ordering", "resource",
                "parameter", "data", "event"}
TESTABILITY = {"testable", "untestable"}
TIERS = {"conformance", "robustness"}
NONE_FOUND = "none found"
EVIDENCE_FIELDS = ("where", "shows")
ERRATA_KINDS = {"synopsis", "undefined", "copied-text", "contradiction", "silent",
                "typo", "value"}


def load(api, what):
    path = os.path.join(ROOT, "vectors", api, what + ".json")
    if not os.path.exists(path):
        return None, path
    with open(path) as f:
        return json.load(f), path


def need(problems, where, record, fields):
    for field in fields:
        if field not in record:
            problems.append("%s: missing field '%s'" % (where, field))


def check_calls(api, doc, path, problems):
    names = set()
    for i, c in enumerate(doc.get("calls", [])):
        where = "%s call #%d (%s)" % (path, i, c.get("name"))
        need(problems, where, c, ("name", "section", "origin", "kind", "returns",
                                  "params", "return_codes", "errata"))
        if c.get("name") in names:
            problems.append("%s: duplicate call" % where)
        names.add(c.get("name"))
        if c.get("origin") not in CALL_ORIGINS:
            problems.append("%s: origin %r not one of %s" % (where, c.get("origin"), sorted(CALL_ORIGINS)))
        if c.get("kind", "function") not in CALL_KINDS:
            problems.append("%s: kind %r not one of %s" % (where, c.get("kind"), sorted(CALL_KINDS)))
        for p in c.get("params", []):
            need(problems, where + " param", p, ("name", "type", "dir"))
            if p.get("dir") not in DIRS:
                problems.append("%s: param %s dir %r" % (where, p.get("name"), p.get("dir")))
        for rc in c.get("return_codes", []):
            need(problems, where + " return code", rc, ("code", "meaning"))
    return names


def check_errata(api, doc, path, problems):
    ids = set()
    prefix = "E-%s-" % api.upper()
    for i, e in enumerate(doc.get("errata", [])):
        where = "%s erratum #%d (%s)" % (path, i, e.get("id"))
        need(problems, where, e, ("id", "section", "kind", "summary", "resolution"))
        if not str(e.get("id", "")).startswith(prefix):
            problems.append("%s: id must start with %s" % (where, prefix))
        if e.get("id") in ids:
            problems.append("%s: duplicate id" % where)
        ids.add(e.get("id"))
        if e.get("kind") not in ERRATA_KINDS:
            problems.append("%s: kind %r not one of %s" % (where, e.get("kind"), sorted(ERRATA_KINDS)))
        check_evidence(where, e.get("evidence"), problems)
    return ids


def check_evidence(where, evidence, problems):
    """Every erratum rests on evidence (docs/vectors.md "evidence"): what
    the vendor's headers, example programs or real clients show, or an
    honest "none found" with what was searched."""
    if not isinstance(evidence, list) or not evidence:
        problems.append("%s: 'evidence' must be a non-empty list" % where)
        return
    for j, item in enumerate(evidence):
        at = "%s evidence #%d" % (where, j)
        if not isinstance(item, dict):
            problems.append("%s: not an object" % at)
            continue
        if item.get("source") == NONE_FOUND:
            fields, allowed = ("searched",), {"source", "searched"}
        else:
            fields, allowed = EVIDENCE_FIELDS, {"source"} | set(EVIDENCE_FIELDS)
        for f in ("source",) + fields:
            if not isinstance(item.get(f), str) or len(item.get(f, "").strip()) < 3:
                problems.append("%s: '%s' must be a non-empty text" % (at, f))
        extra = set(item) - allowed
        if extra:
            problems.append("%s: unknown field(s) %s" % (at, sorted(extra)))
    if len(evidence) > 1 and any(i.get("source") == NONE_FOUND for i in evidence
                                 if isinstance(i, dict)):
        problems.append("%s: 'none found' cannot stand beside evidence" % where)


def check_clauses(api, doc, path, calls, errata, problems):
    ids = set()
    for i, c in enumerate(doc.get("clauses", [])):
        where = "%s clause #%d (%s)" % (path, i, c.get("id"))
        need(problems, where, c, ("id", "call", "section", "kind", "statement",
                                  "expected", "testability", "tier", "mandatory"))
        if c.get("id") in ids:
            problems.append("%s: duplicate id" % where)
        ids.add(c.get("id"))
        if c.get("call") is not None and c.get("call") not in calls:
            problems.append("%s: call %r is not in calls.json" % (where, c.get("call")))
        if c.get("kind") not in CLAUSE_KINDS:
            problems.append("%s: kind %r" % (where, c.get("kind")))
        if c.get("testability") not in TESTABILITY:
            problems.append("%s: testability %r" % (where, c.get("testability")))
        if c.get("testability") == "untestable" and not c.get("reason"):
            problems.append("%s: untestable clause needs a reason" % where)
        if c.get("tier") not in TIERS:
            problems.append("%s: tier %r" % (where, c.get("tier")))
        for e in c.get("errata", []):
            if e not in errata:
                problems.append("%s: erratum %s does not exist" % (where, e))
        if c.get("errata") and not c.get("readings"):
            problems.append("%s: a clause that cites errata lists the allowed readings" % where)
    return ids


EXT_ORIGINS = {"gni_pub.h 0x5c", "gni_pub.h 0x61", "dmapp.h RB-3.1", "dmapp.h later"}


def check_ext(api, core_calls, core_clauses, problems):
    """The extension tier (docs: the 2010 core and the extension): every
    ext call is new, says whether it is modelled and why not; every ext
    clause is an X- clause on an ext call (or none) with its source."""
    calls, cpath = load(api, "ext-calls")
    clauses, lpath = load(api, "ext-clauses")
    names = set()
    if calls:
        for i, c in enumerate(calls.get("calls", [])):
            where = "%s call #%d (%s)" % (cpath, i, c.get("name"))
            need(problems, where, c, ("name", "section", "origin", "kind", "returns",
                                      "params", "modelled"))
            if c.get("name") in names or c.get("name") in core_calls:
                problems.append("%s: duplicate call" % where)
            names.add(c.get("name"))
            if c.get("origin") not in EXT_ORIGINS:
                problems.append("%s: origin %r not one of %s" % (where, c.get("origin"), sorted(EXT_ORIGINS)))
            if c.get("modelled") is False and not c.get("reason"):
                problems.append("%s: a call not modelled needs a reason" % where)
    n = 0
    if clauses:
        prefix = "%s-X-" % api.upper()
        ids = set()
        for i, c in enumerate(clauses.get("clauses", [])):
            where = "%s clause #%d (%s)" % (lpath, i, c.get("id"))
            need(problems, where, c, ("id", "call", "section", "kind", "statement", "expected",
                                      "testability", "tier", "mandatory", "source"))
            if not str(c.get("id", "")).startswith(prefix):
                problems.append("%s: id must start with %s" % (where, prefix))
            if c.get("id") in ids or c.get("id") in core_clauses:
                problems.append("%s: duplicate id" % where)
            ids.add(c.get("id"))
            if c.get("call") is not None and c.get("call") not in names:
                problems.append("%s: call %r is not in ext-calls.json" % (where, c.get("call")))
            if c.get("kind") not in CLAUSE_KINDS or c.get("testability") not in TESTABILITY \
                    or c.get("tier") not in TIERS:
                problems.append("%s: kind, testability or tier not allowed" % where)
            if c.get("testability") == "untestable" and not c.get("reason"):
                problems.append("%s: untestable clause needs a reason" % where)
        n = len(ids)
    if calls or clauses:
        print("%-6s %3d extension calls, %3d extension clauses" % (api, len(names), n))


def errata_markdown(all_errata):
    out = ["# Errata: where the specification is wrong, contradictory or silent",
           "",
           "Generated from `vectors/*/errata.json` by `make errata`; edit those files,",
           "not this one.  Each entry gives the spec text, the resolution the rdmacts",
           "headers and reference take, and, where an implementation may choose,",
           "every reading the corpus accepts, and the evidence the reading rests",
           "on: where the text is unclear, silent or contradicts itself, what the",
           "vendor's own headers and programs and real clients do decides; a",
           "behaviour the vendor shows is an accepted reading (the required one",
           "where the text has no coherent reading), and an entry with nothing",
           "found says so and what was searched.",
           ""]
    total = sum(len(v) for v in all_errata.values())
    out.append("%d errata: %s." % (total, ", ".join(
        "%s %d" % (api, len(all_errata[api])) for api in APIS)))
    for api in APIS:
        out += ["", "## " + TITLES[api], ""]
        if not all_errata[api]:
            out.append("None recorded yet.")
        for e in all_errata[api]:
            out.append("### %s (%s, %s): %s" % (e["id"], e["section"], e["kind"], e["summary"]))
            out.append("")
            if e.get("spec_text"):
                out.append("Spec: \"%s\"" % e["spec_text"])
                out.append("")
            out.append("Resolution: " + e["resolution"])
            if e.get("readings"):
                out.append("")
                out.append("Readings a conformant implementation may take:")
                for r in e["readings"]:
                    out.append("- " + r)
            if e.get("evidence"):
                out.append("")
                out.append("Evidence:")
                for ev in e["evidence"]:
                    if not isinstance(ev, dict):
                        continue
                    if ev.get("source") == NONE_FOUND:
                        out.append("- none found; searched: %s" % ev.get("searched", ""))
                    else:
                        out.append("- %s, %s: %s" % (ev.get("source", ""), ev.get("where", ""),
                                                     ev.get("shows", "")))
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def main(argv):
    write = "--write" in argv
    problems = []
    all_errata = {}
    for api in APIS:
        calls, cpath = load(api, "calls")
        calls_names = check_calls(api, calls, cpath, problems) if calls else set()
        if calls is None:
            problems.append("%s is missing" % cpath)
        errata, epath = load(api, "errata")
        errata_ids = check_errata(api, errata, epath, problems) if errata else set()
        all_errata[api] = errata.get("errata", []) if errata else []
        if calls:
            for c in calls.get("calls", []):
                for e in c.get("errata", []):
                    if e not in errata_ids:
                        problems.append("%s: call %s cites unknown erratum %s" % (cpath, c["name"], e))
        clauses, lpath = load(api, "clauses")
        clause_ids = check_clauses(api, clauses, lpath, calls_names, errata_ids, problems) if clauses else set()
        n_clauses = len(clause_ids)
        print("%-6s %3d calls, %3d clauses, %3d errata" % (api, len(calls_names), n_clauses, len(errata_ids)))
        check_ext(api, calls_names, clause_ids, problems)
    md = errata_markdown(all_errata)
    md_path = os.path.join(ROOT, "docs", "errata.md")
    if write:
        with open(md_path, "w") as f:
            f.write(md)
    else:
        current = open(md_path).read() if os.path.exists(md_path) else ""
        if current != md:
            problems.append("docs/errata.md is not generated from the current errata files: run `make errata`")
    for p in problems:
        print("VECTORS: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
