"""The site's HTML: one annotated page per API, the errata view, the
results matrix, an index, and the test sources with line anchors.  Every
page is one self-contained file (inline style and script, no network);
the text and every clause box read without JavaScript (<details>), which
only opens the clause an address names and runs the filters."""

import html
import os
import re

from . import place, sources, spectext

STYLE = """
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b}
header{background:#23395d;color:#fff;padding:.5em 1em}
header a{color:#fff;margin-right:1.2em}
main{margin-left:19em;padding:0 1.5em 4em;max-width:60em}
nav.toc{position:fixed;top:2.6em;bottom:0;left:0;width:18em;overflow:auto;
 font-size:13px;border-right:1px solid #ddd;padding:.5em}
nav.toc a{display:block;text-decoration:none;white-space:nowrap;
 overflow:hidden;text-overflow:ellipsis}
h2{border-bottom:1px solid #ccc;margin-top:1.6em}
.s.cov{background:#fff3b0}
.s.cov.fz,details.clause.fz>summary{outline:1px dashed #b06000}
.s.inf{color:#777}
.s.gap{border-bottom:2px solid #c00}
a.ref{font:12px monospace;color:#1a4d8f}
details.many{display:inline;font-size:12px}
details.many>summary{display:inline;cursor:pointer;color:#1a4d8f}
details.many[open]{display:block}
details.clause{display:inline;font-size:12px}
details.clause>summary{display:inline;cursor:pointer;color:#1a4d8f;
 font-family:monospace;list-style:none;background:#e8eef8;border-radius:3px;
 padding:0 .3em}
details.clause[open]{display:block;border:1px solid #9ab;background:#f7f9fc;
 padding:.4em .8em;margin:.3em 0}
details.clause:target>summary,article:target{outline:2px solid #e08a00}
.unlocated{border-left:3px solid #c00;padding-left:.8em;margin:.8em 0}
.muted{color:#666}
table{border-collapse:collapse;font-size:13px}
td,th{border:1px solid #ccc;padding:.15em .5em;vertical-align:top}
tr.diff td{background:#fff0f0}
.v{font-weight:bold;font-family:monospace}
.PASS{color:#176b2c}.FAIL,.CRASH,.TIMEOUT{color:#b00020}.UNSUPPORTED{color:#8a6d00}
.notrun{color:#999}
article{border-bottom:1px solid #ddd;padding:.5em 0}
pre.src{font-size:12px;line-height:1.35}
pre.src span:target{background:#fff3b0}
blockquote{margin:.3em 0 .3em 1em;color:#333;border-left:3px solid #ccc;
 padding-left:.6em}
"""

SCRIPT = """
function openTarget(){var id=decodeURIComponent(location.hash.slice(1));
 if(!id)return;var e=document.getElementById(id);if(!e)return;
 for(var p=e;p;p=p.parentElement){if(p.tagName==='DETAILS')p.open=true;}
 e.scrollIntoView();}
window.addEventListener('hashchange',openTarget);
window.addEventListener('DOMContentLoaded',function(){openTarget();
 var f=document.getElementById('filters');if(f){f.addEventListener('change',
 function(){var sel={};f.querySelectorAll('select').forEach(function(s){
 sel[s.name]=s.value;});document.querySelectorAll('article.erratum').forEach(
 function(a){var ok=true;for(var k in sel){if(sel[k]&&a.dataset[k]!==sel[k])
 ok=false;}a.hidden=!ok;});});}
 var d=document.getElementById('diffonly');if(d){d.addEventListener('change',
 function(){document.querySelectorAll('tr.same').forEach(function(r){
 r.hidden=d.checked;});});}});
"""

API_TITLE = {"ugni": "uGNI (S-2446-31, Part I)",
             "dmapp": "DMAPP (S-2446-31, Part II)",
             "udapl": "uDAPL 1.2 (man pages)"}


def e(x):
    return html.escape(str(x), quote=True)


def page(title, body, toc="", root=""):
    """root: the way back to the site's top from the page's directory."""
    nav = "".join(f"<a href='{root}{href}'>{name}</a>" for href, name in (
        ("index.html", "rdmacts spec"), ("ugni.html", "uGNI"),
        ("dmapp.html", "DMAPP"), ("udapl.html", "uDAPL"),
        ("errata.html", "errata"), ("questions.html", "open questions"),
        ("gaps.html", "gaps"), ("results.html", "results")))
    return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
            f"<title>{e(title)}</title><style>{STYLE}</style>"
            f"<script>{SCRIPT}</script></head><body><header>{nav}</header>"
            + (f"<nav class=toc>{toc}</nav>" if toc else "")
            + f"<main{'' if toc else ' style=margin-left:0'}>{body}</main>"
            "</body></html>")


def src_link(test, prefix=""):
    if not test.file:
        return e(test.name)
    return (f"<a href='{prefix}src/{e(test.file)}.html#L{test.line}' "
            f"title='{e(test.file)}:{test.line}'>{e(test.name)}</a>")


def verdict(v):
    return (f"<span class='v {e(v)}'>{e(v)}</span>" if v
            else "<span class=notrun>not run</span>")


def source_html(c):
    """The words a clause rests on, as its source names them."""
    src = c.get("source")
    k = sources.kind(src)
    if k == "erratum":
        return (f"Rests on erratum <a href='errata.html#{e(src['erratum'])}'>"
                f"{e(src['erratum'])}</a> (the text is silent)")
    items = sources.leaves(src)
    if not items:
        return "<span class=FAIL>No source.</span>"
    quote = lambda x: (f"{e(x['section'])}: " + (  # noqa: E731
        f"&ldquo;{e(x['quote'])}&rdquo;" if "quote" in x else
        f"{e(x['table'])}, row &ldquo;{e(x['row'])}&rdquo;"))
    if k in ("derived", "quotes"):
        return ("Derived from:" if k == "derived" else "States:") + \
            "<ul>" + "".join(f"<li>{quote(x)}</li>" for x in items) + "</ul>"
    return "States " + quote(items[0])


def clause_box(site, c, how=""):
    """The clause's anchor: a <details> whose summary is its id; it holds
    what a reader needs to judge the sentence."""
    cid = c["id"]
    tests = site.tests_of.get(cid, [])
    rows = [f"<b>{e(c['statement'])}</b>"]
    rows.append(f"<span class=muted>{source_html(c)}"
                + (f" &middot; placed {e(HOW_TITLE[how])}" if how else "")
                + "</span>")
    if c.get("expected"):
        rows.append(f"Expected: {e(c['expected'])}")
    facts = [c.get("kind", ""), c.get("tier", ""),
             "mandatory" if c.get("mandatory", True) else "optional",
             c.get("testability", "")]
    rows.append("<span class=muted>" + e(" · ".join(f for f in facts if f))
                + f" · section {e(c.get('section', ''))}</span>")
    if c.get("reason"):
        rows.append(f"<span class=muted>Why not testable: {e(c['reason'])}"
                    "</span>")
    if c.get("readings"):
        rows.append("Readings allowed:<ul>" + "".join(
            f"<li>{e(r)}</li>" for r in c["readings"]) + "</ul>")
    if c.get("errata"):
        rows.append("Errata: " + ", ".join(
            f"<a href='errata.html#{e(x)}'>{e(x)}</a>" for x in c["errata"]))
    if tests:
        rows.append(f"Tests ({len(tests)}):<ul>" + "".join(
            f"<li>{src_link(t)}</li>" for t in tests) + "</ul>")
    elif c.get("testability") == "testable":
        rows.append("<span class=FAIL>No test.</span>")
    if site.runs and tests:
        cells = []
        for r in site.runs:
            obs = r.readings(cid, tests)
            cells.append(f"{e(r.label)}: {verdict(r.clause_verdict(cid, tests))}"
                         + (f" (observed {e(', '.join(obs))})" if obs else ""))
        rows.append("Results: " + "; ".join(cells))
    cls = "'clause fz'" if how == "fuzzy" else "clause"
    return (f"<details class={cls} id='{e(cid)}'>"
            f"<summary title='{e(c['statement'])}'>{e(cid)}</summary>"
            + "<br>".join(rows) + "</details>")


def _natural(section):
    return [(0, int(x), "") if x.isdigit() else (1, 0, x)
            for x in re.split(r"[.\s]", section)]


def _home_section(number, present):
    """The text section a clause of `number` is shown under when its
    words were not found: the section itself, else its nearest ancestor
    present in the text (for a uDAPL clause, its page), else None."""
    if number in present:
        return number
    page = spectext.page_of(number)
    if page != number:
        return page if page in present else None
    parts = number.split(".")
    while parts:
        if ".".join(parts) in present:
            return ".".join(parts)
        parts.pop()
    return None


HOW_TITLE = {"quote": "on its quote", "table": "on its table row",
             "derived": "on the sentences it is derived from",
             "erratum": "on its erratum's words",
             "fuzzy": "placed by word overlap: its source is not in this "
             "text", "beside": "beside the text",
             "returns": "expects this return code"}


def _sentence_html(site, v, sent, sid):
    """A sentence with its class (stated, informative, open gap) and the
    clauses that sit on it."""
    text = e(sent.text)
    if sent.clauses:
        boxes, refs = [], []
        for cid, how, anchor in sent.clauses:
            if anchor:
                boxes.append(clause_box(site, v.clauses[cid], how))
            else:
                refs.append(f"<a class=ref href='#{e(cid)}' title='"
                            f"{e(HOW_TITLE[how])}'>{e(cid)}</a>")
        fz = " fz" if all(h == "fuzzy" for _, h, a in sent.clauses if a) \
            and boxes else ""
        if len(refs) > 3:
            refs = [f"<details class=many><summary>{len(refs)} clauses "
                    "refer to it</summary>" + " ".join(refs) + "</details>"]
        inner = " ".join(refs + boxes)
        if len(boxes) > 8:
            inner = (" ".join(refs) + f" <details class=many><summary>"
                     f"{len(boxes)} clauses</summary>"
                     + " ".join(boxes) + "</details>")
        return (f"<span class='s cov{fz}' id='{sid}'>{text}</span> "
                + inner)
    if sent.status == "informative":
        return (f"<span class='s inf' id='{sid}' title='informative: "
                f"{e(sent.informative)}'>{text}</span>")
    if sent.status == "gap":
        return (f"<span class='s gap' id='{sid}' title='open gap: a "
                f"statement no clause rests on'>{text}</span>")
    return f"<span class=s id='{sid}'>{text}</span>"


def sentence_id(sec, i):
    return f"s-{section_id(sec.number)[4:]}-{i}"


def api_page(site, api):
    v = site.vectors[api]
    clauses = list(v.clauses.values())
    sections = site.text.get(api, [])
    toc, body = [], [f"<h1>{e(API_TITLE[api])}</h1>"]
    stats = {"clauses": len(clauses), "sentences": 0,
             "stated": 0, "informative": 0, "gap": 0,
             "unclassified": 0, "gaps": [], "per_section": {},
             "rules_unused": []}
    stats.update({h: 0 for h in place.HOW})
    if sections:
        where = place.place(sections, clauses, v.errata, v.calls)
        for r, n in place.classify(sections, site.rules.get(api, [])):
            if not n:
                stats["rules_unused"].append(r)
        for how in where.values():
            stats[how] += 1
        present = {s.number for s in sections} | {s.page for s in sections}
        pending, orphans = {}, []
        for c in clauses:
            if where[c["id"]] == "beside":
                home = _home_section(c["section"], present)
                if home:
                    pending.setdefault(home, []).append(c)
                else:
                    orphans.append(c)
        body.append(
            "<p class=muted>Each clause sits on the words of the "
            "specification it states (its <code>source</code>). "
            "<span class='s cov'>Highlighted</span> sentences are stated "
            "by a clause (click its id); <span class='s inf'>grey</span> "
            "sentences are informative (overview, type listing, "
            "cross-reference, example: hover for the reason); sentences "
            "<span class='s gap'>underlined in red</span> are open gaps, "
            "statements no clause rests on yet (<a href='gaps.html'>all "
            "gaps</a>). A clause <span class='s cov fz'>outlined</span> was "
            "placed by word overlap because its words are not in this "
            "text; clauses the text has no place for follow their section, "
            "marked in red.</p>")
        cur_page = None
        for sec in sections:
            if sec.page and sec.page != cur_page:
                cur_page = sec.page
                name = sec.sentences()[0].text if sec.title == "NAME" and \
                    sec.sentences() else ""
                toc.append(f"<a href='#{section_id(cur_page)}'>"
                           f"{e(cur_page)}</a>")
                body.append(f"<h2 id='{section_id(cur_page)}'>"
                            f"{e(cur_page)}</h2>"
                            + (f"<p class=muted>{e(name)}</p>" if name
                               else ""))
            if not sec.page:
                toc.append(f"<a href='#{section_id(sec.number)}'>"
                           f"{e(sec.number)} {e(sec.title)}</a>")
            tag = "h3" if sec.page else "h2"
            body.append(f"<section id='{section_id(sec.number)}'><{tag}>"
                        + (e(sec.title) if sec.page else
                           f"{e(sec.number)} {e(sec.title)}")
                        + f"</{tag}>")
            i = 0
            for para in sec.paragraphs:
                out = []
                for sent in para:
                    stats["sentences"] += 1
                    stats[sent.status] += 1
                    sid = sentence_id(sec, i)
                    i += 1
                    if sent.status == "gap":
                        stats["gaps"].append((sec, sid, sent))
                    out.append(_sentence_html(site, v, sent, sid))
                body.append("<p>" + " ".join(out) + "</p>")
            for key in (sec.number, sec.page):
                if key and key in pending and (
                        key == sec.number or sec is _last_of_page(
                            sections, sec.page)):
                    body.append(_unlocated(
                        site, pending.pop(key), "Clauses of this section "
                        "the text has no place for"))
            body.append("</section>")
        stats["per_section"] = place.counts(sections)
        if orphans or pending:
            orphans += [c for cs in pending.values() for c in cs]
            toc.append("<a href='#sec-not-in-text'>Sections not in the "
                       "text</a>")
            body.append("<section id='sec-not-in-text'><h2>Sections not in "
                        "the text</h2>" + _by_section(site, orphans, toc)
                        + "</section>")
    else:
        body.append("<p class=muted>The specification's text was not given "
                    "(<code>make spec SPEC=dir</code>): each section shows the "
                    "statements of its clauses.</p>")
        body.append(_by_section(site, clauses, toc))
        stats["beside"] = len(clauses)
    anchor = section_anchor_for(site)
    toc.insert(0, "<b>Calls</b>" + "".join(
        f"<a href='{e(_call_href(anchor, api, c))}'>{e(c['name'])}</a>"
        for c in v.calls) + "<b>Sections</b>")
    body.append("<h2 id='calls'>Calls</h2><table><tr><th>call</th>"
                "<th>section</th><th>clauses</th><th>tests</th></tr>")
    for call in v.calls:
        own = [c for c in clauses if c.get("call") == call["name"]]
        ntests = len({t.name for c in own for t in site.tests_of.get(
            c["id"], [])})
        body.append(f"<tr id='call-{e(call['name'])}'><td><code>"
                    f"{e(call['name'])}</code></td><td>"
                    f"{e(call.get('section', ''))}</td><td>{len(own)}</td>"
                    f"<td>{ntests}</td></tr>")
    body.append("</table>")
    return page(f"rdmacts: {API_TITLE[api]}", "".join(body),
                "".join(toc)), stats


def _last_of_page(sections, pg):
    last = None
    for s in sections:
        if s.page == pg:
            last = s
    return last


def _call_href(anchor, api, call):
    """Where a call is described: its section, else its row of the calls
    table."""
    target = anchor(api, call.get("section", ""))
    return ("#" + target.split("#", 1)[1]) if target else \
        f"#call-{call['name']}"


def _unlocated(site, clauses, title):
    return (f"<div class=unlocated><p class=muted>{e(title)}:</p>"
            + "".join(f"<blockquote>{e(c['statement'])} "
                      f"{clause_box(site, c)}</blockquote>" for c in clauses)
            + "</div>")


def section_id(section):
    return "sec-" + re.sub(r"[^A-Za-z0-9_.()-]", "_", section)


def section_anchor_for(site):
    """A function (api, section) -> "api.html#sec-..." naming where the
    API page shows a section (its own heading or, in the text, the nearest
    ancestor present), or None."""
    present = {api: {s.number for s in site.text.get(api, [])} |
               {s.page for s in site.text.get(api, []) if s.page}
               for api in site.vectors}

    def anchor(api, section):
        if not section:
            return None
        if present[api]:
            home = _home_section(section, present[api])
            return f"{api}.html#{section_id(home)}" if home else None
        known = {c["section"] for c in site.vectors[api].clauses.values()}
        return f"{api}.html#{section_id(section)}" if section in known \
            else None
    return anchor


def _by_section(site, clauses, toc):
    groups = {}
    for c in clauses:
        groups.setdefault(c["section"], []).append(c)
    out = []
    for sec in sorted(groups, key=_natural):
        anchor = section_id(sec)
        toc.append(f"<a href='#{e(anchor)}'>{e(sec)}</a>")
        out.append(f"<section id='{e(anchor)}'><h3>{e(sec)}</h3>"
                   + "".join(f"<blockquote>{e(c['statement'])} "
                             f"{clause_box(site, c)}</blockquote>"
                             for c in groups[sec]) + "</section>")
    return "".join(out)


def errata_page(site, severity_of, section_anchor):
    """Every erratum: the quote, the problem, the readings allowed, the
    one the reference took, its evidence, the clauses and tests it moves;
    filters by API, kind and severity."""
    kinds, body = set(), []
    items = []
    for api in site.vectors:
        v = site.vectors[api]
        for x in v.errata:
            kinds.add(x.get("kind", ""))
            items.append((api, x))
    opts = lambda name, values: (  # noqa: E731
        f"<label>{name} <select name={name}><option value=''>all</option>"
        + "".join(f"<option>{e(x)}</option>" for x in values)
        + "</select></label> ")
    body.append("<h1>Errata</h1><p>Every point where the specification is "
                "contradictory, silent, mistyped or disagrees with the "
                "vendor's ABI, with the readings a conformant implementation "
                "may take and the evidence they rest on (docs/errata.md).</p>"
                "<form id=filters>" + opts("api", site.vectors)
                + opts("kind", sorted(kinds))
                + opts("severity", ("high", "medium", "low")) + "</form>"
                "<p class=muted>Severity: <b>high</b>, a mandatory "
                "conformance clause it touches allows several readings (a "
                "verdict depends on the reading); <b>medium</b>, it touches "
                "tested clauses; <b>low</b>, none (header or wording).</p>")
    for api, x in items:
        v = site.vectors[api]
        affected = [c for c in v.clauses.values()
                    if x["id"] in (c.get("errata") or [])]
        tests = sorted({t.name: t for c in affected
                        for t in site.tests_of.get(c["id"], [])}.values(),
                       key=lambda t: t.name)
        sev = severity_of[x["id"]]
        sec = x.get("section", "")
        link = section_anchor(api, sec)
        ev = []
        for item in x.get("evidence") or []:
            if item.get("source") == "none found":
                ev.append(f"<li>none found; searched: "
                          f"{e(item.get('searched', ''))}</li>")
            else:
                ev.append(f"<li><b>{e(item.get('source', ''))}</b>, "
                          f"{e(item.get('where', ''))}: "
                          f"{e(item.get('shows', ''))}</li>")
        body.append(
            f"<article class=erratum id='{e(x['id'])}' data-api='{e(api)}' "
            f"data-kind='{e(x.get('kind', ''))}' data-severity='{sev}'>"
            f"<h3>{e(x['id'])} <span class=muted>{e(api)} · "
            f"{e(x.get('kind', ''))} · {sev} · section "
            + (f"<a href='{e(link)}'>{e(sec)}</a>" if link else e(sec))
            + f"</span></h3><p>{e(x.get('summary', ''))}</p>"
            + (f"<blockquote>{e(x['spec_text'])}</blockquote>"
               if x.get("spec_text") else "")
            + (f"<p>Readings allowed:</p><ul>" + "".join(
                f"<li>{e(r)}</li>" for r in x["readings"]) + "</ul>"
               if x.get("readings") else "")
            + f"<p>Chosen (the reference): {e(x.get('resolution', ''))}</p>"
            + (f"<p>Evidence:</p><ul>{''.join(ev)}</ul>" if ev else
               "<p class=FAIL>No evidence recorded.</p>")
            + (f"<p>Clauses ({len(affected)}): " + ", ".join(
                f"<a href='{api}.html#{e(c['id'])}'>{e(c['id'])}</a>"
                for c in affected) + "</p>" if affected else "")
            + (f"<details><summary>Tests ({len(tests)})</summary><ul>"
               + "".join(f"<li>{src_link(t)}</li>" for t in tests)
               + "</ul></details>" if tests else "")
            + "</article>")
    return page("rdmacts: errata", "".join(body))


def results_page(site):
    """Per call and per clause, one column per certified implementation;
    for clauses with several allowed readings, the values each one was
    observed to take."""
    runs = site.runs
    if not runs:
        return page("rdmacts: results", "<h1>Results</h1><p>No certification "
                    "results were given (<code>make spec RESULTS=\"a.json "
                    "b.json\"</code>; by default build/report/results.json)."
                    "</p>")
    head = "".join(f"<th>{e(r.label)}</th>" for r in runs)
    body = ["<h1>Results side by side</h1><table><tr><th>implementation"
            "</th><th>overall</th><th>tests</th><th>results file</th></tr>"]
    for r in runs:
        body.append(f"<tr><td>{e(r.label)}</td><td>{e(r.overall)}</td>"
                    f"<td>{len(r.tests)}</td><td><code>{e(r.path)}</code>"
                    "</td></tr>")
    body.append("</table><p><label><input type=checkbox id=diffonly> show "
                "only the rows where the implementations differ</label> "
                "<span class=muted>(rows that differ are shaded)</span></p>")
    for api in site.vectors:
        v = site.vectors[api]
        body.append(f"<h2 id='{api}'>{e(API_TITLE[api])}</h2><h3>Per call"
                    f"</h3><table><tr><th>call</th>{head}</tr>")
        for call in v.calls:
            tests = [t for t in site.tests[api] if any(
                v.clauses.get(c, {}).get("call") == call["name"]
                for c in t.clauses)]
            cells = []
            for r in runs:
                counts = {}
                for t in tests:
                    if t.name in r.tests:
                        w = r.tests[t.name]["verdict"]
                        counts[w] = counts.get(w, 0) + 1
                cells.append(" ".join(f"<span class='{k}'>{k} {n}</span>"
                                      for k, n in sorted(counts.items()))
                             or "<span class=notrun>not run</span>")
            cls = "diff" if len(set(cells)) > 1 else "same"
            body.append(f"<tr class={cls}><td><code>{e(call['name'])}</code>"
                        "</td>" + "".join(f"<td>{c}</td>" for c in cells)
                        + "</tr>")
        body.append(f"</table><h3>Per clause</h3><table><tr><th>clause</th>"
                    f"{head}<th>readings allowed</th></tr>")
        for cid, c in v.clauses.items():
            tests = site.tests_of.get(cid, [])
            if not tests:
                continue
            cells, keys = [], []
            for r in runs:
                w = r.clause_verdict(cid, tests)
                obs = r.readings(cid, tests) if len(
                    c.get("readings") or []) > 1 else []
                keys.append((w, tuple(obs)))
                cells.append(verdict(w) + (
                    f"<br><span class=muted>observed {e(', '.join(obs))}"
                    "</span>" if obs else ""))
            cls = "diff" if len(set(keys)) > 1 else "same"
            readings = "<br>".join(e(x) for x in c.get("readings") or [])
            body.append(f"<tr class={cls}><td><a href='{api}.html#{e(cid)}'>"
                        f"{e(cid)}</a></td>" + "".join(
                            f"<td>{x}</td>" for x in cells)
                        + f"<td class=muted>{readings}</td></tr>")
        body.append("</table>")
    return page("rdmacts: results", "".join(body))


def _pct(n, d):
    return f"{n} ({100.0 * n / d:.1f}%)" if d else str(n)


def group_of(number):
    """The call-level group a text section belongs to: "3.6.1" for
    3.6.1.3, the page for a uDAPL section."""
    page = spectext.page_of(number)
    if page != number:
        return page
    parts = number.split(".")
    return ".".join(parts[:3]) if parts[0] in ("3", "5") else \
        ".".join(parts[:2])


def index_page(site, stats, severity_of, section_anchor):
    body = ["<h1>rdmacts: the specification, annotated</h1><p>Every clause "
            "of <code>vectors/</code> on the words of the specification it "
            "states, with its tests, errata, evidence and the results of "
            "each certified implementation; every sentence of S-2446-31 "
            "chapters 3 and 5 and of the uDAPL pages is stated by a clause, "
            "informative, or an open gap (<a href='gaps.html'>the open "
            "gaps</a>; <a href='questions.html'>open questions</a> for the "
            "spec's owner). Start from a section below, or from a call in "
            "an API page's margin.</p>"
            "<h2>Clauses</h2><table><tr><th>API</th><th>clauses</th>"
            "<th>on their own words (quote or table row)</th>"
            "<th>derived</th><th>on an erratum's words</th>"
            "<th>placed by word overlap</th><th>beside the text</th>"
            "<th>tests</th><th>errata</th></tr>"]
    for api, v in site.vectors.items():
        s = stats[api]
        n = len(v.clauses)
        body.append(f"<tr><td><a href='{api}.html'>{e(API_TITLE[api])}</a>"
                    f"</td><td>{n}</td><td>{_pct(s['quote'] + s['table'], n)}"
                    f"</td><td>{s['derived']}</td><td>{s['erratum']}</td>"
                    f"<td>{s['fuzzy']}</td><td>{s['beside']}</td>"
                    f"<td>{len(site.tests[api])}</td><td>{len(v.errata)}"
                    "</td></tr>")
    body.append("</table><h2>Sentences</h2><p class=muted>Sentences of the "
                "classified text (S-2446-31 chapters 3 and 5, every uDAPL "
                "page): stated by a clause, informative (a rule of "
                "<code>vectors/&lt;api&gt;/informative.json</code> with its "
                "reason), or an open gap.</p><table><tr><th>API</th>"
                "<th>sentences</th><th>stated</th><th>informative</th>"
                "<th>open gaps</th></tr>")
    for api in site.vectors:
        s = stats[api]
        tot = sum(sum(x.values()) for x in s["per_section"].values())
        st = sum(x["stated"] for x in s["per_section"].values())
        inf = sum(x["informative"] for x in s["per_section"].values())
        gap = sum(x["gap"] for x in s["per_section"].values())
        body.append(f"<tr><td><a href='{api}.html'>{e(api)}</a></td>"
                    f"<td>{tot}</td><td>{st}</td><td>{inf}</td>"
                    f"<td><a href='gaps.html#{api}'>{gap}</a></td></tr>")
    body.append("</table><h3>By section</h3><table><tr><th>section</th>"
                "<th>stated</th><th>informative</th><th>open gaps</th></tr>")
    for api in site.vectors:
        groups = {}
        for number, n in stats[api]["per_section"].items():
            g = groups.setdefault(group_of(number), dict.fromkeys(n, 0))
            for k in n:
                g[k] += n[k]
        for g, n in groups.items():
            body.append(f"<tr><td><a href='{api}.html#{section_id(g)}'>"
                        f"{e(api)} {e(g)}</a></td><td>{n['stated']}</td>"
                        f"<td>{n['informative']}</td><td"
                        + (" class=FAIL" if n["gap"] else "")
                        + f">{n['gap']}</td></tr>")
    body.append("</table><h2>Sections</h2><p class=muted>Which tests cover a "
                "section, and what readings of it are allowed: follow the "
                "section, then open a highlighted clause.</p><table><tr>"
                "<th>section</th><th>clauses</th><th>tests</th><th>clauses "
                "with several readings</th><th>errata</th></tr>")
    for api, v in site.vectors.items():
        groups = {}
        for c in v.clauses.values():
            groups.setdefault(spectext.page_of(c["section"]).split(" ")[0],
                              []).append(c)
        errata_of = {}
        for x in v.errata:
            errata_of.setdefault(spectext.page_of(x.get("section", "")), []
                                 ).append(x["id"])
        for sec in sorted(groups, key=_natural):
            cl = groups[sec]
            tests = {t.name for c in cl for t in site.tests_of.get(c["id"],
                                                                   [])}
            multi = [c for c in cl if len(c.get("readings") or []) > 1]
            link = section_anchor(api, sec) or f"{api}.html"
            body.append(
                f"<tr><td><a href='{e(link)}'>{e(api)} {e(sec)}</a></td>"
                f"<td>{len(cl)}</td><td>{len(tests)}</td><td>" + ", ".join(
                    f"<a href='{api}.html#{e(c['id'])}'>{e(c['id'])}</a>"
                    for c in multi) + "</td><td>" + ", ".join(
                    f"<a href='errata.html#{e(x)}'>{e(x)}</a>"
                    for x in errata_of.get(sec, [])) + "</td></tr>")
    body.append("</table>")
    return page("rdmacts: the specification, annotated", "".join(body))


def gaps_page(site, stats):
    """Every open gap: a sentence of the classified text that no clause
    states and no informative rule explains, by API and section."""
    body = ["<h1>Open gaps</h1><p>Statements of the specification no "
            "clause rests on yet: each is a clause to write (and its test), "
            "an erratum where it cannot be tested, or a sentence to declare "
            "informative in <code>vectors/&lt;api&gt;/informative.json</code> "
            "with the reason.</p>"]
    for api in site.vectors:
        gaps = stats[api]["gaps"]
        body.append(f"<h2 id='{api}'>{e(API_TITLE[api])}: {len(gaps)}</h2>")
        if not site.text.get(api):
            body.append("<p class=muted>The text was not given.</p>")
            continue
        body.append("<table><tr><th>section</th><th>sentence</th></tr>")
        for sec, sid, sent in gaps:
            body.append(f"<tr><td><a href='{api}.html#{sid}'>"
                        f"{e(sec.number)}</a></td><td>{e(sent.text)}</td>"
                        "</tr>")
        body.append("</table>")
    return page("rdmacts: open gaps", "".join(body))


def source_page(path, text):
    lines = text.splitlines()
    width = len(str(len(lines)))
    body = "".join(f"<span id='L{i}'>{i:>{width}}  {e(x)}</span>\n"
                   for i, x in enumerate(lines, 1))
    return page(f"rdmacts: {path}", f"<h1><code>{e(path)}</code></h1>"
                f"<pre class=src>{body}</pre>",
                root="../" * (path.count("/") + 1))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
