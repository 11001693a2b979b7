"""The corpus's memory: what each test may use, what a run may use at
once, and what it did use (docs/certification.md, "Memory").

A test process stays within TEST_MIB of resident memory unless its test
declares more with the attribute memory=<MiB> (per process; RT_TEST_ATTRS,
docs/corpus-protocol.md).  The runner keeps the declared memory of the
tests running at once within the run's budget (BUDGET_MIB unless
--memory-budget says otherwise), whatever the number of jobs: a test
declaring more than that runs alone.

Each test's record carries maxrss_kib, the largest resident set of its
processes (the keeper's wait4 usage; for a launched job, its ranks'
summed), and when it started and ended; peak() bounds the run's memory by
summing the largest resident sets of the tests that overlapped.

    python3 -m harness.memory REPORT_DIR

prints a run's bound and fails when a test used more than it declared
(or more than TEST_MIB without a declaration)."""

import json
import os
import sys

TEST_MIB = 256
BUDGET_MIB = 4096


def declared_mib(test):
    """MiB one process of test may use: its declaration, else TEST_MIB."""
    return max(TEST_MIB, int(test.attrs.get("memory", 0) or 0))


def weight_mib(test):
    """What the runner counts for test against the budget."""
    return test.np * declared_mib(test)


def peak(records):
    """(MiB, names): the largest sum of maxrss over tests running at the
    same moment, and those tests."""
    events = []
    for r in records:
        if "started" in r and "maxrss_kib" in r:
            end = r["started"] + r.get("duration", 0.0)
            events.append((r["started"], 1, r))
            events.append((end, 0, r))
    events.sort(key=lambda e: (e[0], e[1]))    # ends before starts at a tie
    running, total, best, best_set = {}, 0, 0, []
    for _, start, r in events:
        if start:
            running[r["name"]] = r["maxrss_kib"]
            total += r["maxrss_kib"]
            if total > best:
                best, best_set = total, sorted(running)
        else:
            total -= running.pop(r["name"], 0)
    return best / 1024.0, best_set


def over(records):
    """Tests whose processes used more than they declared."""
    out = []
    for r in records:
        np = max(1, r.get("np", 1))
        mine = max(TEST_MIB, int((r.get("attrs") or {}).get("memory", 0) or 0))
        used = r.get("maxrss_kib", 0) / 1024.0
        # a launched job's figure is its ranks' sum
        if used > np * mine:
            out.append((r["name"], used, np * mine))
    return out


def summary(doc):
    """The "memory" entry of a results document."""
    mib, names = peak(doc["tests"])
    largest = max(doc["tests"], key=lambda r: r.get("maxrss_kib", 0),
                  default=None)
    return dict(test_mib=TEST_MIB, budget_mib=doc.get("memory_budget_mib"),
                peak_bound_mib=round(mib, 1), peak_tests=len(names),
                largest=(dict(name=largest["name"],
                              mib=round(largest.get("maxrss_kib", 0) / 1024.0, 1))
                         if largest else None))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python3 -m harness.memory REPORT_DIR", file=sys.stderr)
        return 2
    with open(os.path.join(argv[0], "results.json")) as f:
        doc = json.load(f)
    s = summary(doc)
    print(f"memory: tests running at once held at most {s['peak_bound_mib']:.0f} MiB "
          f"(sum of their largest resident sets, {s['peak_tests']} tests); budget "
          f"{s['budget_mib']} MiB; largest test {s['largest']['name']} "
          f"{s['largest']['mib']:.0f} MiB" if s["largest"] else "memory: no test")
    bad = over(doc["tests"])
    for name, used, allowed in bad:
        print(f"  FAILED {name}: {used:.0f} MiB resident, declared {allowed} MiB"
              " (RT_TEST_ATTRS memory=<MiB>)")
    if s["budget_mib"] and s["peak_bound_mib"] > s["budget_mib"]:
        print(f"  FAILED the run held {s['peak_bound_mib']:.0f} MiB at once, over "
              f"its budget of {s['budget_mib']} MiB")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
