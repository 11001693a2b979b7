#!/usr/bin/python3
"""Validate vectors/ (the formats of docs/vectors.md) and keep docs/errata.md
generated from the errata files.

  check_vectors.py            validate; fail if docs/errata.md is stale
  check_vectors.py --write    validate and regenerate docs/errata.md
  check_vectors.py --spec DIR also hold every clause's source against the
                              text in DIR (every quote verbatim in its section)
                              and every uDAPL clause against its page in
                              DIR/udapl (../shared/spec when present)

Every clause carries a `source` (spec_site/sources.py): the sentence(s) of
the specification it states, the sentences it is derived from, or the
erratum it exists for.  Without the text only the shape is checked.
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from spec_site import place, sources, spectext  # noqa: E402
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
        if "text_decides" in e and len(str(e.get("text_decides", "")).strip()) < 20:
            problems.append("%s: 'text_decides' must say why the text leaves one reading" % where)
    return ids


# What a code-search index calls a file (a bare number of 6 digits or
# more, a number after "file" or "id", the index named as the source) is
# not a public source: evidence names repository, path, version and line.
INTERNAL_REFERENCE = re.compile(
    r"(search[- ]index|repository not shown|\b(?:file|id|index)\s*(?:#|no\.?|number)?\s*\d{4,}\b"
    r"|(?<![0-9A-Fa-f.,])\d{6,}(?![0-9A-Fa-f.,]))", re.I)


def internal_reference(text):
    m = INTERNAL_REFERENCE.search(text)
    return m.group(0) if m else None


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
        for f in ("source",) + fields:
            bad = internal_reference(str(item.get(f, "")))
            if bad:
                problems.append("%s: '%s' cites %r, a look-up number no reader can "
                                "follow: name the repository, path and version" % (at, f, bad))
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
            problems.append("%s: call %r is not in the calls file" % (where, c.get("call")))
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
        if "source" not in c:
            problems.append("%s: missing field 'source' (the words of the specification it "
                            "states: vectors/tools/suggest_sources.py proposes one)" % where)
        elif not str(c.get("id", "")).startswith("%s-X-" % api.upper()):
            for p in sources.shape_problems(c["source"], errata):
                problems.append("%s: source: %s" % (where, p))
    return ids


def check_informative(api, text, problems):
    """vectors/<api>/informative.json (optional): each rule well formed
    and, with the text at hand, selecting at least one sentence (a quote
    its section holds)."""
    path = os.path.join(ROOT, "vectors", api, "informative.json")
    if not os.path.exists(path):
        return
    with open(path) as f:
        doc = json.load(f)
    rules = doc.get("informative")
    if not isinstance(rules, list):
        problems.append("%s: 'informative' must be a list of rules" % path)
        return
    for i, r in enumerate(rules):
        where = "%s rule #%d" % (path, i)
        if not isinstance(r, dict):
            problems.append("%s: not an object" % where)
            continue
        for p in place.rule_problems(r):
            problems.append("%s: %s" % (where, p))
        if text.get(api) and not place.rule_problems(r) and \
                not place.matches(r, text[api]):
            problems.append("%s: selects no sentence of the text (%s)" % (
                where, r.get("quote") or r.get("pattern") or r.get("section")
                or r.get("heading")))


def check_source_words(api, clauses, path, text, errata, problems):
    """Every quote and table row of every source verbatim in the text of
    its section (text: spectext.load of the spec directory)."""
    index = {s.number: s for s in text.get(api, [])}
    if not index:
        return
    for c in clauses:
        for x in sources.missing_words(c.get("source"), index):
            what = x.get("quote") or x.get("row")
            if x.get("section") not in index:
                problems.append("%s: clause %s: source section %r is not a section of the "
                                "text" % (path, c.get("id"), x.get("section")))
            else:
                problems.append("%s: clause %s: source %r is not in section %s of the text"
                                % (path, c.get("id"), what[:80], x.get("section")))


EXT_ORIGINS = ("gni_pub.h", "dmapp.h")


def check_ext_calls(api, doc, path, core, problems):
    """The extension tier (docs/extension.md): calls of the later vendor
    headers, each with its source and whether the reference models it."""
    names = set()
    for i, c in enumerate(doc.get("calls", [])):
        where = "%s call #%d (%s)" % (path, i, c.get("name"))
        need(problems, where, c, ("name", "section", "origin", "kind", "returns",
                                  "params", "modelled"))
        if c.get("name") in names or c.get("name") in core:
            problems.append("%s: duplicate call (or a 2010 core call)" % where)
        names.add(c.get("name"))
        if not str(c.get("origin", "")).startswith(EXT_ORIGINS):
            problems.append("%s: origin %r must name the vendor header it comes "
                            "from (%s ...)" % (where, c.get("origin"), " or ".join(EXT_ORIGINS)))
        if c.get("kind", "function") not in CALL_KINDS:
            problems.append("%s: kind %r not one of %s" % (where, c.get("kind"), sorted(CALL_KINDS)))
        if c.get("modelled") not in (True, False):
            problems.append("%s: modelled must be true or false" % where)
        if c.get("modelled") is False and len(str(c.get("reason", ""))) < 10:
            problems.append("%s: a call the reference does not model needs a reason" % where)
        for p in c.get("params", []):
            need(problems, where + " param", p, ("name", "type", "dir"))
            if p.get("dir") not in DIRS:
                problems.append("%s: param %s dir %r" % (where, p.get("name"), p.get("dir")))
    return names


def check_ext_clauses(api, doc, path, calls, errata, problems):
    prefix = "%s-X-" % api.upper()
    for i, c in enumerate(doc.get("clauses", [])):
        where = "%s clause #%d (%s)" % (path, i, c.get("id"))
        if not str(c.get("id", "")).startswith(prefix):
            problems.append("%s: an extension clause id starts with %s" % (where, prefix))
        if len(str(c.get("source", ""))) < 10:
            problems.append("%s: 'source' must give the header text the clause rests on" % where)
    return check_clauses(api, doc, path, calls, errata, problems)


# Evidence that is the vendor's own (headers, example programs, drivers,
# the uDAPL pages' own implementation in illumos, OFA's DAT 1.2), as
# opposed to clients' code.
VENDOR_SOURCES = re.compile(r"^vendor|Cray|kgni|illumos|Sun's|compat-dapl|OFA|libdat", re.I)
AUDIT_CLASSES = ("vendor code", "client code", "text", "none")


def evidence_class(erratum):
    """What a single reading of erratum rests on (docs/errata.md, audit)."""
    found = [ev.get("source", "") for ev in erratum.get("evidence", [])
             if isinstance(ev, dict) and ev.get("source") != NONE_FOUND]
    if any(VENDOR_SOURCES.search(src) for src in found):
        return "vendor code"
    if found:
        return "client code"
    if erratum.get("text_decides"):
        return "text"
    return "none"


def single_outcome_audit(clauses, errata):
    """Every mandatory conformance clause that cites errata (the text is
    unclear, silent or contradicts itself) and accepts exactly one
    reading, with the strongest evidence class among its errata."""
    by_id = {e["id"]: e for e in errata}
    rows = []
    for c in clauses:
        if c.get("tier") != "conformance" or not c.get("mandatory") or not c.get("errata"):
            continue
        if len(c.get("readings", [])) != 1:
            continue
        classes = [evidence_class(by_id[e]) for e in c["errata"] if e in by_id]
        # the strongest: the clause's reading is the erratum's that has evidence
        best = min(classes, key=AUDIT_CLASSES.index) if classes else "none"
        rows.append((c["id"], c.get("expected", ""), best, c["errata"]))
    return rows


def audit_markdown(audits):
    out = ["", "## Single-outcome audit", "",
           "Every mandatory conformance clause that cites an erratum (the text is",
           "unclear, silent or contradicts itself) and whose test accepts exactly one",
           "outcome, with what that outcome rests on: **vendor code** (the vendor's",
           "headers, programs or driver; for uDAPL Sun's implementation in illumos or",
           "OFA's DAT 1.2), **client code** (real clients rely on it), or **text**",
           "(the erratum says why the text itself leaves one reading: a typo, a",
           "copied sentence, a synopsis slip).  A clause resting on none of these is",
           "refused by `make check-vectors`: its test is widened to every reading the",
           "evidence leaves open, or moved to the robustness tier.", "",
           "| API | clauses | vendor code | client code | text |",
           "| --- | ---: | ---: | ---: | ---: |"]
    for api in APIS:
        rows = audits.get(api, [])
        n = {k: sum(1 for r in rows if r[2] == k) for k in AUDIT_CLASSES}
        out.append("| %s | %d | %d | %d | %d |" % (api, len(rows), n["vendor code"],
                                                  n["client code"], n["text"]))
    for api in APIS:
        out += ["", "### " + TITLES[api], "",
                "| clause | outcome required | evidence | errata |",
                "| --- | --- | --- | --- |"]
        for cid, expected, cls, errs in audits.get(api, []):
            out.append("| %s | %s | %s | %s |" % (cid, expected.replace("|", "\\|"), cls,
                                                 ", ".join(errs)))
    return out


def udapl_page_sections(text):
    """The sections of a rendered 3DAT page: {NAME: body}."""
    out, cur = {}, None
    for line in text.split("\n"):
        if line and not line[0].isspace() and re.match(r"^[A-Z][A-Z ]+$", line.strip()):
            cur = line.strip()
            out[cur] = ""
        elif cur:
            out[cur] += line + "\n"
    return out


def check_udapl_pages(spec, clauses, problems):
    """Every uDAPL clause against its page (SPEC/udapl/<call>.txt): the
    section it cites exists; a conformance return-code clause requires a
    code the page's RETURN VALUES list, or cites an erratum saying why not
    (E-UDAPL-034, how codes compare, is not such a reason); every code a
    page lists has a clause of that call."""
    pages = {}
    folder = os.path.join(spec, "udapl")
    for name in sorted(os.listdir(folder)):
        if name.startswith("dat_") and name.endswith(".txt"):
            with open(os.path.join(folder, name)) as f:
                pages[name[:-4]] = udapl_page_sections(f.read())
    by_call = {}
    for c in clauses:
        by_call.setdefault(c.get("call"), []).append(c)
    ignore = {"DAT_GET_TYPE", "DAT_SUCCESS", "DAT_HANDLE_NULL", "DAT_GET_SUBTYPE"}
    for call, sections in pages.items():
        listed = set(re.findall(r"\b(DAT_[A-Z_]+)\b", sections.get("RETURN VALUES", "")))
        mine = by_call.get(call, [])
        if not mine:
            problems.append("udapl page %s(3DAT): no clause states it" % call)
        said = " ".join(c["id"] + " " + c["statement"] + " " + c["expected"] for c in mine)
        for code in sorted(listed - ignore):
            if code not in said and ("rc-" + code[4:].lower().replace("_", "-")) not in said:
                problems.append("udapl page %s(3DAT) lists %s, which no clause of the call states"
                                % (call, code))
        for c in mine:
            m = re.match(r"(\w+)\(3DAT\) (.*)", c["section"])
            if m and m.group(1) in pages:
                for sec in re.split(r",\s*", m.group(2)):
                    if sec not in pages[m.group(1)]:
                        problems.append("%s: section %r is not a section of %s(3DAT)"
                                        % (c["id"], sec, m.group(1)))
            if c.get("kind") != "return-code" or c.get("tier") != "conformance":
                continue
            reasons = [e for e in c.get("errata", []) if e != "E-UDAPL-034"]
            first = c.get("expected", "").split(";")[0]
            for code in sorted(set(re.findall(r"\b(DAT_[A-Z_]+)\b", first)) - ignore):
                if code.startswith("DAT_MEM_TYPE"):
                    continue
                if code not in listed and not reasons:
                    problems.append("%s: requires %s, which %s(3DAT) does not list, and cites "
                                    "no erratum saying why" % (c["id"], code, call))


def errata_markdown(all_errata, audits=None):
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
            if e.get("text_decides"):
                out.append("")
                out.append("Why the text decides: " + e["text_decides"])
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
    if audits is not None:
        out += audit_markdown(audits)
    return "\n".join(out).rstrip() + "\n"


def main(argv):
    write = "--write" in argv
    spec = argv[argv.index("--spec") + 1] if "--spec" in argv[:-1] else None
    problems = []
    all_errata = {}
    audits = {}
    text = spectext.load(spec) if spec and os.path.isdir(spec) else {}
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
        n_clauses = len(check_clauses(api, clauses, lpath, calls_names, errata_ids, problems)) if clauses else 0
        if clauses and api == "udapl" and spec and os.path.isdir(os.path.join(spec, "udapl")):
            check_udapl_pages(spec, clauses.get("clauses", []), problems)
        if clauses:
            check_source_words(api, clauses.get("clauses", []), lpath, text, errata_ids,
                               problems)
        check_informative(api, text, problems)
        if clauses:
            audits[api] = single_outcome_audit(clauses.get("clauses", []), all_errata[api])
            for cid, _, cls, errs in audits[api]:
                if cls == "none":
                    problems.append("%s: mandatory clause %s accepts one outcome, but its "
                                    "errata (%s) rest on no evidence and do not say why the "
                                    "text decides: widen its test, move it to the robustness "
                                    "tier, or cite evidence" % (lpath, cid, ", ".join(errs)))
        ext, xpath = load(api, "ext-calls")
        ext_names = check_ext_calls(api, ext, xpath, calls_names, problems) if ext else set()
        xclauses, xlpath = load(api, "ext-clauses")
        # an extension clause may be about a core call the later headers say more of
        n_x = len(check_ext_clauses(api, xclauses, xlpath, ext_names | calls_names,
                                    errata_ids, problems)) if xclauses else 0
        if ext and not xclauses:
            problems.append("%s: ext-calls.json without ext-clauses.json" % api)
        print("%-6s %3d calls, %3d clauses, %3d errata; extension: %d calls, %d clauses"
              % (api, len(calls_names), n_clauses, len(errata_ids), len(ext_names), n_x))
    md = errata_markdown(all_errata, audits)
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
