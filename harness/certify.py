"""`certify`: find what IMPL offers, run the selected tests, decide, report.

Decision per offered API (docs/certification.md):
  NOT CONFORMANT  the library cannot be loaded, a documented call is not
                  exported (resolved as the loader does), or a mandatory
                  conformance-tier test, or one of an optional capability
                  the implementation offers, is FAIL, CRASH or TIMEOUT
  INCOMPLETE      nothing broke, but something could not be shown: no
                  corpus, a corpus that cannot list its tests, unreadable
                  vectors, a mandatory test UNSUPPORTED, no tests at all
  CONFORMANT      every mandatory conformance-tier test selected passed
Robustness-tier results are reported apart and never decide.

Exit status (docs/certification.md): 0 CONFORMANT, 1 NOT CONFORMANT,
3 INCOMPLETE, 2 usage error (one line, no report, nothing run); cli.py
adds 4 for an internal error and 128 + N for a run stopped by signal N."""

import datetime
import json
import os
import platform
import resource
import shlex
import shutil
import sys
import tempfile
import threading

from harness import (causes, corpus, dapl_ia, impl, interrupt, keeper, memory,
                     outdir, profiles, report_html, report_junit, rerun,
                     runner, vectors)
from harness import verdicts as V

RESULTS = rerun.RESULTS
FORMAT = rerun.FORMAT


class UsageError(Exception):
    """One line for stderr; exit status 2, no report."""


def _error(msg):
    print(f"error: {msg}", file=sys.stderr)
    return V.EXIT_USAGE


def _coverage(tests, v):
    cited = {c for t in tests for c in t.clauses}
    testable = {i for i, c in v.clauses.items() if vectors.testable(c)}
    return dict(testable=len(testable), covered=len(testable & cited),
                untestable=len(v.clauses) - len(testable),
                uncovered=sorted(testable - cited),
                unknown_ids=sorted(cited - set(v.clauses)))


def _call_of(rec, v):
    """The C call a test is about: its clauses' call, else by name."""
    for c in rec["clauses"]:
        k = v.clauses.get(c)
        if k and k.get("call"):
            return k["call"]
    for call in v.calls:
        if vectors.snake(call.get("name", "")) == rec["call"]:
            return call["name"]
    return None


def _record(test, result, v, again):
    ext = vectors.is_extension(test, v)
    tier = _tier(test, v)
    if ext:
        v = vectors.extension_view(v)
    rec = dict(api=test.api, name=test.name, call=test.call,
               clauses=test.clauses, attrs=test.attrs, np=test.np,
               needs=test.needs, tier=tier,
               mandatory=corpus.mandatory(test, v.clauses),
               capability=corpus.capability(test, v.clauses), rerun=again,
               extension=ext)
    rec.update(result)
    rec["c_call"] = _call_of(rec, v)
    rec["lacks"] = lacked_capability(rec)
    return rec


def lacked_capability(rec):
    """The optional capability an UNSUPPORTED test says the implementation
    lacks (rt_lacks: reason "lacks=NAME ..."), else ""."""
    reason = rec.get("unsupported_reason") or ""
    if rec.get("verdict") != V.UNSUPPORTED:
        return ""
    # a multi-process test joins its ranks' reasons: "rank 0: ...; rank 1: ..."
    names = set()
    for part in reason.split("; "):
        if part.startswith("rank ") and ": " in part:
            part = part.split(": ", 1)[1]
        if not part.startswith("lacks="):
            return ""
        names.add(part[len("lacks="):].split(" ", 1)[0])
    return names.pop() if len(names) == 1 else ""


def _counts(records):
    counts = {"conformance": {}, "robustness": {}}
    for r in records:
        tier = counts.setdefault(r["tier"], {})
        tier[r["verdict"]] = tier.get(r["verdict"], 0) + 1
    return counts


def _call_table(a, records, v, exported):
    rows = []
    for call in v.calls:
        name = call.get("name", "?")
        mine = [r for r in records if r["c_call"] == name]
        rows.append(dict(
            name=name, section=call.get("section", ""),
            kind=call.get("kind", "function"), origin=call.get("origin", ""),
            exported=(name in exported) if vectors.exportable(call) else None,
            counts={vd: sum(1 for r in mine if r["verdict"] == vd)
                    for vd in V.ORDER}))
    other = [r for r in records if r["c_call"] is None]
    if other:
        rows.append(dict(name="(tests naming no known call)", section="",
                         kind="", origin="", exported=None,
                         counts={vd: sum(1 for r in other if r["verdict"] == vd)
                                 for vd in V.ORDER}))
    a["calls"] = rows


# How an extension call fared (docs/extension.md).
EXT_KINDS = ("implemented", "honest error", "failing", "untested", "not exported")


def _ext_kind(name, exported, mine):
    if name not in exported:
        return "not exported"
    if any(r["verdict"] in V.BROKEN for r in mine):
        return "failing"
    if any(r["verdict"] == V.PASS for r in mine):
        return "implemented"
    if mine and all(r.get("lacks", "").startswith("ext:") for r in mine):
        return "honest error"
    return "untested"


def _extension(records, xv, exported, listed):
    """The extension tier's own account: never part of the core verdict.
    A call is implemented when a test of it passed and none broke, answers
    an honest error when every test of it saw the call declined (rt_lacks
    "ext:<call>"), failing when a test broke."""
    x = dict(calls_total=sum(1 for c in xv.calls if vectors.exportable(c)),
             coverage=_coverage(listed, xv), counts=_counts(records))
    _call_table(x, records, xv, exported)
    kinds = {k: [] for k in EXT_KINDS}
    for call in xv.calls:
        if vectors.exportable(call):
            # every call a test is about: its clauses' calls and its name's
            snake = vectors.snake(call["name"])
            mine = [r for r in records if r["call"] == snake or any(
                (xv.clauses.get(c) or {}).get("call") == call["name"]
                for c in r["clauses"])]
            kinds[_ext_kind(call["name"], exported, mine)].append(call["name"])
    x["kinds"] = kinds
    x["calls_exported"] = x["calls_total"] - len(kinds["not exported"])
    x["summary"] = (f"{len(kinds['implemented'])} of {x['calls_total']} calls "
                    "implemented" + "".join(
                        f", {len(kinds[k])} {k}" for k in EXT_KINDS[1:] if kinds[k]))
    return x


def _decide(a, records, filtered):
    if not a["offered"]:
        return V.NOT_OFFERED
    # A library the loader cannot load, or one without every documented
    # call, is not the API, whatever its tests say (docs/certification.md).
    if a.get("load_error") or a["missing_calls"]:
        return V.NOT_CONFORMANT
    if a.get("corpus_error"):
        return V.INCOMPLETE
    if not records:
        if filtered and a.get("tests_listed"):
            return V.NO_TESTS_SELECTED
        a["notes"].append("no test was run")
        return V.INCOMPLETE
    # A test of a capability the spec lets an implementation lack (its
    # clauses name it) may be UNSUPPORTED; when it runs, the capability
    # is offered and its failure decides like a mandatory test's.
    deciding = [r for r in records if r["tier"] == "conformance"
                and (r["mandatory"] or r.get("capability"))]
    if any(r["verdict"] in V.BROKEN for r in deciding):
        return V.NOT_CONFORMANT
    deciding = [r for r in deciding if r["mandatory"]]
    # A mandatory test that needs a capability the implementation lacks,
    # and says so as the spec asks (rt_lacks), has nothing to show.
    lacking = [r for r in deciding if r.get("lacks")]
    if lacking:
        by = {}
        for r in lacking:
            by[r["lacks"]] = by.get(r["lacks"], 0) + 1
        a["notes"].append(f"{len(lacking)} mandatory test(s) need optional "
                          "capabilities the implementation lacks: " +
                          ", ".join(f"{k} ({n})" for k, n in sorted(by.items())))
    deciding = [r for r in deciding if not r.get("lacks")]
    unsupported = [r for r in deciding if r["verdict"] == V.UNSUPPORTED]
    if unsupported:
        a["notes"].append(f"{len(unsupported)} mandatory test(s) UNSUPPORTED: "
                          "conformance not shown for them")
        return V.INCOMPLETE
    if a["problems"]:
        return V.INCOMPLETE
    if not deciding:
        a["notes"].append("no mandatory conformance-tier test was run")
        return V.INCOMPLETE
    return V.CONFORMANT


def _overall(apis):
    statuses = [a["status"] for a in apis.values()]
    if V.NOT_CONFORMANT in statuses:
        return V.NOT_CONFORMANT
    judged = [s for s in statuses if s not in (V.NOT_OFFERED,
                                               V.NO_TESTS_SELECTED)]
    if not judged or V.INCOMPLETE in judged:
        return V.INCOMPLETE
    return V.CONFORMANT


def _progress(quiet, vecs):
    """Prints each test that did not pass as it ends: one whole line per
    test whichever thread ends it, tagged like the summary's."""
    lock = threading.Lock()

    def show(test, r):
        if quiet or r["verdict"] == V.PASS:
            return
        v = vecs[test.api]
        line = f"  {r['verdict']:<11} {test.name}{_tags(test, v)}"
        if r["detail"]:
            line += f"  ({r['detail']})"
        with lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
    return show


def _tier(test, v):
    if vectors.is_extension(test, v):
        v = vectors.extension_view(v)
    return corpus.tier(test, v.clauses)


def _tags(test, v):
    tags = "" if _tier(test, v) == "conformance" else f" [{_tier(test, v)}]"
    return tags + (" [extension]" if vectors.is_extension(test, v) else "")


def _unknown_filters(args, vecs, listed):
    """One line naming a --clause or --call that no selected API's vectors
    and no listed test know, or None."""
    clauses = {c for v in vecs.values() for c in list(v.clauses) + list(v.ext_clauses)}
    clauses |= {c for t in listed for c in t.clauses}
    bad = [c for c in args.clause if c not in clauses]
    if bad:
        return (f"unknown clause {', '.join(bad)}: no selected API's "
                "vectors or tests have it")
    calls = {t.call for t in listed}
    for v in vecs.values():
        for c in v.calls + v.ext_calls:
            calls |= {c.get("name"), vectors.snake(c.get("name", ""))}
    bad = [c for c in args.call if c not in calls]
    if bad:
        return (f"unknown call {', '.join(bad)}: no selected API's vectors "
                "or tests have it")
    return None


def _durations(out_dir):
    """Each test's duration in the report already in out_dir, if any:
    the run starts the longest first (runner.run_all).  Only the order
    of the tests depends on it."""
    try:
        with open(os.path.join(out_dir, RESULTS)) as f:
            return {t["name"]: float(t["duration"])
                    for t in json.load(f)["tests"]}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def certify(args):
    """Certifies args.impl; returns the exit status.  A usage error is one
    line on stderr, before any test runs, and writes no report."""
    try:
        paths = _paths(args)
        previous = None
        if args.rerun_failures:
            try:
                previous = rerun.load_previous(paths["out"], paths["impl"])
            except ValueError as e:
                raise UsageError(str(e)) from None
            problem = rerun.inherit_filters(args, previous)
            if problem:
                raise UsageError(problem)
        with outdir.locked(paths["out"]):
            with interrupt.armed():
                return _certify(args, paths, previous)
    except (UsageError, outdir.Unusable, keeper.Missing) as e:
        return _error(str(e))


def _paths(args):
    """The directories of the run, absolute, checked."""
    if not args.impl:
        raise UsageError("IMPL is empty: name the directory of the "
                         "implementation to certify")
    paths = {k: os.path.abspath(getattr(args, k))
             for k in ("impl", "bin", "out", "vectors")}
    if not os.path.isdir(paths["impl"]):
        raise UsageError(f"--impl {paths['impl']}: not a directory")
    if ":" in paths["impl"] or ";" in paths["impl"]:
        raise UsageError(f"--impl {paths['impl']}: the loader's search path "
                         "cannot hold a directory whose name has ':' or ';'")
    if not os.path.isdir(paths["bin"]):
        raise UsageError(f"--bin {paths['bin']}: not a directory")
    keeper.find(paths["bin"])
    return paths


def _certify(args, paths, previous):
    # A crashing test must not fill the disk with core files.
    _, hard = resource.getrlimit(resource.RLIMIT_CORE)
    resource.setrlimit(resource.RLIMIT_CORE, (0, hard))
    started = datetime.datetime.now(datetime.timezone.utc)
    profile = profiles.apply(getattr(args, "profile", None) or "full")
    launch = getattr(args, "launch", None) or "multi"
    args.launch = launch
    selected = args.api or impl.APIS
    fingerprint = rerun.fingerprint(paths["impl"], paths["bin"],
                                    paths["vectors"], selected,
                                    rerun.settings(args, profile["name"]))
    if previous is not None:
        changed = rerun.differences(previous["fingerprint"], fingerprint)
        if changed:
            raise UsageError(
                "--rerun-failures: the previous run certified something else: "
                + "; ".join(changed) + " changed.  Certify again without "
                "--rerun-failures (RERUN=1)")
    # the registry's dat.conf and the IA names, for the tests and their
    # helpers alike (runner.Context.env copies this process's
    # environment); the caller's own values come back after the run
    saved = {k: os.environ.get(k) for k in DAPL_ENV}
    try:
        return _certify_env(args, paths, previous, started, profile, launch,
                            selected, fingerprint)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


# What a run sets in its own environment for the uDAPL tests.
DAPL_ENV = ("DAT_OVERRIDE", "RDMACTS_DAPL_IA", "RDMACTS_DAPL_IA_MT")


def _certify_env(args, paths, previous, started, profile, launch, selected,
                 fingerprint):
    if getattr(args, "dat_conf", None):
        os.environ["DAT_OVERRIDE"] = args.dat_conf
    ia = dapl_ia.names(paths["impl"])
    # a scratch directory private to the run (0700), removed after it;
    # --scratch places it on storage the compute nodes share
    scratch = tempfile.mkdtemp(prefix="rdmacts-",
                               dir=getattr(args, "scratch", None)
                               or runner.default_scratch())
    ctx = None
    try:
        ctx = runner.Context(paths["impl"], args.timeout, args.launcher,
                             scratch, args.jobs, getattr(args, "limits", None),
                             launch_all=launch == "all", bin_dir=paths["bin"],
                             fork_server=getattr(args, "fork_server", "auto"),
                             memory_budget=getattr(args, "memory_budget", None))
        run = _select(args, paths, ctx, previous)
        ia = run.get("dapl_ia") or ia
        if not args.quiet and run["jobs"]:
            print(f"rdmacts: running {len(run['jobs'])} test(s), {ctx.jobs} "
                  f"at once on {os.cpu_count()} core(s)...", flush=True)
        results = runner.run_all(run["jobs"], ctx,
                                 _progress(args.quiet, run["vecs"]),
                                 _durations(paths["out"]))
    finally:
        with interrupt.held():  # no signal cuts the clean-up short
            if ctx:
                ctx.close()
            shutil.rmtree(scratch, ignore_errors=True)
    doc = _decide_all(args, paths, run, results, previous, ctx)
    doc.update(
        format=FORMAT, impl=paths["impl"], bin=paths["bin"],
        vectors=paths["vectors"], started=started.isoformat(timespec="seconds"),
        finished=datetime.datetime.now(datetime.timezone.utc)
        .isoformat(timespec="seconds"),
        host=platform.node(), cores=os.cpu_count(), jobs=ctx.jobs,
        timeout=args.timeout, launcher=args.launcher, launch=launch,
        scratch=os.path.dirname(scratch), fingerprint=fingerprint,
        dapl_ia=dict(default=ia["default"], threadsafe=ia["threadsafe"],
                     threadsafe_from=ia["threadsafe_from"],
                     listed=ia["listed"],
                     dat_override=os.environ.get("DAT_OVERRIDE"),
                     dat_conf_from=("--dat-conf" if getattr(args, "dat_conf", None)
                                    else "the environment"
                                    if os.environ.get("DAT_OVERRIDE") else None)),
        profile=profile, rerun=previous is not None,
        fork_server=_fork_servers(run, results, ctx),
        # a rerun covers what the previous run covered
        filters=dict(api=(previous["filters"].get("api") if previous
                          else args.api), call=args.call, clause=args.clause))
    doc["credentials"] = _credentials(doc["tests"])
    doc["memory_budget_mib"] = ctx.memory_budget
    doc["memory"] = memory.summary(doc)
    with interrupt.deferred():
        written = _write_reports(paths["out"], doc, run["vecs"])
    _summary(doc, written)
    return V.EXIT_STATUS[doc["overall"]]


def _select(args, paths, ctx, previous):
    """What each selected API offers, and the tests to run: {apis, vecs,
    exports, jobs, listed, ext_listed, prev_tests}."""
    run = dict(apis={}, vecs={}, exports={}, jobs=[], listed=[],
               ext_listed={}, prev_tests={})
    for t in (previous or {}).get("tests", []):
        run["prev_tests"].setdefault(t["api"], {})[t["name"]] = t
    for api in args.api or impl.APIS:
        _select_api(api, args, paths, ctx, run)
    unknown = _unknown_filters(args, run["vecs"], run["listed"])
    if unknown:
        raise UsageError(unknown)
    return run


def _dapl_names(a, paths, ctx, env, run):
    """The IA names from what the registry under test lists, set for the
    tests before any runs (dapl_ia.py); its warnings become notes."""
    ia = run["dapl_ia"] = dapl_ia.names(paths["impl"], ctx, env)
    os.environ["RDMACTS_DAPL_IA"] = ia["default"]
    os.environ["RDMACTS_DAPL_IA_MT"] = ia["threadsafe"]
    for w in ia["warnings"]:
        a["notes"].append(f"warning: {w}")
        print(f"warning: {w}", file=sys.stderr, flush=True)


def _select_api(api, args, paths, ctx, run):
    v = run["vecs"][api] = vectors.load(paths["vectors"], api)
    a = run["apis"][api] = dict(
        api=api, library=impl.LIBRARIES[api], offered=False, status=None,
        notes=[], problems=list(v.problems), corpus=None,
        calls_total=sum(1 for c in v.calls if vectors.exportable(c)),
        calls_exported=0, missing_calls=[], tests_listed=0,
        coverage=_coverage([], v), errata=len(v.errata))
    run["exports"][api] = set()
    lib = impl.library(paths["impl"], api)
    if not lib:
        a["notes"].append(f"{impl.LIBRARIES[api]} is not in IMPL: "
                          f"0 of {a['calls_total']} calls implemented")
        return
    a["offered"] = True
    names = [c["name"] for c in v.calls if vectors.exportable(c) and "name" in c]
    ext_names = [c["name"] for c in v.ext_calls
                 if vectors.exportable(c) and "name" in c]
    env = ctx.env(corpus.Test(api, f"{api}.list.list.list", [], {}))
    try:
        run["exports"][api] = impl.resolve(lib, names + ext_names, ctx, env)
    except impl.LoadError as e:
        # Every test would die in the loader: say so once.
        a["load_error"] = f"{impl.LIBRARIES[api]} cannot be loaded: {e}"
        a["notes"].append(a["load_error"])
    a["calls_exported"] = sum(1 for n in names if n in run["exports"][api])
    a["missing_calls"] = [n for n in names if n not in run["exports"][api]]
    if a["missing_calls"] and not a.get("load_error"):
        a["notes"].append(
            f"{len(a['missing_calls'])} documented call(s) not exported: "
            + ", ".join(a["missing_calls"]))
    if a.get("load_error"):
        return
    if api == "udapl":
        _dapl_names(a, paths, ctx, env, run)
    binary = os.path.join(paths["bin"], f"{api}_tests")
    if not os.access(binary, os.X_OK):
        a["corpus_error"] = f"no corpus yet: {binary} does not exist"
        a["notes"].append(a["corpus_error"])
        return
    a["corpus"] = binary
    try:
        tests = corpus.list_tests(api, binary, ctx, env)
    except corpus.ListError as e:
        a["corpus_error"] = str(e)
        a["notes"].append(f"the corpus could not list its tests "
                          f"against this implementation: {e}")
        return
    ext_tests = [t for t in tests if vectors.is_extension(t, v)]
    tests = [t for t in tests if not vectors.is_extension(t, v)]
    a["tests_listed"] = len(tests)
    run["listed"] += tests + ext_tests
    a["coverage"] = _coverage(tests, v)
    run["ext_listed"][api] = ext_tests
    if not getattr(args, "core_only", False):
        tests += ext_tests
    chosen = corpus.select(tests, args.call, args.clause,
                           {**v.ext_clauses, **v.clauses})
    if args.rerun_failures:
        # what did not pass, and what the previous run did not have
        old = run["prev_tests"].get(api, {})
        chosen = [t for t in chosen
                  if t.name not in old or old[t.name]["verdict"] != V.PASS]
    run["jobs"] += [(binary, t) for t in chosen]


def _decide_all(args, paths, run, results, previous, ctx):
    """The document of the run: every test's record, every API's status,
    the overall verdict (merged with the previous run's on a rerun)."""
    apis, vecs = run["apis"], run["vecs"]
    records = {api: [] for api in apis}
    for (binary, test), result in zip(run["jobs"], results):
        rec = _record(test, result, vecs[test.api], previous is not None)
        if rec["verdict"] in V.BROKEN:
            rec["rerun_command"] = by_hand(test, binary, ctx)
        records[test.api].append(rec)
    if previous is not None:
        for api in apis:
            again = {r["name"] for r in records[api]}
            records[api] += [t for n, t in run["prev_tests"].get(api, {}).items()
                             if n not in again]
            records[api].sort(key=lambda r: r["name"])
    filtered = bool(args.call or args.clause)
    for api, a in apis.items():
        core = [r for r in records[api] if not r.get("extension")]
        a["counts"] = _counts(core)
        _call_table(a, core, vecs[api], run["exports"][api])
        a["status"] = _decide(a, core, filtered)
        a["causes"] = causes.group(core)
        if vecs[api].ext_calls and a["offered"] and not a.get("load_error"):
            a["extension"] = _extension(
                [r for r in records[api] if r.get("extension")],
                vectors.extension_view(vecs[api]), run["exports"][api],
                run["ext_listed"].get(api, []))
    if previous is not None:
        # APIs the rerun did not select keep their previous results.
        for api, a in previous.get("apis", {}).items():
            if api not in apis:
                apis[api] = a
                records[api] = list(run["prev_tests"].get(api, {}).values())
    return dict(overall=_overall(apis), apis=apis,
                tests=[r for api in apis for r in records[api]])


def by_hand(test, binary, ctx):
    """The shell command that reruns one test by hand, in the environment
    the run gave it (library path, profile, IA names); the corpus binary
    then prints its verdict on stdout (docs/certification.md)."""
    env = {"LD_LIBRARY_PATH": ctx.library_path()}
    for key in ("RDMACTS_TC_DECLINE", "RDMACTS_TC_PRIVILEGED",
                "RDMACTS_TC_ARIES", "RDMACTS_TC_CRAY"):
        if key in os.environ:
            env[key] = os.environ[key]
    if test.api == "udapl":
        for key in ("RDMACTS_DAPL_IA", "RDMACTS_DAPL_IA_MT"):
            env[key] = os.environ.get(key, "")
        if os.environ.get("DAT_OVERRIDE"):
            env["DAT_OVERRIDE"] = os.environ["DAT_OVERRIDE"]
    words = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
    run = shlex.join([binary, "--run", test.name])
    if test.np > 1 or ctx.launch_all:
        run = f"{ctx.launcher.format(np=test.np)} {run}"
    return f"{words} {run}"


def _credentials(tests):
    """Where the tests' job credentials came from (their records' note
    "credentials", spec_tests/ugni/fixture.c): the count of tests per
    source, and one line for the report header."""
    by = {}
    for r in tests:
        src = (r.get("notes") or {}).get("credentials")
        if src:
            by[src] = by.get(src, 0) + 1
    parts = []
    if by.get("job"):
        parts.append(f"job (PMI_GNI_*) in {by['job']} test(s)")
    if by.get("built-in"):
        parts.append(f"built-in test values in {by['built-in']} test(s): "
                     "not a launched job")
    return dict(counts=by, summary="; ".join(parts) or "none used")


def _write_reports(out_dir, doc, vecs):
    return [
        outdir.write(os.path.join(out_dir, "report.html"),
                     report_html.render(doc, vecs)),
        outdir.write(os.path.join(out_dir, RESULTS),
                     json.dumps(doc, indent=1, sort_keys=True) + "\n"),
        outdir.write(os.path.join(out_dir, "junit.xml"),
                     report_junit.render(doc)),
    ]


def verdict_counts(counts):
    return ", ".join(f"{n} {vd}" for vd in V.ORDER
                     for n in [counts.get(vd, 0)] if n)


def _fork_servers(run, results, ctx):
    """Per API: how its one-process tests were started ({"used", "why",
    "forked", "exec"}): forked from a fork server, or by exec and why."""
    out = {}
    for (binary, test), r in zip(run["jobs"], results):
        if r is None or r.get("launched"):
            continue
        why = ctx.fork.get(binary, "")
        a = out.setdefault(test.api, dict(used=not why, why=why, forked=0,
                                          exec=0))
        a["forked" if r.get("forked") else "exec"] += 1
    return out


def _summary(doc, paths):
    print(f"rdmacts certification of {doc['impl']}")
    prof = doc.get("profile")
    if prof and prof["name"] != "full":
        print(f"  profile {prof['name']}: {prof['about']}")
    print("  launch: " + ("every test a launched job" if doc.get("launch") == "all"
                          else "multi-process tests through the launcher, "
                          "the others started directly")
          + f" ({doc['launcher']})")
    print(f"  credentials: {doc['credentials']['summary']}")
    if doc.get("fork_server"):
        print(f"  one-process tests: {report_html.fork_summary(doc)}")
    for api, a in doc["apis"].items():
        line = f"  {api:<6} {a['status']}" + (
            " (2010 core)" if a.get("extension") else "")
        if a["offered"]:
            line += (f"; {a['calls_exported']} of {a['calls_total']} calls "
                     "exported")
            conf = a.get("counts", {}).get("conformance", {})
            rob = a.get("counts", {}).get("robustness", {})
            if conf:
                line += f"; conformance: {verdict_counts(conf)}"
            if rob:
                line += f"; robustness: {verdict_counts(rob)}"
            cov = a["coverage"]
            line += (f"; clauses with a test: {cov['covered']} of "
                     f"{cov['testable']} testable")
        x = a.get("extension")
        if x:
            line += (f"\n         extension (later vendor headers, apart from "
                     f"the 2010 core verdict): {x['summary']}")
            tests = verdict_counts({vd: sum(t.get(vd, 0) for t in x["counts"].values())
                                    for vd in V.ORDER})
            if tests:
                line += f"; tests: {tests}"
        ia = doc.get("dapl_ia")
        if api == "udapl" and a["offered"] and ia:
            line += (f"\n         IA {ia['default']}; multi-thread tests on "
                     f"IA {ia['threadsafe']} ({ia['threadsafe_from']})")
            line += ("\n         registry's dat.conf: " + (
                f"DAT_OVERRIDE={ia['dat_override']} (from {ia.get('dat_conf_from')})"
                if ia.get("dat_override") else
                "what the registry reads by itself"))
        for n in a["notes"] + a["problems"]:
            line += f"\n         {n}"
        print(line)
    grouped = [(api, g) for api, a in doc["apis"].items()
               for g in a.get("causes") or []]
    if grouped:
        print("Failures by cause (one row per first failing call and result, "
              "or signal and crash site):")
        for api, g in grouped:
            tiers = ", ".join(f"{t} {n}" for t, n in sorted(g["tiers"].items()))
            print(f"  {api:<6} {g['phrase']}  [{tiers}]")
            if g["frames"]:
                print(f"              top frames: {' < '.join(g['frames'])}")
    bad = [r for r in doc["tests"] if r["verdict"] != V.PASS
           and not (r.get("extension") and r.get("lacks"))]
    if bad:
        print("Tests that did not pass:")
        for r in bad:
            print(f"  {r['verdict']:<11} {r['name']}"
                  + ("" if r["tier"] == "conformance" else f" [{r['tier']}]")
                  + (" [extension]" if r.get("extension") else "")
                  + (f"  ({r['detail']})" if r["detail"] else ""))
            for f in r["failures"][:3]:
                print(f"              {f['clause']}: expected {f['expected']}"
                      f", observed {f['observed']}  at {f['at']}")
            if r.get("rerun_command"):
                print(f"              by hand: {r['rerun_command']}")
    scope = " (filtered run: the verdict covers the selected tests only)" \
        if doc["filters"]["call"] or doc["filters"]["clause"] else ""
    if doc["rerun"]:
        scope += " (rerun: tests that passed before keep their result)"
    print(f"Overall: {doc['overall']}{scope}")
    print("Reports: " + ", ".join(paths))
