"""Command line of the harness: `python3 -m harness certify ...`."""

import argparse
import sys

from harness import certify, impl, runner
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
    c.add_argument("--out", required=True, help="report directory")
    c.add_argument("--api", action="append",
                   help="only these APIs (ugni, dmapp, udapl; repeatable or "
                        "comma-separated)")
    c.add_argument("--call", action="append",
                   help="only tests of this call: the <call> part of test "
                        "names (cq_create) or the C name (GNI_CqCreate)")
    c.add_argument("--clause", action="append",
                   help="only tests that declare this clause id")
    c.add_argument("--rerun-failures", action="store_true",
                   help="rerun only the tests that did not pass in "
                        "OUT/results.json, and merge")
    c.add_argument("--compare", metavar="DIR2",
                   help="side-by-side run against a second implementation "
                        "(not supported yet)")
    c.add_argument("--timeout", type=float, default=20.0,
                   help="seconds per test (default 20)")
    c.add_argument("--jobs", type=int, default=None,
                   help="tests run at once (default: the number of cores)")
    c.add_argument("--launcher",
                   help="command starting np processes, {np} replaced "
                        "(default: $RDMACTS_LAUNCHER, else "
                        f"'BIN/{runner.PROJECT_LAUNCHER} -n {{np}}' when it "
                        f"exists, else '{runner.DEFAULT_LAUNCHER}')")
    c.add_argument("--quiet", action="store_true",
                   help="print only the summary")
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    args.api = _split(args.api)
    args.call = _split(args.call)
    args.clause = _split(args.clause)
    bad = [a for a in args.api if a not in impl.APIS]
    if bad:
        print(f"error: unknown API {', '.join(bad)} (known: "
              f"{', '.join(impl.APIS)})", file=sys.stderr)
        return V.EXIT_USAGE
    if args.compare:
        print("error: --compare is not supported yet: the side-by-side "
              "comparison of two implementations is planned with the "
              "differential driver of fuzz/; nothing was run.",
              file=sys.stderr)
        return V.EXIT_USAGE
    if args.timeout <= 0 or (args.jobs is not None and args.jobs < 1):
        print("error: --timeout and --jobs must be positive", file=sys.stderr)
        return V.EXIT_USAGE
    if args.launcher is None:
        args.launcher = runner.default_launcher(args.bin)
    if "{np}" not in args.launcher:
        print("error: --launcher must contain {np}", file=sys.stderr)
        return V.EXIT_USAGE
    return certify.certify(args)
