"""Open questions for the specification's owner: every erratum whose
reading is still contested (the corpus accepts several readings), with
the sentence, the readings, the evidence, what each certified
implementation did, and a one-line proposed wording.  As a page of the
site (questions.html) and as one Markdown document (`make
spec-questions`).

    python3 -m spec_site.questions --out build/spec/questions.md \\
        [--results a.json label=b.json] [--bin build/bin --lib build/lib]
"""

import argparse
import html
import os
import re
import sys

from . import data

VENDOR = re.compile(r"^vendor|Cray|kgni|illumos|Sun's|compat-dapl|OFA|libdat",
                    re.I)


def evidence_kind(erratum):
    """none, vendor code, client code, or mixed (both)."""
    found = [ev.get("source", "") for ev in erratum.get("evidence") or []
             if isinstance(ev, dict) and ev.get("source") != "none found"]
    if not found:
        return "none"
    vendor = any(VENDOR.search(s) for s in found)
    client = any(not VENDOR.search(s) for s in found)
    return "mixed" if vendor and client else \
        ("vendor code" if vendor else "client code")


def proposed_wording(erratum):
    """(label, text): the erratum's proposed_wording when it has one, else
    the first sentence of the resolution the reference takes, which is
    what the project proposes the text say."""
    if erratum.get("proposed_wording"):
        return "Proposed wording", erratum["proposed_wording"]
    first = re.split(r"(?<=[.;])\s", erratum.get("resolution", ""), 1)[0]
    return "Proposed (the reference's resolution)", first.rstrip(";")


def contested(site):
    """[(api, erratum, clauses, per-run observations)] of every erratum
    that allows several readings, in API and id order.  An observation is
    (run label, [(clause id, verdict, observed readings)])."""
    out = []
    for api, v in site.vectors.items():
        for x in v.errata:
            if len(x.get("readings") or []) < 2:
                continue
            touched = [c for c in v.clauses.values()
                       if x["id"] in (c.get("errata") or [])]
            runs = []
            for r in site.runs:
                seen = []
                for c in touched:
                    tests = site.tests_of.get(c["id"], [])
                    w = r.clause_verdict(c["id"], tests)
                    if w is not None:
                        seen.append((c["id"], w, r.readings(c["id"], tests)))
                runs.append((r.label, seen))
            out.append((api, x, touched, runs))
    return out


def _did(seen):
    """A run's verdicts on the erratum's clauses and, per clause, the
    readings its passing one-of checks observed."""
    if not seen:
        return "not run"
    verdicts = ", ".join(f"{w} {sum(1 for _, x, _ in seen if x == w)}"
                         for w in sorted({w for _, w, _ in seen}))
    obs = [f"{cid}: {', '.join(o)}" for cid, _, o in seen if o]
    if len(obs) > 6:
        obs = obs[:6] + [f"and {len(obs) - 6} more clauses"]
    return verdicts + (" of the clauses; observed " + "; ".join(obs)
                       if obs else " of the clauses; no reading recorded")


def markdown(site):
    items = contested(site)
    lines = ["# Open questions on the specification", "",
             "For the owners of S-2446-31 (uGNI, DMAPP) and of the uDAPL 1.2 "
             "pages: every point where the text leaves an implementation "
             "more than one reading, the readings the rdmacts corpus "
             "accepts, the evidence found, what each certified "
             "implementation did, and a proposed wording that would settle "
             "it.  Generated from rdmacts vectors/*/errata.json by `make "
             "spec-questions`.", "",
             "%d questions: %s." % (len(items), ", ".join(
                 "%s %d" % (api, sum(1 for i in items if i[0] == api))
                 for api in site.vectors))]
    for api, x, touched, runs in items:
        lines += ["", "## %s (%s, section %s)" % (x["id"], api,
                                                  x.get("section", "")),
                  "", x.get("summary", ""), ""]
        if x.get("spec_text"):
            lines += ["> " + x["spec_text"], ""]
        lines.append("Readings allowed:")
        lines += ["- " + r for r in x["readings"]]
        lines += ["", "Evidence: %s." % evidence_kind(x)]
        for ev in x.get("evidence") or []:
            if ev.get("source") == "none found":
                lines.append("- none found; searched: %s" % ev.get("searched"))
            else:
                lines.append("- %s, %s: %s" % (ev.get("source"),
                                               ev.get("where"), ev.get("shows")))
        if runs:
            lines += ["", "What the certified implementations did:"]
            lines += ["- %s: %s" % (label, _did(seen)) for label, seen in runs]
        lines += ["", "Clauses: %s" % (", ".join(c["id"] for c in touched)
                                      or "none"),
                  "", "%s: %s" % proposed_wording(x)]
    return "\n".join(lines) + "\n"


def page_body(site):
    e = lambda s: html.escape(str(s), quote=True)  # noqa: E731
    items = contested(site)
    body = ["<h1>Open questions</h1><p>Every erratum whose reading is still "
            "contested: the text allows several readings and the corpus "
            "accepts each. For each: the sentence, the readings, the "
            "evidence, what each certified implementation did, and a "
            f"proposed wording. {len(items)} questions; as one document: "
            "<code>make spec-questions</code> "
            "(questions.md beside this page).</p>"]
    for api, x, touched, runs in items:
        body.append(
            f"<article class=question id='q-{e(x['id'])}'><h3><a href='"
            f"errata.html#{e(x['id'])}'>{e(x['id'])}</a> <span class=muted>"
            f"{e(api)} &middot; section {e(x.get('section', ''))} &middot; "
            f"evidence: {e(evidence_kind(x))}</span></h3>"
            f"<p>{e(x.get('summary', ''))}</p>"
            + (f"<blockquote>{e(x['spec_text'])}</blockquote>"
               if x.get("spec_text") else "")
            + "<p>Readings allowed:</p><ul>"
            + "".join(f"<li>{e(r)}</li>" for r in x["readings"]) + "</ul>"
            + ("<p>What the certified implementations did:</p><ul>"
               + "".join(f"<li>{e(label)}: {e(_did(seen))}</li>"
                         for label, seen in runs) + "</ul>" if runs else
               "<p class=muted>No certification results were given.</p>")
            + ("<p>Clauses: " + ", ".join(
                f"<a href='{api}.html#{e(c['id'])}'>{e(c['id'])}</a>"
                for c in touched) + "</p>" if touched else "")
            + ("<p><b>%s:</b> %s</p>" % tuple(map(e, proposed_wording(x))))
            + "</article>")
    return "".join(body)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="spec_site.questions")
    ap.add_argument("--out", default="build/spec/questions.md")
    ap.add_argument("--vectors", default="vectors")
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--lib", default="build/lib")
    ap.add_argument("--results", nargs="*", default=[])
    args = ap.parse_args(argv)
    site = data.load(args.vectors, args.bin, args.lib, args.results, {})
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(markdown(site))
    print(f"open questions: {args.out} ({len(contested(site))} errata)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
