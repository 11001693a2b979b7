"""The memory budget (harness/memory.py): the declared memory of the
tests running at once stays within it whatever the number of jobs, a
test declaring more than the budget runs alone, and a run's bound and
its over-declaration check read the records right."""

import threading
import time

from harness import corpus, memory, runner


class Ctx:
    def __init__(self, jobs, budget):
        self.jobs = jobs
        self.memory_budget = budget
        self.stopping = threading.Event()

    def stop(self):
        self.stopping.set()

    def plan_forks(self, jobs):		# no fork servers here
        return set()

    def settle_forks(self, jobs):
        pass


def a_test(name, mem=None, np=1):
    attrs = {"memory": str(mem)} if mem else {}
    return corpus.Test(api="ugni", name=name, clauses=[], attrs=attrs, np=np)


def run(jobs, ctx, monkeypatch):
    """run_all over jobs with a stand-in run_test that records the MiB
    declared by the tests running at once, and which ran beside a test."""
    lock = threading.Lock()
    state = dict(now=0, most=0, running=set(), beside={})

    def fake(binary, t, ctx):
        w = memory.weight_mib(t)
        with lock:
            state["now"] += w
            state["most"] = max(state["most"], state["now"])
            for other in state["running"]:
                state["beside"].setdefault(t.name, set()).add(other)
                state["beside"].setdefault(other, set()).add(t.name)
            state["running"].add(t.name)
        time.sleep(0.02)
        with lock:
            state["now"] -= w
            state["running"].discard(t.name)
        return dict(verdict="PASS")

    monkeypatch.setattr(runner, "run_test", fake)
    results = runner.run_all([("bin", t) for t in jobs], ctx)
    assert all(r["verdict"] == "PASS" for r in results)
    return state


def test_budget_holds_whatever_the_jobs(monkeypatch):
    jobs = [a_test(f"ugni.x.y.t{i}") for i in range(64)]
    state = run(jobs, Ctx(64, 4096), monkeypatch)
    assert state["most"] <= 4096
    assert state["most"] >= 2048      # the budget, not one job, is the limit


def test_big_test_runs_within_budget(monkeypatch):
    jobs = [a_test("ugni.x.y.big", mem=1100)] + \
        [a_test(f"ugni.x.y.t{i}") for i in range(40)]
    state = run(jobs, Ctx(32, 2048), monkeypatch)
    assert state["most"] <= 2048


def test_over_budget_runs_alone(monkeypatch):
    jobs = [a_test("ugni.x.y.huge", mem=8192)] + \
        [a_test(f"ugni.x.y.t{i}") for i in range(20)]
    state = run(jobs, Ctx(8, 4096), monkeypatch)
    assert "ugni.x.y.huge" not in state["beside"]


def test_declared_weight():
    assert memory.weight_mib(a_test("a.b.c.d")) == memory.TEST_MIB
    assert memory.weight_mib(a_test("a.b.c.d", mem=1100)) == 1100
    assert memory.weight_mib(a_test("a.b.c.d", np=4)) == 4 * memory.TEST_MIB


def rec(name, started, duration, mib, mem=None, np=1):
    return dict(name=name, started=started, duration=duration,
                maxrss_kib=mib * 1024, np=np,
                attrs={"memory": str(mem)} if mem else {})


def test_peak_sums_overlapping_tests_only():
    recs = [rec("a", 0.0, 1.0, 100), rec("b", 0.5, 1.0, 200),
            rec("c", 1.0, 1.0, 300), rec("d", 5.0, 1.0, 50)]
    mib, names = memory.peak(recs)
    assert mib == 500 and names == ["b", "c"]   # a ended as c started


def test_over_declaration_is_reported():
    recs = [rec("a", 0, 1, 300), rec("b", 0, 1, 300, mem=400),
            rec("c", 0, 1, 500, np=2)]
    assert [x[0] for x in memory.over(recs)] == ["a"]
