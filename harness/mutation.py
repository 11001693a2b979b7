"""Mutation testing: how many deliberately wrong references the corpus catches.

    python3 -m harness.mutation --api ugni [--sample N] [--seed S]

Each mutant is the reference library with one small textual change in its
source (a flipped return code, a negated or dropped check, a changed
comparison or constant, a lost call such as an event push).  The mutant is
built in a private copy of the tree and certified with the corpus like any
third-party implementation; it is *killed* when some test that passes on
the unchanged reference does not pass on it.  Mutants that do not compile
are *stillborn* and not counted.  Survivors judged equivalent (the change
cannot be observed through the API) are listed with a reason in
harness/mutation_equivalent.json and leave the score's denominator.
A mutant the default run does not kill is run again under each capability
profile of harness/profiles.py that changes the API (make check certifies
every profile), over the tests the profile changes.  An
entry names its mutant by id (path:line:operator:column) and by the text
of the source line, so that it follows the line when code above it
moves; `--check-equivalents` fails on an entry that names no current
mutation site (make check-mutation-smoke runs it).

Writes build/mutation/<api>/report.json and report.txt.
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from harness import corpus, profiles, runner

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The corpus binaries the run certifies with: a copy taken at its start
# (main sets it), so that rebuilding the tree during a run cannot change
# the corpus between the baseline and the mutants.
BIN = os.path.join(ROOT, "build", "bin")

# Per API: the library target and the sources whose mutants it is built from.
TARGETS = {
    "ugni": ("libugni.so", ["ref/ugni", "ref/nic"]),
    "dmapp": ("libdmapp.so", ["ref/dmapp"]),
    # uDAPL: the registry (libdat.so) and the reference Provider it loads
    # (libdat_rdmacts.so); ref/nic is mutated under ugni.
    "udapl": ("libdat.so", ["ref/udapl/registry", "ref/udapl/provider"]),
}
# Further targets built from the mutant tree and staged beside the library:
# the uDAPL Provider and the dat.conf naming it by a relative path, so the
# staged libdat loads the mutant Provider, never build/lib's.
TREE_TARGETS = {"udapl": ["libdat_rdmacts.so", "dat.conf"]}
# Libraries a mutant needs beside it at run time (the unchanged reference).
COMPANIONS = {"ugni": ["libpmi.so"], "dmapp": ["libugni.so", "libpmi.so"],
              "udapl": ["libpmi.so"]}
EQUIVALENT = os.path.join(ROOT, "harness", "mutation_equivalent.json")

RC_RE = re.compile(r"\b((?:GNI_RC|DMAPP_RC)_[A-Z_]+|DAT_[A-Z_]+)\b")
RELOPS = {"==": "!=", "!=": "==", "<=": "<", ">=": ">", "<": "<=", ">": ">="}
RELOP_RE = re.compile(r"(?<![<>=!-])(==|!=|<=|>=|<|>)(?![<>=])")
LOGIC_RE = re.compile(r"&&|\|\|")
INT_RE = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
CALL_STMT_RE = re.compile(r"^(\s*)([a-z_][a-z0-9_]*\(.*\);)\s*$")


def strip_comments(lines):
    """Per line, the code with comments and string literals blanked, so the
    operators never touch them (same length, same columns)."""
    out, in_block = [], False
    for line in lines:
        code, i = [], 0
        while i < len(line):
            if in_block:
                if line.startswith("*/", i):
                    in_block = False
                    code.append("  ")
                    i += 2
                else:
                    code.append(" ")
                    i += 1
            elif line.startswith("/*", i):
                in_block = True
                code.append("  ")
                i += 2
            elif line.startswith("//", i):
                code.append(" " * (len(line) - i))
                break
            elif line[i] == '"':
                j = i + 1
                while j < len(line) and line[j] != '"':
                    j += 2 if line[j] == "\\" else 1
                code.append('"' + " " * (j - i - 1) + '"')
                i = j + 1
            else:
                code.append(line[i])
                i += 1
        out.append("".join(code))
    return out


def matching_paren(code, start):
    depth = 0
    for i in range(start, len(code)):
        if code[i] == "(":
            depth += 1
        elif code[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def sites(path):
    """Every mutation of one file: (line index, operator, column, old, new)."""
    with open(os.path.join(ROOT, path)) as f:
        lines = f.read().split("\n")
    code = strip_comments(lines)
    found = []
    for n, c in enumerate(code):
        if c.lstrip().startswith("#"):
            continue  # preprocessor lines
        for m in RC_RE.finditer(c):
            if "return" not in c and "=" not in c:
                continue
            old = m.group(1)
            if old.endswith("_SUCCESS"):
                new = old.replace("SUCCESS", "INVALID_PARAM") if "RC" in old \
                    else "DAT_INVALID_PARAMETER"
            elif "RC" in old:
                new = old.split("_RC_")[0] + "_RC_SUCCESS"
            elif old.startswith("DAT_") and old.isupper() and "RETURN" not in old:
                new = "DAT_SUCCESS"
            else:
                continue
            found.append((n, "rc", m.start(1), old, new))
        for m in re.finditer(r"\b(if|while)\s*\(", c):
            open_at = c.index("(", m.start())
            close = matching_paren(c, open_at)
            if close < 0:
                continue
            cond = lines[n][open_at + 1:close]
            found.append((n, "negate", open_at + 1, cond, "!(%s)" % cond))
            if m.group(1) == "if":
                found.append((n, "drop-check", open_at + 1, cond, "0"))
        for m in RELOP_RE.finditer(c):
            found.append((n, "relop", m.start(), m.group(1), RELOPS[m.group(1)]))
        for m in LOGIC_RE.finditer(c):
            found.append((n, "logic", m.start(), m.group(0),
                          "||" if m.group(0) == "&&" else "&&"))
        for m in INT_RE.finditer(c):
            old = m.group(1)
            if "[" in c[:m.start()] and "]" in c[m.end():] and "=" not in c:
                continue  # array sizes in declarations
            new = "1" if old == "0" else ("0" if old == "1" else str(int(old) + 1))
            found.append((n, "const", m.start(), old, new))
        m = CALL_STMT_RE.match(c)
        if m and not c.strip().startswith("return"):
            found.append((n, "drop-call", len(m.group(1)), lines[n][len(m.group(1)):].rstrip(),
                          "(void)0;"))
    return lines, found


def mutant_id(path, line, op, col):
    return "%s:%d:%s:%d" % (path, line + 1, op, col + 1)


def apply(lines, line, col, old, new):
    text = lines[line]
    assert text[col:col + len(old)] == old, (text, col, old)
    out = list(lines)
    out[line] = text[:col] + new + text[col + len(old):]
    return "\n".join(out)


def resolve_equivalents(entries, candidates, sources):
    """Current mutant id -> reason for each entry of
    mutation_equivalent.json, matched by path, operator, column and the
    text of the line (the nearest such site to the recorded line); and the
    entries that match no site."""
    by_text = {}
    for path, line, op, col, old, new in candidates:
        key = (path, op, col, sources[path][line].strip())
        by_text.setdefault(key, []).append(line)
    found, lost = {}, []
    for e in entries:
        path, line, op, col = e["id"].rsplit(":", 3)
        lines = by_text.get((path, op, int(col) - 1, e.get("line", "")), [])
        if not lines:
            lost.append(e["id"])
            continue
        near = min(lines, key=lambda n: abs(n + 1 - int(line)))
        found[mutant_id(path, near, op, int(col) - 1)] = e["reason"]
    return found, lost


def prepare_tree(work):
    """A private copy of what building the reference needs."""
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    # the Makefile includes the corpus support module first
    for item in ("Makefile", "mk", "include", "ref", "spec_tests/support"):
        src = os.path.join(ROOT, item)
        dst = os.path.join(work, item)
        if os.path.isdir(src):
            shutil.copytree(src, dst)
        else:
            shutil.copy2(src, dst)


def build(work, lib, api=None):
    libs = [lib] + TREE_TARGETS.get(api, [])
    r = subprocess.run(["make", "-s", "-C", work, "BUILD=b"] + ["b/lib/" + l for l in libs],
                       capture_output=True, text=True)
    return r.returncode == 0, r.stderr[-2000:]


def certify(api, impl, out, timeout, profile="full"):
    """Verdict per test name of the corpus against impl."""
    cmd = [sys.executable, "-m", "harness", "certify", "--impl", impl,
           "--bin", BIN,
           "--vectors", os.path.join(ROOT, "vectors"), "--out", out,
           "--api", api, "--quiet", "--timeout", str(timeout),
           "--profile", profile]
    subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    with open(os.path.join(out, "results.json")) as f:
        results = json.load(f)
    return {t["name"]: (t["verdict"], t.get("tier"), t.get("mandatory"))
            for t in results.get("tests", [])}


def profile_baselines(api, impl, out_dir, timeout, baseline):
    """For each capability profile that changes the API (harness/profiles.py):
    its name, the reference's verdicts under it, and the tests worth running
    under it -- those whose verdict the profile changes (a capability
    declined, a privileged branch taken) and those of the calls it names.
    make check certifies every profile, so a mutant that only one of them
    shows is killed like any other."""
    out = []
    for name, p in profiles.PROFILES.items():
        if name == "full" or api not in p["apis"]:
            continue
        verdicts = certify(api, impl, os.path.join(out_dir, "certify-" + name),
                           timeout, name)
        calls = tuple("%s.%s." % (api, c) for c in p.get("mutation_calls", p.get("calls", ())))
        watch = {n for n, v in verdicts.items()
                 if v[0] != baseline.get(n, ("MISSING",))[0] or n.startswith(calls)}
        out.append((name, verdicts, watch))
        print("profile %s: %d tests rerun under it when the default run "
              "kills nothing" % (name, len(watch)), flush=True)
    return out


def profile_differences(api, impl, baselines, timeout):
    """first_differences under each profile, over the tests it changes:
    the tests found, the profile's verdicts and its name."""
    for name, verdicts, watch in baselines:
        saved = dict(os.environ)
        profiles.apply(name)
        try:
            found = first_differences(
                api, impl, verdicts, timeout, watch,
                launch_all=profiles.PROFILES[name].get("launch") == "all")
        finally:
            os.environ.clear()
            os.environ.update(saved)
        if found:
            return found, verdicts, name
    return [], None, None


def first_differences(api, impl, baseline, timeout, only=None, launch_all=False):
    """Tests whose verdict on impl differs from the baseline's.  One is
    enough to kill a mutant, so the run stops at the first one found: the
    tests that decide conformance run first (single-process before
    multi-process, the cheap ones), the robustness tier only if none of
    them differs.  A test that only timed out is run once more, since a
    timeout on a loaded machine is no proof.  only: the names to run;
    launch_all: every test through the launcher (a profile's launch)."""
    bin_dir = BIN
    binary = os.path.join(bin_dir, api + "_tests")
    scratch = tempfile.mkdtemp(prefix="rdmacts-mutant-")
    ctx = runner.Context(impl, timeout, runner.default_launcher(bin_dir), scratch,
                         launch_all=launch_all, bin_dir=bin_dir)
    try:
        tests = corpus.list_tests(
            api, binary, ctx,
            ctx.env(corpus.Test(api, api + ".list.list.list", [], {})))
    except corpus.ListError:
        ctx.close()
        shutil.rmtree(scratch, ignore_errors=True)
        return ["(the corpus cannot list its tests against this mutant)"]
    if only is not None:
        tests = [t for t in tests if t.name in only]

    def run(t):
        return runner.run_test(binary, t, ctx)["verdict"]

    found, stop = [], threading.Event()

    def one(t):
        if stop.is_set():
            return
        want = baseline.get(t.name, ("MISSING",))[0]
        got = run(t)
        if got == "TIMEOUT" and want != "TIMEOUT":
            got = run(t)
        if got != want:
            found.append(t.name)
            stop.set()

    deciding = [t for t in tests if t.name in baseline and baseline[t.name][1] != "robustness"
                and baseline[t.name][2] is not False]
    rest = [t for t in tests if t not in deciding]
    for group in (deciding, rest):
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            list(pool.map(one, sorted(group, key=lambda t: t.np)))
        if found:
            break
    ctx.close()
    shutil.rmtree(scratch, ignore_errors=True)
    return sorted(found)


def stage_impl(work, api, impl):
    lib = TARGETS[api][0]
    os.makedirs(impl, exist_ok=True)
    for built in [lib] + TREE_TARGETS.get(api, []):
        shutil.copy2(os.path.join(work, "b", "lib", built), os.path.join(impl, built))
    for other in COMPANIONS[api]:
        src = os.path.join(ROOT, "build", "lib", other)
        if os.path.exists(src):
            shutil.copy2(src, os.path.join(impl, other))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m harness.mutation")
    p.add_argument("--api", required=True, choices=sorted(TARGETS))
    p.add_argument("--sample", type=int, default=120,
                   help="mutants that build to try, drawn with --seed (0: "
                   "all); a stillborn one is replaced by the next drawn")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--timeout", type=float, default=10.0)
    p.add_argument("--out", help="work and report directory "
                   "(default build/mutation/<api>)")
    p.add_argument("--only", help="comma-separated mutant ids to try "
                   "(e.g. the survivors of an earlier run) instead of a sample")
    p.add_argument("--operators", help="comma-separated operators to draw "
                   "from (rc, negate, drop-check, relop, logic, const, drop-call)")
    p.add_argument("--require-killed", type=int, default=0, metavar="N",
                   help="exit 1 unless at least N mutants were killed (the "
                   "make check smoke: the job must still work end to end)")
    p.add_argument("--list", action="store_true",
                   help="only print the mutation sites")
    p.add_argument("--check-equivalents", action="store_true",
                   help="only check that every entry of "
                   "mutation_equivalent.json names a current site")
    args = p.parse_args(argv)

    lib, dirs = TARGETS[args.api]
    files = sorted(os.path.join(d, f) for d in dirs
                   for f in os.listdir(os.path.join(ROOT, d)) if f.endswith(".c"))
    candidates, sources = [], {}
    for path in files:
        lines, found = sites(path)
        sources[path] = lines
        candidates += [(path,) + s for s in found]
    with open(EQUIVALENT) as f:
        entries = [e for e in json.load(f)["equivalent"]
                   if any(e["id"].startswith(d + "/") for d in dirs)]
    equivalent, lost = resolve_equivalents(entries, candidates, sources)
    if args.check_equivalents:
        for i in lost:
            print("mutation_equivalent.json: %s names no current mutation site "
                  "(its line changed: judge the mutant again)" % i, file=sys.stderr)
        print("mutation %s: %d equivalent mutants recorded, %d resolved to a "
              "current site" % (args.api, len(entries), len(equivalent)))
        return 1 if lost else 0
    if args.list:
        for path, line, op, col, old, new in candidates:
            print("%s  %s -> %s" % (mutant_id(path, line, op, col), old, new))
        return 0
    if args.operators:
        ops = set(args.operators.split(","))
        candidates = [c for c in candidates if c[2] in ops]
    chosen = list(candidates)
    random.Random(args.seed).shuffle(chosen)
    want = len(chosen)
    if args.only:
        wanted = set(args.only.split(","))
        chosen = [c for c in chosen if mutant_id(c[0], c[1], c[2], c[3]) in wanted]
        want = len(chosen)
    elif args.sample:
        want = min(args.sample, len(chosen))

    out_dir = os.path.abspath(args.out) if args.out else \
        os.path.join(ROOT, "build", "mutation", args.api)
    work = os.path.join(out_dir, "tree")
    prepare_tree(work)
    global BIN
    BIN = os.path.join(out_dir, "bin")
    shutil.rmtree(BIN, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "build", "bin"), BIN, symlinks=True)
    ok, err = build(work, lib, args.api)
    if not ok:
        print("the unchanged reference does not build:\n" + err, file=sys.stderr)
        return 2
    stage_impl(work, args.api, os.path.join(out_dir, "impl"))
    stage_impl(work, args.api, os.path.join(out_dir, "reference"))
    baseline = certify(args.api, os.path.join(out_dir, "impl"),
                       os.path.join(out_dir, "certify"), args.timeout)
    # UNSUPPORTED is a verdict of the reference too: tests of a capability
    # the reference has (uDAPL DAT_MODEL_NOT_SUPPORTED cases, E-UDAPL-057).
    not_passing = sorted(n for n, v in baseline.items()
                         if v[0] not in ("PASS", "UNSUPPORTED"))
    if not baseline or not_passing:
        print("the corpus must pass on the unchanged reference first; not "
              "passing: %s" % (", ".join(not_passing) or "no tests ran"),
              file=sys.stderr)
        return 2

    by_profile = None  # certified under each profile when first needed

    records, started, built = [], time.monotonic(), 0
    for i, (path, line, op, col, old, new) in enumerate(chosen, 1):
        if built >= want:
            break
        mid = mutant_id(path, line, op, col)
        target = os.path.join(work, path)
        with open(target, "w") as f:
            f.write(apply(sources[path], line, col, old, new))
        ok, _ = build(work, lib, args.api)
        rec = dict(id=mid, operator=op, old=old, new=new,
                   line=sources[path][line].strip())
        if not ok:
            rec["status"] = "stillborn"
        else:
            built += 1
            stage_impl(work, args.api, os.path.join(out_dir, "impl"))
            killers = first_differences(args.api, os.path.join(out_dir, "impl"),
                                        baseline, args.timeout)
            judged_by, profile = baseline, None
            if not killers:
                if by_profile is None:
                    by_profile = profile_baselines(
                        args.api, os.path.join(out_dir, "reference"), out_dir,
                        args.timeout, baseline)
                killers, judged_by, profile = profile_differences(
                    args.api, os.path.join(out_dir, "impl"), by_profile, args.timeout)
            deciding = [n for n in killers if n not in judged_by or
                        (judged_by[n][1] != "robustness" and judged_by[n][2] is not False)]
            tag = " (profile %s)" % profile if profile else ""
            if deciding:
                rec["status"], rec["killed_by"] = "killed", [n + tag for n in deciding[:5]]
            elif killers:
                rec["status"], rec["killed_by"] = "killed-robustness", [n + tag for n in killers[:5]]
            elif mid in equivalent:
                rec["status"], rec["reason"] = "equivalent", equivalent[mid]
            else:
                rec["status"] = "survived"
        with open(target, "w") as f:
            f.write("\n".join(sources[path]))
        records.append(rec)
        print("[%d/%d] %-10s %s  %s -> %s" % (built, want, rec["status"], mid,
                                              old, new), flush=True)

    count = {s: sum(1 for r in records if r["status"] == s)
             for s in ("killed", "killed-robustness", "survived", "equivalent",
                       "stillborn")}
    scored = count["killed"] + count["killed-robustness"] + count["survived"]
    killed = count["killed"] + count["killed-robustness"]
    score = 100.0 * killed / scored if scored else 0.0
    summary = dict(api=args.api, sites=len(candidates), tried=len(records),
                   seed=args.seed, seconds=round(time.monotonic() - started, 1),
                   score=round(score, 1), **count)
    with open(os.path.join(out_dir, "report.json"), "w") as f:
        json.dump(dict(summary=summary, mutants=records), f, indent=1)
    with open(os.path.join(out_dir, "report.txt"), "w") as f:
        for r in records:
            if r["status"] == "survived":
                f.write("SURVIVED %s  %s -> %s\n    %s\n" % (r["id"], r["old"], r["new"], r["line"]))
    print("mutation %s: %d sites, %d tried: killed %d (%d by robustness tests only), "
          "survived %d, equivalent %d, stillborn %d; score %.1f%% of %d "
          "non-equivalent mutants" % (args.api, len(candidates), len(records), killed,
                                      count["killed-robustness"], count["survived"],
                                      count["equivalent"], count["stillborn"], score, scored))
    print("survivors: %s" % os.path.join(out_dir, "report.txt"))
    if killed < args.require_killed:
        print("mutation %s: %d killed, fewer than the %d required"
              % (args.api, killed, args.require_killed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
