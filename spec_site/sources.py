"""A clause's `source` (docs/vectors.md): the words of the specification it
states, and where they are in the text (spectext).

    {"section": "3.9.1", "quote": "If a completion entry is found, ..."}
    {"section": "4.9.2.5", "table": "Table 1. AMO Instructions ...",
     "row": "AFADD Atomic Fetch and ADD yes"}
    {"quotes": [<quote or row>, <quote or row>, ...]}
    {"derived": [<quote or row>, <quote or row>, ...]}
    {"erratum": "E-UGNI-014"}

A quote is verbatim in its section's normalised text (one space between
words, a paragraph per line: a quote never spans paragraphs).  A table
row is verbatim after its table's caption.  A clause that states several
sentences lists them all ("quotes"); a derived clause names the sentences
it is derived from when none of them states it (two or more).  An erratum source says the
clause exists because the text is silent; the erratum's own spec_text,
when verbatim in its section, is where such a clause sits.

Used by vectors/tools/check_vectors.py (the shape always, the words when
the text is at hand) and by the site (placement)."""

import re

QUOTE_MAX = 400       # a quote is a sentence or a part of one, not a page
QUOTE_MIN = 3


def leaves(source):
    """The quotes and rows a source names (none for an erratum)."""
    if not isinstance(source, dict):
        return []
    for k in ("derived", "quotes"):
        if k in source and isinstance(source[k], list):
            return [x for x in source[k] if isinstance(x, dict)]
    if "erratum" in source:
        return []
    return [source]


def kind(source):
    if not isinstance(source, dict):
        return None
    for k in ("derived", "quotes", "erratum", "table", "quote"):
        if k in source:
            return k
    return None


def shape_problems(source, errata_ids):
    """What is wrong with a source's form, text at hand or not."""
    k = kind(source)
    if k is None:
        return ["'source' must be an object with quote, table, derived or "
                "erratum"]
    out = []
    if k == "erratum":
        if set(source) - {"erratum", "section"}:
            out.append("an erratum source holds only 'erratum'")
        if source["erratum"] not in errata_ids:
            out.append("source erratum %s does not exist" % source["erratum"])
        return out
    if k in ("derived", "quotes"):
        if set(source) - {k, "note"}:
            out.append("a %s source holds only '%s' (and 'note')" % (k, k))
        items = source[k]
        if not isinstance(items, list) or len(items) < 2:
            return out + ["'%s' lists two or more sentences" % k]
        for x in items:
            if kind(x) not in ("quote", "table"):
                out.append("each %s item is a quote or a table row" % k)
            else:
                out += _leaf_shape(x)
        return out
    return _leaf_shape(source)


def _leaf_shape(x):
    out = []
    allowed = {"section", "quote"} if "quote" in x else \
        {"section", "table", "row"}
    extra = set(x) - allowed
    if extra:
        out.append("unknown field(s) %s" % sorted(extra))
    if not isinstance(x.get("section"), str) or not x.get("section"):
        out.append("a quote names its section")
    for f in ("quote",) if "quote" in x else ("table", "row"):
        v = x.get(f)
        if not isinstance(v, str) or len(v.strip()) < QUOTE_MIN:
            out.append("'%s' must be a text" % f)
        elif len(v) > QUOTE_MAX:
            out.append("'%s' is longer than %d characters: quote the "
                       "sentence, not the section" % (f, QUOTE_MAX))
        elif v != re.sub(r"\s+", " ", v).strip():
            out.append("'%s' has line breaks or doubled spaces: quote the "
                       "normalised text" % f)
    return out


def locate_leaf(x, index):
    """The sentences a quote or row lands on ([] when the text lacks it)."""
    sec = index.get(x.get("section"))
    if sec is None:
        return []
    if "quote" in x:
        return sec.find(x["quote"])
    at = sec.text.find(x.get("table", ""))
    if at < 0:
        return []
    row = sec.text.find(x.get("row", ""), at)
    if row < 0:
        return []
    return sec.find(sec.text[row:row + len(x["row"])])


def erratum_sentences(erratum, index):
    """Where an erratum's own quote (spec_text) is: the sentences of the
    first stretch of it (before any "...") in its section, or anywhere
    in the API's text; [] when it is not verbatim there."""
    text = re.sub(r"\s+", " ", erratum.get("spec_text") or "").strip()
    first = text.split("...")[0].strip().rstrip(",;:")
    if len(first) < 8:
        return []
    home = [index[k] for k in index if k == erratum.get("section")]
    for sec in home + list(index.values()):
        found = sec.find(first)
        if found:
            return found
    return []


def resolve(source, index, errata_by_id):
    """(how, sentences) where the source puts its clause: how is "quote"
    (one or several), "table", "derived" or "erratum", sentences [] when
    the text does not hold the words (a problem the check reports)."""
    k = kind(source)
    if k == "quotes":
        k = "quote"
    if k == "erratum":
        e = errata_by_id.get(source["erratum"])
        return k, erratum_sentences(e, index) if e else []
    found = []
    for x in leaves(source):
        got = locate_leaf(x, index)
        if not got:
            return k, []
        found += [s for s in got if s not in found]
    return k, found


def missing_words(source, index):
    """The quotes and rows of a source its section does not hold."""
    return [x for x in leaves(source) if not locate_leaf(x, index)]
