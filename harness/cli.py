"""Command line of the harness: `python3 -m harness certify ...`.

Exit status: 0 CONFORMANT, 1 NOT CONFORMANT, 3 INCOMPLETE, 2 usage error,
4 internal error of the harness (one line naming it and the log of its
traceback), 128 + N stopped by signal N (docs/certification.md)."""

import argparse
import datetime
import math
import os
import sys
import tempfile
import traceback

from harness import (certify, compare, impl, interrupt, limits, outdir,
                     profiles, runner)
from harness import verdicts as V


def _split(values):
    out = []
    for v in values or []:
        out += [x for x in v.split(",") if x]
    return out


def parser():
    p = argparse.ArgumentParser(
        prog="python3 -m harness",
        description="Certify an implementation of uGNI, DMAPP and uDAPL 1.2 "
                    "against the rdmacts corpus (docs/certification.md).")
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("certify", help="run the corpus, write the report")
    c.add_argument("--impl", required=True,
                   help="directory holding libugni.so, libdmapp.so and/or "
                        "libdat.so")
    c.add_argument("--bin", required=True,
                   help="directory of the corpus binaries <api>_tests")
    c.add_argument("--vectors", required=True, help="the vectors/ directory")
    c.add_argument("--out", required=True,
                   help="report directory, locked for the run (a second "
                        "run into it refuses)")
    c.add_argument("--api", action="append",
                   help="only these APIs (ugni, dmapp, udapl; repeatable or "
                        "comma-separated)")
    c.add_argument("--call", action="append",
                   help="only tests of this call: the <call> part of test "
                        "names (cq_create) or the C name (GNI_CqCreate)")
    c.add_argument("--clause", action="append",
                   help="only tests that declare this clause id")
    c.add_argument("--rerun-failures", action="store_true",
                   help="rerun the tests that did not pass in "
                        "OUT/results.json (and those it lacks) with its "
                        "filters, and merge; refused when IMPL, the corpus, "
                        "the vectors or the settings changed")
    c.add_argument("--compare", metavar="DIR2",
                   help="also run the corpus against the implementation "
                        "in DIR2 (results in OUT/compare/) and report both "
                        "side by side, differences first (OUT/compare.html)")
    c.add_argument("--timeout", type=float, default=20.0,
                   help="seconds per test (default 20; finite)")
    c.add_argument("--jobs", type=int, default=None,
                   help="test processes at once (default: four per core)")
    c.add_argument("--memory-budget", type=int, default=None, metavar="MIB",
                   help="MiB the tests running at once may declare, "
                        "whatever --jobs (default 4096; a test declares "
                        "more than 256 MiB per process with memory=MiB)")
    c.add_argument("--launcher",
                   help="command starting np processes, {np} replaced "
                        "(default: $RDMACTS_LAUNCHER, else "
                        f"'BIN/{runner.PROJECT_LAUNCHER} -n {{np}}' when it "
                        f"exists, else '{runner.DEFAULT_LAUNCHER}')")
    c.add_argument("--launch", choices=("multi", "all"),
                   help="which tests start through the launcher: multi "
                        "(those of several processes; the default) or all "
                        "(every test a launched job of its own size, as on "
                        "a real system; docs/certification.md)")
    c.add_argument("--fork-server", choices=runner.FORK_MODES,
                   default=os.environ.get("RDMACTS_FORK_SERVER") or "auto",
                   help="one-process tests forked from a fork server per "
                        "corpus binary and worker (auto: when a binary has "
                        f"{runner.FORK_MIN} or more in the run; on; off: "
                        "every test started by exec); a binary whose "
                        "server refuses, or whose probe tests differ, runs "
                        "by exec (docs/certification.md, \"Fork server\")")
    c.add_argument("--scratch", metavar="DIR",
                   help="where each run keeps its working files and every "
                        "rank's record (a private directory made in DIR, "
                        "removed after the run); on a cluster, storage the "
                        "compute nodes share (default: $TMPDIR or /tmp)")
    c.add_argument("--limit", action="append", metavar="KEY=N",
                   help="per-test resource limit, repeatable or comma-"
                        "separated: as=BYTES (K/M/G/T suffix; default 16G), "
                        "cpu=SECONDS (default: the timeout), nproc=N "
                        "(processes of the user; default 4096; not enforced "
                        "for root); 0 or none lifts one "
                        "(docs/certification.md)")
    c.add_argument("--profile", default="full",
                   choices=sorted(profiles.PROFILES),
                   help="capability profile of the test-control interface "
                        "given to every test (default full; "
                        "docs/certification.md)")
    c.add_argument("--dat-conf", metavar="FILE",
                   help="the uDAPL registry's static registry (dat.conf) for "
                        "the run, given to every test as DAT_OVERRIDE, the "
                        "variable libdat reads (the reference's and OFA's); "
                        "default: what the registry under test reads by "
                        "itself (docs/certification.md)")
    c.add_argument("--core-only", action="store_true",
                   help="run the 2010 core's tests only, not the extension "
                   "tier's (docs/extension.md); the verdict is the same")
    c.add_argument("--quiet", action="store_true",
                   help="print only the summary")
    return p


def main(argv=None):
    try:
        return _main(argv)
    except interrupt.Interrupted as e:
        print(f"rdmacts: stopped by {e.name()}: queued tests cancelled, "
              "running ones killed, the run's directories removed; no "
              "report written (OUT keeps the previous one)", file=sys.stderr)
        return e.exit_status()
    except Exception:  # a bug of the harness, never a verdict
        return _internal_error(argv)


def _internal_error(argv):
    """One line naming the error and where its traceback went."""
    kind, value, _ = sys.exc_info()
    text = (f"rdmacts internal error, {datetime.datetime.now().isoformat()}\n"
            f"argv: {argv if argv is not None else sys.argv}\n"
            + traceback.format_exc())
    fd, log = tempfile.mkstemp(prefix="rdmacts-internal-error-",
                               suffix=".log")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    print(f"rdmacts: internal error of the harness ({kind.__name__}: "
          f"{str(value)[:200]}); traceback in {log}", file=sys.stderr)
    return V.EXIT_INTERNAL


def _main(argv):
    args = parser().parse_args(argv)
    args.api = _split(args.api)
    args.call = _split(args.call)
    args.clause = _split(args.clause)
    bad = [a for a in args.api if a not in impl.APIS]
    if bad:
        print(f"error: unknown API {', '.join(bad)} (known: "
              f"{', '.join(impl.APIS)})", file=sys.stderr)
        return V.EXIT_USAGE
    if args.compare and args.rerun_failures:
        print("error: --compare and --rerun-failures cannot be combined: "
              "a side-by-side report needs full runs of both", file=sys.stderr)
        return V.EXIT_USAGE
    if args.compare and not os.path.isdir(args.compare):
        print(f"error: --compare {os.path.abspath(args.compare)}: not a "
              "directory", file=sys.stderr)
        return V.EXIT_USAGE
    if not math.isfinite(args.timeout) or args.timeout <= 0 or (
            args.jobs is not None and args.jobs < 1):
        print("error: --timeout and --jobs must be positive (and finite)",
              file=sys.stderr)
        return V.EXIT_USAGE
    try:
        args.limits = limits.parse_limits(args.limit, args.timeout)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return V.EXIT_USAGE
    if args.dat_conf is not None:
        if not os.path.isfile(args.dat_conf):
            print(f"error: --dat-conf {os.path.abspath(args.dat_conf)}: not "
                  "a file", file=sys.stderr)
            return V.EXIT_USAGE
        args.dat_conf = os.path.abspath(args.dat_conf)
    if args.launcher is None:
        args.launcher = runner.default_launcher(args.bin)
    if "{np}" not in args.launcher:
        print("error: --launcher must contain {np}", file=sys.stderr)
        return V.EXIT_USAGE
    if args.launch is None:
        args.launch = profiles.PROFILES[args.profile].get("launch", "multi")
    if args.scratch is not None:
        problem = runner.scratch_problem(args.scratch)
        if problem:
            print(f"error: --scratch {os.path.abspath(args.scratch)}: "
                  f"{problem}", file=sys.stderr)
            return V.EXIT_USAGE
    if not args.compare:
        return certify.certify(args)
    try:
        with outdir.locked(os.path.abspath(args.out)):
            return certify_both(args)
    except outdir.Unusable as e:
        print(f"error: {e}", file=sys.stderr)
        return V.EXIT_USAGE


def certify_both(args):
    """Certify --impl into OUT and --compare into OUT/compare, then write
    the side-by-side report.  Exit status: the first implementation's."""
    first = certify.certify(args)
    if first == V.EXIT_USAGE:
        return first
    out_b = os.path.join(args.out, "compare")
    second = argparse.Namespace(**vars(args))
    second.impl, second.out, second.compare = args.compare, out_b, None
    print(f"--- and the implementation to compare, {args.compare}:",
          flush=True)
    if certify.certify(second) == V.EXIT_USAGE:
        return V.EXIT_USAGE
    doc, paths = compare.write(args.out, out_b)
    compare.summary(doc, paths)
    return first
