#!/usr/bin/python3
"""Proposes a `source` (docs/vectors.md) for every clause that has none:
the sentence of the specification the clause states, found in the text.

  suggest_sources.py --spec DIR [--api ugni] [--write] [--show N]

For each clause the candidates are the sentences of its call's sections
(its own section first), then the rest of the API's text; a sentence
scores by the words it shares with the clause's statement, the longest
run of words both say in the same order, and, for a return-code clause,
being the line of the code it expects.  The best sentence becomes a quote
when it is clearly the one; the rest are listed for a person to decide
(--show), never written.  --write adds the field at the end of each
clause (other fields and their order untouched)."""

import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from spec_site import spectext  # noqa: E402

TOKEN = re.compile(r"[A-Za-z0-9_]+")
RC = re.compile(r"\b(GNI_RC_[A-Z_]+|DMAPP_RC_[A-Z_]+|DAT_[A-Z_]+)\b")
QUOTE_MAX = 220


def tokens(text):
    return [t.lower() for t in TOKEN.findall(text)]


def longest_run(a, b):
    """Length of the longest run of tokens a and b share in order."""
    best = 0
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0] * (len(b) + 1)
        for j, y in enumerate(b, 1):
            if x == y:
                cur[j] = prev[j - 1] + 1
                if cur[j] > best:
                    best = cur[j]
        prev = cur
    return best


def family(api, section):
    """The section of the call (or page) a clause's section belongs to."""
    if api == "udapl":
        # dat_ia_open is a macro over dat_ia_openv (E-UDAPL-040): one page
        return spectext.page_of(section).replace("dat_ia_openv(", "dat_ia_open(")
    parts = section.split(" ")[0].split(".")
    if parts[0] in ("3", "5") and len(parts) >= 3:
        return ".".join(parts[:3])
    return ".".join(parts)


def _in(number, fam):
    return number == fam or number.startswith(fam + ".") or \
        number.startswith(fam + " ")


def _general(api, number):
    """Sections that speak of every call: the overview chapters, the
    conventions and the common types."""
    if api == "udapl":
        return number.startswith("libdat(3LIB)")
    return number.split(".")[0] in ("1", "2", "4") or \
        number == "3.1" or number.startswith(("3.1.", "3.12", "3.13", "5.1", "5.2"))


def score(clause, ctoks, cwords, sent, own, fam, api):
    stoks = tokens(sent.text)
    if len(sent.words) < 2 and not RC.match(sent.text):
        return 0.0, 0
    run = longest_run(ctoks, stoks)
    shared = len(sent.words & cwords)
    ov = shared / max(len(sent.words), 1)
    s = 0.55 * ov + 0.45 * min(run, 10) / 10
    heading = sent.section.rsplit(") ", 1)[-1] if api == "udapl" else ""
    if heading in ("NAME", "SYNOPSIS", "ATTRIBUTES", "SEE ALSO") and \
            heading not in clause["section"]:
        s -= 0.3                 # the page's frame, not its statements
    if sent.section == own:
        s += 0.12
    elif _in(sent.section, fam):
        s += 0.08
    code = expected_code(clause)
    lead = RC.match(sent.text)
    if lead:
        if code and lead.group(1) == code and _in(sent.section, fam):
            s += 0.35 if clause["kind"] == "return-code" else 0.2
            if code.endswith("SUCCESS") and clause["kind"] != "return-code":
                s -= 0.25     # "success" says little of a data clause
        else:
            s -= 0.2
    return s, run


def expected_code(clause):
    """The return code a clause expects first (DAT_GET_TYPE(ret) aside)."""
    for m in RC.finditer(clause.get("expected") or ""):
        if m.group(1) not in ("DAT_GET_TYPE", "DAT_GET_SUBTYPE"):
            return m.group(1)
    return None


def quote_of(sent, ctoks):
    """The sentence, or for a long one the stretch the clause shares."""
    text = sent.text
    if len(text) <= QUOTE_MAX:
        return text
    words = list(re.finditer(r"\S+", text))
    low = [tokens(w.group(0)) for w in words]
    keep = set(ctoks)
    best, at = -1, 0
    width = 24
    for i in range(max(1, len(words) - width + 1)):
        n = sum(1 for w in low[i:i + width] for t in w if t in keep)
        if n > best:
            best, at = n, i
    part = words[at:at + width]
    q = text[part[0].start():part[-1].end()]
    while len(q) > QUOTE_MAX and len(part) > 8:
        part = part[:-1]
        q = text[part[0].start():part[-1].end()]
    return q.rstrip(",;:")


# Families of clauses that rest on one general sentence, or on a line of
# their own call's section: (API, pattern of the id's end, ways to find
# the sentence, tried in order).  A way is a fixed source, ("rc", CODE)
# the call's return-code line, ("param", NAME) its parameter line,
# ("find", regex) the first sentence of the call's sections that matches,
# or "lead" the call's first sentence.
Q = lambda section, quote: {"section": section, "quote": quote}  # noqa: E731
BEFORE_INIT = Q("5.3.1", "All DMAPP applications must call this function "
                "before using other DMAPP functions.")
VISIBLE_NB = Q("4.8", "The effects of the remote memory access are only "
               "assured to be globally visible in the system after the "
               "application has determined via a synchronization call "
               "(dmapp_syncid_test or dmapp_syncid_wait) whether the syncid "
               "has been retired.")
VISIBLE_NBI = Q("4.8", "the effects of the remote memory access are only "
                "assured to be globally visible in the system following a "
                "call to dmapp_gsync_test or dmapp_gsync_wait.")
VISIBLE_BLOCKING = Q("4.8", "The process returns from the function only "
                     "after the side-effects of the remote memory access are "
                     "globally visible in the system.")
EXPORTED = ("find", r"must (?:be within|reside in) an exported")
EXPORTED_AMO = Q("4.9.2.5", "As with RMA functions, the remote memory "
                 "location must reside in an exported memory segment of "
                 "remote PE.")
DATA_TYPES = Q("4.9.2", "In addition to some common arguments, each of the "
               "data motion functions can operate on 1, 4 (DWORD), 8 (QWORD), "
               "or 16 (DQWORD) byte data types.")
DWORD = Q("4.9.2", "Hardware will work most efficiently with requests that "
          "are at least DWORD aligned.")
INVALID = ("rc", "DMAPP_RC_INVALID_PARAM")
RULES = [
    ("dmapp", r"-before-init$", [BEFORE_INIT]),
    ("dmapp", r"-after-finalize$", [Q(
        "4.9.1", "After the last call to any other DMAPP functions, an "
        "application must call dmapp_finalize to return resources.")]),
    ("dmapp", r"-data-seg$", [Q(
        "4.9.2", "When the virtual address is generated locally by the "
        "initiating PE, as is the case when working with symmetric data "
        "objects, the target segment descriptor supplied in the job_info "
        "structure returned by dmapp_get_job_info may be used.")]),
    ("dmapp", r"-registered-seg$", [Q(
        "4.9.2", "If the virtual address was obtained from the remote PE via "
        "some external pointer-passing mechanism, the segment descriptor "
        "from the remote PE must be used.")]),
    ("dmapp", r"-self-target$", [Q("A.1", "target_pe = npes - pe -1;")]),
    ("dmapp", r"-(outside-segment|stale-registration)$",
     [EXPORTED, ("amo", EXPORTED_AMO), ("strided", Q(
         "4.9.2.2", "The remote memory region described by the remote "
         "address, stride, and the number of elements to transfer must "
         "reside in an exported segment of remote memory.")), ("indexed", Q(
             "4.9.2.3", "The memory region defined by the remote address, "
             "the largest offset in the array, and the number of elements "
             "transferred must be within an exported memory segment of the "
             "remote memory."))]),
    ("dmapp", r"-(null-seg|garbage-seg|null-local-buffer|nelems-overflow|"
     r"null-syncid|null-result|null-index-array|null-pe-list|invalid-pe|"
     r"invalid-type|null-flag|null-syncid-ptr)$", [INVALID, ("param", "flag")]),
    ("dmapp", r"-resource-error$", [("rc", "DMAPP_RC_RESOURCE_ERROR"),
                                    ("erratum", "E-DMAPP-026")]),
    ("dmapp", r"-(result|result-vectors|atomic-across-pes|wraps)$", ["lead"]),
    ("dmapp", r"-(data-(dqw|qw|dw|byte)|data-large|all-pes|data-huge|"
     r"stride-one-contiguous)$", ["top-best"]),
    ("dmapp", r"-neighbours-unchanged$", [Q(
        "4.9.2.5", "AMOs are restricted to operating on 8-byte (also "
        "referred to as qword, qw, or quad word) data types, located in a "
        "remote PE.")]),
    ("dmapp", r"-zero-nelems$", [("find", r"zero-length GETs"),
                                 ("find", r"^nelems specifies"),
                                 ("find", r"nelems parameter specifies"),
                                 ("param", "nelems")]),
    ("dmapp", r"-(unaligned|byte-unaligned|unaligned-length)$",
     [("rc", "DMAPP_RC_ALIGNMENT_ERROR"), DWORD]),
    ("dmapp", r"-(byte-odd-addresses|byte-supported)$", [DATA_TYPES]),
    ("dmapp", r"_?(nbi?|qw|put|get|iput|iget|ixput|ixget|ixpe)-no-space$",
     [("rc", "DMAPP_RC_NO_SPACE"), ("erratum", "E-DMAPP-023")]),
    ("dmapp", r"-many-outstanding$", [Q(
        "4.8", "If the application attempts to initiate more non-blocking "
        "requests than this maximum, DMAPP returns an error.")]),
    ("dmapp", r"-blocking-with-nb-outstanding$", [("rc", "DMAPP_RC_NO_SPACE")]),
    ("dmapp", r"_nbi?-(source-stable-after-sync|target-valid-after-sync|"
     r"result-after-sync)$", [("nbi", VISIBLE_NBI), VISIBLE_NB]),
    ("dmapp", r"-(source-stable-after-sync|target-valid-after-sync|"
     r"result-after-sync)$", [("nbi", VISIBLE_NBI), VISIBLE_NB]),
    ("dmapp", r"-result-after-gsync$", [VISIBLE_NBI]),
    ("dmapp", r"-(result-on-return|source-reusable)$", [VISIBLE_BLOCKING]),
    ("dmapp", r"-syncid-untouched-on-error$", [("param", "syncid")]),
    ("dmapp", r"-transaction-error-at-sync$", [Q(
        "4.9", "In the case of non-blocking RMA functions, this status does "
        "not indicate whether or not the remote memory access request "
        "completed successfully")]),
    ("dmapp", r"-transaction-error$", [("rc", "DMAPP_RC_TRANSACTION_ERROR"),
                                       ("erratum", "E-DMAPP-024")]),
    ("dmapp", r"-registered-seg-refused$", [Q(
        "5.3.70", "Dynamically registered memory can only be remotely "
        "accessed by point-to-point RMA functions, not by PE-strided RMA "
        "functions.")]),
    ("dmapp", r"-short-index-array$", [
        ("find", r"should be equal to nelems"),
        ("derived", [Q("5.3.18.2", "Note that the length of the array tidx "
                       "should be equal to nelems, or a segmentation fault "
                       "may occur."), ("param", "sidx"), ("param", "tidx")])]),
    ("dmapp", r"-pe-list-(repeated-and-self|out-of-range)$",
     [("param", "target_pe_list"), ("param", "source_pe_list")]),
    ("dmapp", r"-num-pes-zero$", [("param", "num_target_pes"),
                                  ("param", "num_source_pes")]),
    ("dmapp", r"-stride-(below-one|one-contiguous)$",
     [("find", r"^tst "), ("find", r"^sst ")]),
    ("dmapp", r"-(unordered-offsets|negative-offset)$",
     [("find", r"^tidx "), ("find", r"^sidx ")]),
]


def call_sections(api, call, sections):
    """The sections of a call (its own and its subsections)."""
    if not call:
        return []
    return [s for s in sections if _in(s.number, call)]


def by_rule(api, clause, call_section, sections, index):
    """The source a family rule gives the clause, or None."""
    for rapi, pattern, ways in RULES:
        if rapi != api or not re.search(pattern, clause["id"]):
            continue
        own = call_sections(api, call_section, sections)
        for way in ways:
            src = _way(way, clause, own, index)
            if src:
                return src
        return None
    return None


def _way(way, clause, own, index):
    call = clause.get("call") or ""
    if way == "top-best" and own:
        ctoks = tokens(clause["statement"])
        cwords = spectext.words(clause["statement"])
        best = max(own[0].sentences(), default=None, key=lambda s: (
            len(s.words & cwords) / max(len(s.words), 1) +
            longest_run(ctoks, tokens(s.text)) / 10))
        return {"section": own[0].number, "quote": best.text} if best \
            else None
    if isinstance(way, dict):
        sec = index.get(way["section"])
        return dict(way) if sec and sec.find(way["quote"]) else None
    if way == "lead":
        for sec in own:
            if sec.sentences():
                return {"section": sec.number,
                        "quote": sec.sentences()[0].text}
        return None
    kind, arg = way
    if kind == "erratum":
        return {"erratum": arg}
    if kind == "derived":
        parts = [p for p in (_way(w, clause, own, index) for w in arg) if p]
        return {"derived": parts[:2]} if len(parts) >= 2 else None
    if kind == "strided":
        return dict(arg) if re.search(r"dmapp_i(put|get)", call) else None
    if kind == "indexed":
        return dict(arg) if re.search(r"dmapp_ix(put|get)", call) else None
    if kind == "amo":
        return dict(arg) if (clause.get("call") or "").find("_qw") > 0 \
            else None
    if kind == "nbi":
        return dict(arg) if (clause.get("call") or "").endswith("_nbi") \
            else None
    for sec in own:
        for s in sec.sentences():
            if (kind == "rc" and s.text.startswith(arg + " ")) or \
                    (kind == "param" and s.text.startswith(arg + " ") and
                     sec.title.startswith("Parameter")) or \
                    (kind == "find" and re.search(arg, s.text)):
                return {"section": sec.number, "quote": s.text}
    return None


def suggest(api, clauses, sections, calls=None):
    """[(clause, source or None, confidence, alternatives)]."""
    sents = [s for sec in sections for s in sec.sentences()]
    index = {sec.number: sec for sec in sections}
    call_section = {c["name"]: c.get("section") for c in calls or []}
    out = []
    for c in clauses:
        ruled = by_rule(api, c, call_section.get(c.get("call")), sections,
                        index)
        if ruled:
            out.append((c, ruled, 1.0, []))
            continue
        own = c["section"] if api == "udapl" else c["section"].split(" ")[0]
        fam = family(api, c["section"])
        text = c["statement"] + " " + (c.get("expected") or "")
        ctoks = tokens(c["statement"])
        cwords = spectext.words(text)
        ranked = []
        for s in sents:
            sc, run = score(c, ctoks, cwords, s, own, fam, api)
            if not _in(s.section, fam):
                # elsewhere only on a long literal run
                if run < 6:
                    continue
                sc -= 0.1 if _general(api, s.section) else 0.3
            ranked.append((sc, run, s))
        ranked.sort(key=lambda x: -x[0])
        if not ranked:
            out.append((c, None, 0.0, []))
            continue
        best = ranked[0]
        second = ranked[1][0] if len(ranked) > 1 else 0.0
        conf = best[0] - 0.5 * max(0.0, second - (best[0] - 0.15))
        src = {"section": best[2].section, "quote": quote_of(best[2], ctoks)}
        out.append((c, src, conf, ranked[:4]))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", required=True)
    ap.add_argument("--api", action="append")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--min", type=float, default=0.55,
                    help="confidence a suggestion needs to be written")
    ap.add_argument("--show", type=int, default=0,
                    help="list the N least confident suggestions")
    ap.add_argument("--dump", help="write every suggestion here (JSON)")
    args = ap.parse_args(argv)
    text = spectext.load(args.spec)
    dump = {}
    for api in args.api or ("ugni", "dmapp", "udapl"):
        path = os.path.join(ROOT, "vectors", api, "clauses.json")
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        todo = [c for c in doc["clauses"] if "source" not in c]
        with open(os.path.join(ROOT, "vectors", api, "calls.json"),
                  encoding="utf-8") as f:
            calls = json.load(f)["calls"]
        res = suggest(api, todo, text.get(api, []), calls)
        good = [r for r in res if r[1] and r[2] >= args.min]
        print(f"{api}: {len(todo)} clauses without source, "
              f"{len(good)} placed with confidence >= {args.min}")
        for c, src, conf, alts in sorted(res, key=lambda r: r[2])[:args.show]:
            print(f"\n{conf:.2f} {c['id']} [{c['section']}] {c['statement']}")
            for sc, run, s in alts:
                print(f"    {sc:.2f} run={run} [{s.section}] {s.text[:160]}")
        dump[api] = [{"id": c["id"], "conf": round(conf, 3), "source": src,
                      "alts": [[round(a[0], 3), a[2].section, a[2].text]
                               for a in alts]}
                     for c, src, conf, alts in res]
        if args.write:
            chosen = {c["id"]: src for c, src, conf, _ in good}
            for c in doc["clauses"]:
                if c["id"] in chosen:
                    c["source"] = chosen[c["id"]]
            with open(path, "w", encoding="utf-8") as f:
                f.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            json.dump(dump, f, indent=1, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
