"""corpus.py OUTDIR BASE [ROUNDS]: the corpus run time (make bench-corpus).

`make certify` of the reference (every test of the three APIs in its own
process) in this tree and in BASE, a git revision built once in
OUTDIR/base-<rev> (the tree as it was before the corpus was made faster,
unless BASE says otherwise), ROUNDS times each (default 3), the two
alternating so that both see the same machine.  Figures: the best and
the median round, and the ratio of this tree's wall time to BASE's, per
pair of rounds run one after the other (the median of those) and of the
best rounds.  Also the CPU time the run took (user + system of
everything it started), per test, and the load average around the runs,
since other work on the machine slows both alike.  Writes
OUTDIR/corpus.txt (also printed) and OUTDIR/corpus.json.
"""
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def base_tree(outdir, rev):
    sha = subprocess.run(["git", "-C", HERE, "rev-parse", "--verify",
                          rev + "^{commit}"], check=True, text=True,
                         stdout=subprocess.PIPE).stdout.strip()
    tree = os.path.join(os.path.abspath(outdir), "base-" + sha[:12])
    stamp = os.path.join(tree, ".built")
    if not os.path.exists(stamp):
        print("bench: corpus, building %s in %s" % (sha[:12], tree), file=sys.stderr)
        os.makedirs(tree, exist_ok=True)
        archive = subprocess.Popen(["git", "-C", HERE, "archive", sha],
                                   stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", tree], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            raise SystemExit("git archive %s failed" % sha)
        subprocess.run(["make", "-C", tree, "--no-print-directory", "-s",
                        "-j%d" % (os.cpu_count() or 1), "all"], check=True,
                       stdout=subprocess.DEVNULL)
        open(stamp, "w").close()
    return sha, tree


def certify(tree):
    """(wall s, cpu s, tests, verdict line) of one make certify in tree."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run(["make", "-C", tree, "--no-print-directory", "certify"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    m = re.search(r"running (\d+) test", p.stdout)
    overall = re.search(r"^Overall: (.*)$", p.stdout, re.M)
    if p.returncode != 0 or not m or not overall:
        raise SystemExit("make certify in %s failed:\n%s" % (tree, p.stdout[-2000:]))
    return wall, cpu, int(m.group(1)), overall.group(1)


def main(outdir, rev, rounds):
    os.makedirs(outdir, exist_ok=True)
    sha, base = base_tree(outdir, rev)
    subprocess.run(["make", "-C", HERE, "--no-print-directory", "-s", "all"],
                   check=True, stdout=subprocess.DEVNULL)
    runs = {"base": [], "now": []}
    load0 = os.getloadavg()
    for r in range(rounds):
        for name, tree in (("base", base), ("now", HERE)):
            print("bench: corpus, %s, round %d" % (name, r + 1), file=sys.stderr)
            runs[name].append(certify(tree))
    load1 = os.getloadavg()
    best = {k: min(v) for k, v in runs.items()}
    med = {k: statistics.median(x[0] for x in v) for k, v in runs.items()}
    lines = [
        "Corpus: make certify of the reference, all three APIs, every test in "
        "its own process, %d round(s) each, alternating" % rounds,
        "%-22s | %6s | %12s | %12s | %10s | %s" % (
            "", "tests", "wall s best", "wall s med", "CPU ms/test",
            "verdict"),
    ]
    for name, label in (("base", "before (%s)" % sha[:10]), ("now", "now")):
        w, c, n, v = best[name]
        cpu = statistics.median(x[1] / x[2] for x in runs[name])
        lines.append("%-22s | %6d | %12.1f | %12.1f | %10.2f | %s" % (
            label, n, w, med[name], 1000 * cpu, v))
    pairs = [a[0] / b[0] for a, b in zip(runs["now"], runs["base"])]
    ratio = statistics.median(pairs)
    cpu_ratio = (statistics.median(x[1] for x in runs["now"]) /
                 statistics.median(x[1] for x in runs["base"]))
    lines.append("now / before, wall: %.2f (median of the %d pairs: %s), "
                 "%.2f best against best; CPU %.2f; load average %.1f before "
                 "the runs, %.1f after (other work slows both alike)" % (
                     ratio, len(pairs), " ".join("%.2f" % p for p in pairs),
                     best["now"][0] / best["base"][0], cpu_ratio, load0[0],
                     load1[0]))
    lines.append("Target: wall time at most 0.50 of before: %s (%.2f)" % (
        "met" if ratio <= 0.5 else "NOT met", ratio))
    with open(os.path.join(outdir, "corpus.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(outdir, "corpus.json"), "w") as f:
        json.dump({"base": sha, "cpus": os.cpu_count(), "load": [load0, load1],
                   "runs": {k: [dict(zip(("wall_s", "cpu_s", "tests", "overall"), x))
                                for x in v] for k, v in runs.items()}}, f, indent=1)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2],
                  int(sys.argv[3]) if len(sys.argv) > 3 else 3))
