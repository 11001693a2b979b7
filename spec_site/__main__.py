"""make spec: writes the annotated specification site (docs/spec-site.md).

    python3 -m spec_site --out build/spec [--spec DIR] [--results a.json ...]
"""

import argparse
import os
import sys
import time

from . import data, pages, questions, spectext


def screenshot(out, section="3.6.1", clause="UGNI-3.6.1-zero-length-put"):
    """A picture of the annotated section with one clause open, for the
    docs (docs/spec-site.md)."""
    from .browser import Chromium
    path = os.path.join(out, "screenshots", f"ugni-{section}.png")
    with Chromium() as c:
        c.call("Emulation.setDeviceMetricsOverride", session=True,
               width=1280, height=900, deviceScaleFactor=1, mobile=False)
        c.open("file://" + os.path.abspath(os.path.join(out, "ugni.html")))
        c.eval(f"(function(){{var d=document.getElementById('{clause}');"
               "if(d)d.open=true;var s=document.getElementById("
               f"'sec-{section}');if(s)s.scrollIntoView();}})()")
        c.screenshot(path)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(prog="spec_site")
    ap.add_argument("--out", default="build/spec")
    ap.add_argument("--vectors", default="vectors")
    ap.add_argument("--bin", default="build/bin",
                    help="corpus binaries (their --list and --where)")
    ap.add_argument("--lib", default="build/lib",
                    help="libraries the corpus binaries load for --list")
    ap.add_argument("--spec", default="",
                    help="directory with the specification's text")
    ap.add_argument("--results", nargs="*", default=[],
                    help="results.json files, each as path or label=path")
    ap.add_argument("--screenshot", action="store_true",
                    help="also photograph the annotated 3.6.1 section "
                    "(screenshots/, needs chromium)")
    args = ap.parse_args(argv)
    start = time.monotonic()
    if args.spec and not os.path.isdir(args.spec):
        print(f"spec_site: SPEC={args.spec} is not a directory",
              file=sys.stderr)
        return 2
    missing = [r for r in args.results if not os.path.exists(
        r.rpartition("=")[2])]
    if missing:
        print(f"spec_site: no results file {missing[0]}", file=sys.stderr)
        return 2
    site = data.load(args.vectors, args.bin, args.lib, args.results,
                     spectext.load(args.spec))
    out = args.out
    stats = {}
    for api in data.APIS:
        text, stats[api] = pages.api_page(site, api)
        pages.write(os.path.join(out, f"{api}.html"), text)
    severity_of = {}
    for api, v in site.vectors.items():
        for x in v.errata:
            severity_of[x["id"]] = data.severity(x, v.clauses, site.tests_of)
    anchor = pages.section_anchor_for(site)
    pages.write(os.path.join(out, "errata.html"),
                pages.errata_page(site, severity_of, anchor))
    pages.write(os.path.join(out, "results.html"), pages.results_page(site))
    pages.write(os.path.join(out, "gaps.html"), pages.gaps_page(site, stats))
    pages.write(os.path.join(out, "questions.html"),
                pages.page("rdmacts: open questions",
                           questions.page_body(site)))
    pages.write(os.path.join(out, "questions.md"), questions.markdown(site))
    pages.write(os.path.join(out, "index.html"),
                pages.index_page(site, stats, severity_of, anchor))
    sources = {t.file for tests in site.tests.values() for t in tests
               if t.file and os.path.exists(t.file)}
    for path in sorted(sources):
        with open(path, encoding="utf-8", errors="replace") as f:
            pages.write(os.path.join(out, "src", path + ".html"),
                        pages.source_page(path, f.read()))
    for api in data.APIS:
        s = stats[api]
        n = s["clauses"] or 1
        own = s["quote"] + s["table"]
        print(f"{api:6} {s['clauses']} clauses: {own} on their own words "
              f"({100.0 * own / n:.1f}%), {s['derived']} derived, "
              f"{s['erratum']} on an erratum, {s['fuzzy']} by word overlap, "
              f"{s['beside']} beside the text")
        if site.text.get(api):
            per = s["per_section"].values()
            print(f"{'':6} sentences of the classified text: "
                  f"{sum(x['stated'] for x in per)} stated, "
                  f"{sum(x['informative'] for x in per)} informative, "
                  f"{sum(x['gap'] for x in per)} open gaps")
        for r in s["rules_unused"]:
            print(f"{'':6} informative rule matching nothing: {r}",
                  file=sys.stderr)
    if args.screenshot:
        shot = screenshot(out)
        print(f"screenshot: {shot}")
    print(f"spec site: {out}/index.html ({len(site.runs)} result set(s), "
          f"{len(sources)} source files, {time.monotonic() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
