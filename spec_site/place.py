"""Where each clause sits in the text, and what each sentence is.

A clause sits on the words its `source` names (spec_site/sources.py).
Only when those words are not in the text given (another edition of the
text, a clause written since) is it placed by word overlap, as a last
resort, and counted as such; failing that it is shown beside its
section.

A sentence of a classified section (S-2446-31 chapters 3 and 5, every
uDAPL page) is stated (a clause's source lands on it), informative (a rule
of vectors/<api>/informative.json matches it, with the reason), or an open
gap: a statement no clause rests on yet."""

import json
import os
import re

from . import sources, spectext

HOW = ("quote", "table", "derived", "erratum", "fuzzy", "beside")
HOW_REF = ("returns",)
# Why a sentence states nothing to test (docs/spec-site.md).
REASONS = ("overview", "definition", "type listing", "synopsis",
           "cross-reference", "example", "advice", "permission", "heading",
           "attributes")


def place(sections, clauses, errata, calls=()):
    """Attaches every clause to its sentences (Sentence.clauses holds
    (clause id, how, anchor): the anchor is on the last of a clause's
    sentences) and returns {clause id: how}.  A clause that expects a
    return code its call's return-code list describes also refers to that
    entry ("returns", no anchor): the entry is what the clause checks."""
    index = {s.number: s for s in sections}
    errata_by_id = {e["id"]: e for e in errata}
    out = {}
    for c in clauses:
        how, sents = "beside", []
        if c.get("source") is not None:
            how, sents = sources.resolve(c["source"], index, errata_by_id)
        if not sents:
            best = fuzzy(sections, c)
            how, sents = ("fuzzy", [best]) if best else ("beside", [])
        for i, s in enumerate(sents):
            s.clauses.append((c["id"], how, i == len(sents) - 1))
        out[c["id"]] = how
    rc_lists = _return_code_lists(sections, calls)
    for c in clauses:
        entries = rc_lists.get(c.get("call"), {})
        for code in RC_NAME.findall(c.get("expected") or ""):
            for s in entries.get(code, []):
                if not any(x[0] == c["id"] for x in s.clauses):
                    s.clauses.append((c["id"], "returns", False))
    return out


def _return_code_lists(sections, calls):
    """{call: {code: [sentences of its entry]}} from each call's Return
    Codes section (S-2446-31) or RETURN VALUES (a uDAPL page)."""
    out = {}
    for call in calls:
        where = call.get("section", "")
        for sec in sections:
            if not (sec.title in ("Return Codes", "RETURN VALUES") and (
                    sec.number.startswith(where + ".") or
                    sec.number.startswith(where + " "))):
                continue
            entries = out.setdefault(call["name"], {})
            for para in sec.paragraphs:
                m = RC_NAME.match(para[0].text) if para else None
                if m:
                    entries.setdefault(m.group(1), []).extend(para)
    return out


def load_rules(vectors_dir, api):
    path = os.path.join(vectors_dir, api, "informative.json")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return json.load(f).get("informative", [])


def rule_problems(rule):
    """What is wrong with an informative rule's form."""
    out = []
    if rule.get("reason") not in REASONS:
        out.append("reason %r is not one of %s" % (rule.get("reason"),
                                                   ", ".join(REASONS)))
    if len(str(rule.get("why", ""))) < 10:
        out.append("'why' must say why the words are not a statement to test")
    if not any(k in rule for k in ("section", "heading", "quote", "pattern")):
        out.append("a rule selects by section, heading, quote or pattern")
    if "quote" in rule and "section" not in rule:
        out.append("a quote names its section")
    extra = set(rule) - {"section", "heading", "quote", "pattern", "reason",
                         "why"}
    if extra:
        out.append("unknown field(s) %s" % sorted(extra))
    if "pattern" in rule:
        try:
            re.compile(rule["pattern"])
        except re.error as e:
            out.append("pattern does not compile: %s" % e)
    return out


def matches(rule, sections):
    """The sentences an informative rule selects: all its selectors hold
    (section: the section's number; heading: its title or, for a uDAPL
    page, its heading; quote: the sentences the quote overlaps; pattern:
    a regular expression the sentence's text matches)."""
    out = []
    for sec in sections:
        if "section" in rule and sec.number != rule["section"]:
            continue
        if "heading" in rule and sec.title != rule["heading"]:
            continue
        cand = sec.find(rule["quote"]) if "quote" in rule else \
            sec.sentences()
        if "pattern" in rule:
            cand = [s for s in cand if re.search(rule["pattern"], s.text)]
        out += cand
    return out


def classify(sections, rules):
    """Marks the informative sentences; returns [(rule, n sentences)]."""
    used = []
    for r in rules:
        hit = matches(r, sections)
        for s in hit:
            if not s.informative:
                s.informative = r["reason"]
        used.append((r, len(hit)))
    return used


def counts(sections):
    """{section number: {stated, informative, gap}} of classified
    sections."""
    out = {}
    for sec in sections:
        if not sec.classified:
            continue
        n = {"stated": 0, "informative": 0, "gap": 0}
        for s in sec.sentences():
            n[s.status] += 1
        out[sec.number] = n
    return out


# Word overlap, the last resort: a clause whose words are not in the text
# goes on the sentence of its own section (or a subsection) whose words
# its statement uses most, if any uses enough.
RC_NAME = re.compile(r"\b(GNI_RC_[A-Z_]+|DMAPP_RC_[A-Z_]+|DAT_[A-Z_]+)\b")


def _related(a, b):
    return a == b or b.startswith(a + ".") or a.startswith(b + ".") or \
        b.startswith(a + " ")


def fuzzy(sections, clause, minimum=0.4):
    want = spectext.page_of(clause["section"])
    cw = spectext.words(clause["statement"] + " " +
                        (clause.get("expected") or ""))
    m = RC_NAME.search(clause.get("expected") or "")
    best, score = None, 0.0
    for sec in sections:
        if not _related(want, sec.number):
            continue
        for s in sec.sentences():
            if clause["kind"] == "return-code" and m and \
                    s.text.startswith(m.group(1)):
                sc = 1.0
            else:
                shared = len(s.words & cw)
                sc = shared / len(s.words) if shared >= 3 and s.words else 0
            if sc > score:
                best, score = s, sc
    return best if score >= minimum else None
