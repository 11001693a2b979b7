"""The fork server (harness/keeper_fork.c, spec_tests/support/
rdmacts_forkserver.c): one-process tests forked from a corpus binary
loaded once keep the verdicts, the isolation and the clean-up of tests
started by exec; a library whose load-time state a fork would lose or
share is found, and its tests run by exec, the report saying why.

The implementations are test_hostile.py's: the reference behind a
libugni.so that misbehaves inside GNI_CdmCreate ($HOSTILE) or at load
time ($HOSTILE_CTOR), running the real uGNI corpus's cdm_create tests
(more than the probes, so that most are forked)."""

import os
import re

import pytest

from test_hostile import certify, impls  # noqa: F401 (fixture)

CALL = "cdm_create"


def _run(impl, where, fork, mode=None, env=None, timeout=2):
    return certify(impl, "--call", CALL, "--fork-server", fork, mode=mode,
                   where=where, env=env, timeout=timeout)


def _forks(run):
    return run.results["fork_server"]["ugni"]


def test_forked_tests_keep_their_verdicts(impls, tmp_path):
    forked = _run(impls["split"], str(tmp_path / "on"), "on")
    by_exec = _run(impls["split"], str(tmp_path / "off"), "off")
    f = _forks(forked)
    assert f["used"] and f["why"] == "", f
    # the probes ran by exec; every other test was forked
    assert f["exec"] == 4 and f["forked"] == len(forked.verdicts()) - 4, f
    assert not _forks(by_exec)["used"] and _forks(by_exec)["forked"] == 0
    assert forked.verdicts() == by_exec.verdicts()
    assert forked.results["apis"]["ugni"]["status"] == "CONFORMANT"
    assert "one-process tests: ugni forked" in forked.stdout


def test_each_forked_test_is_a_process_of_its_own(impls, tmp_path):
    """Every test runs in a fresh process (its pid noted once) in a
    working directory of its own, never in the fork server."""
    run = _run(impls["hostile"], str(tmp_path), "on", mode="note")
    assert _forks(run)["used"], _forks(run)
    pids = [n for n in os.listdir(run.notes) if n.isdigit()]
    assert len(pids) >= _forks(run)["forked"], (pids, _forks(run))
    cwds = [open(os.path.join(run.notes, p)).read().split("\n")[0]
            for p in pids]
    assert len(set(cwds)) == len(cwds), cwds


# What a call does to its process and the harness, forked as by exec:
# the keeper, not the fork server, is the test process's parent, reaper
# and judge.
@pytest.mark.parametrize("mode,verdict,detail", [
    ("abort", "CRASH", "SIGABRT"),
    ("_exit0", "CRASH", "exited with status 0 without a verdict"),
    ("fork_and_exit", "CRASH", "exited with status 0 without a verdict"),
    ("kill_group", "CRASH", "SIGTERM"),
    ("kill_keeper", "CRASH", "its keeper was killed"),
    ("stray", "CRASH", "process(es) running after it ended"),
    ("hang", "TIMEOUT", "no verdict after 1 s"),
])
def test_misbehaviour_in_a_forked_test(impls, tmp_path, mode, verdict,
                                       detail):
    run = _run(impls["hostile"], str(tmp_path), "on", mode=mode, timeout=1)
    assert _forks(run)["used"], _forks(run)
    hit = [t for t in run.results["tests"] if t["verdict"] != "PASS"]
    # beyond the 4 probes (a killed keeper reports nothing, forked or not)
    assert len(hit) > 4, run.verdicts()
    if mode != "kill_keeper":
        assert sum(1 for t in hit if t.get("forked")) == len(hit) - 4
    for t in hit:
        assert (t["verdict"], detail in t["detail"]) == (verdict, True), (
            t["name"], t["detail"], t.get("forked"))


@pytest.mark.parametrize("ctor,why", [
    ("thread", "a library started a thread at load time"),
    ("shm", "a library mapped shared memory at load time"),
    ("fd", "a library opened a descriptor at load time"),
    # state a check cannot see: the probes' verdicts differ
    ("pid", "in a process started by exec and "),
])
def test_load_time_state_falls_back_to_exec(impls, tmp_path, ctor, why):
    run = _run(impls["hostile"], str(tmp_path / "on"), "on",
               env={"HOSTILE_CTOR": ctor})
    f = _forks(run)
    assert not f["used"] and why in f["why"], f
    assert f["forked"] == 0
    assert re.search(r"one-process tests: ugni by exec \(.*" + re.escape(why),
                     run.stdout), run.stdout
    # by exec, as without a fork server
    by_exec = _run(impls["hostile"], str(tmp_path / "off"), "off",
                   env={"HOSTILE_CTOR": ctor})
    assert run.verdicts() == by_exec.verdicts()
    assert run.results["apis"]["ugni"]["status"] == "CONFORMANT"


def test_few_tests_run_by_exec(impls, tmp_path):
    """auto: a run of fewer one-process tests than pays for a fork
    server starts each by exec."""
    run = _run(impls["split"], str(tmp_path), "auto")
    f = _forks(run)
    assert not f["used"] and "fewer than" in f["why"], f
