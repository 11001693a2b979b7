"""Runs tests: each under a keeper of its own, with a timeout, in parallel.

A single-process test is `prog --run NAME`.  A test with np=N>1 runs
through the launcher (default `mpiexec -n {np}`), every rank under a
keeper of its own, and takes the verdict of its worst rank.  With launch "all"
every test runs so, one-process tests as launched jobs of size 1, so
that each process has the job environment a real system gives
(credentials, rank, PMI).

Every command runs under rdmacts-keeper (harness/keeper.py): the test
itself, or the launcher of its job and each of its ranks.  Whatever holds
for a one-process test holds for every rank: its record, the pid that
wrote it, its exit status, the processes it left running, its bounded
output.  Each worker thread has a keeper of its own, serving it one
command after another.

A one-process test is forked from a fork server where one can serve
(harness/keeper_fork.c): each keeper starts each corpus binary once and
has it fork a fresh process per test, which then is kept exactly as a
process started by exec.  Before a binary's tests are forked, a few of
them (PROBES) run both ways: when a verdict differs, or the binary's
server refuses (its libraries made at load time something fork would lose
or share), every test of that binary runs by exec, and the report says
why (docs/certification.md, "Fork server")."""

import glob
import os
import secrets
import shlex
import shutil
import signal
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from harness import keeper, limits as L, memory, record, text
from harness import verdicts as V

DEFAULT_LAUNCHER = "mpiexec -n {np}"
# The project's wrapper around mpiexec that also sets the job environment
# (docs/launch.md); preferred when the corpus directory holds it.
PROJECT_LAUNCHER = "rdmacts-run"
# Where the build keeps its libpmi.so for an IMPL without one: a
# directory of the corpus holding nothing else (harness/module.mk).
PMI_DIR = "pmi"
# A keeper ends its command at the timeout itself; the harness waits this
# much longer before it kills a keeper that does not.
BACKSTOP = 30

# Fork server (auto): tried for a binary with at least FORK_MIN
# one-process tests in the run; PROBES of them run both ways first.
FORK_MODES = ("auto", "on", "off")
FORK_MIN = 40
PROBES = 4

# Kept for the callers of the harness's older layout.
parse_limits, describe_limits = L.parse_limits, L.describe_limits


def default_launcher(bin_dir):
    env = os.environ.get("RDMACTS_LAUNCHER")
    if env:
        return env
    # absolute: tests run in a scratch directory
    wrapper = os.path.abspath(os.path.join(bin_dir, PROJECT_LAUNCHER))
    if os.access(wrapper, os.X_OK):
        return shlex.quote(wrapper) + " -n {np}"
    return DEFAULT_LAUNCHER


def default_jobs(jobs=None):
    """Test processes at once: four per core unless told.  A corpus
    test's process is on the CPU a small part of the time it runs
    (start-up, waits with backoff, its peers, the launcher), so fewer
    leave the machine idle; on 2 cores 4, 6 and 8 at once took 40, 21 and
    17 s for the whole corpus, with the same verdicts (docs/bench.md)."""
    return jobs if jobs else 4 * max(1, os.cpu_count() or 1)


def default_scratch():
    """Where a run keeps its working files unless told (--scratch):
    $TMPDIR when set, else /dev/shm where there is one (a file made and
    removed per test costs a memory file system next to nothing; a disk
    file system's inode allocation was a sixth of the harness's time),
    else the system's temporary directory."""
    if os.environ.get("TMPDIR"):
        return None
    return "/dev/shm" if os.path.isdir("/dev/shm") and os.access(
        "/dev/shm", os.W_OK | os.X_OK) else None


def scratch_problem(path):
    """Why a scratch directory cannot be used (one line), or None: it must
    be a directory this user can make a private directory in."""
    if not os.path.isdir(path):
        return "not a directory"
    try:
        d = tempfile.mkdtemp(prefix=".rdmacts-check-", dir=path)
    except OSError as e:
        return f"cannot make a directory in it: {e.strerror}"
    os.rmdir(d)
    return None


class Stopped(Exception):
    """The run is being stopped: no new command starts."""


class Context:
    """What every test run shares."""

    def __init__(self, impl, timeout, launcher, scratch, jobs=None,
                 limits=None, launch_all=False, bin_dir=None,
                 fork_server="auto", memory_budget=None):
        self.impl = impl
        # "auto", "on" (whatever the number of tests) or "off"; and per
        # binary, "" when its tests are forked, else why they are not
        self.fork_mode = fork_server
        self.fork = {}
        # MiB the tests running at once may declare (harness/memory.py)
        self.memory_budget = memory_budget or memory.BUDGET_MIB
        self.keeper = keeper.find(bin_dir)
        # the build's libpmi.so, last: for an IMPL that has none
        pmi = os.path.abspath(os.path.join(bin_dir, PMI_DIR))
        self.pmi_dir = pmi if os.path.isdir(pmi) else None
        # every test through the launcher, not only those with np > 1
        self.launch_all = launch_all
        self.jobs = default_jobs(jobs)
        self.timeout = timeout
        self.launcher = launcher
        self.scratch = scratch
        self.limits = limits or L.parse_limits([], timeout)
        self._dirs = 0
        self._lock = threading.Lock()
        self._spawn = threading.Lock()
        self._local = threading.local()  # each thread's keeper.Server
        self.live = {}  # pid: keeper.Server, every keeper of the run
        self.stopping = threading.Event()
        keeper.become_subreaper()
        # The reference's NIC model keeps each job's fabric in a file of
        # $RDMACTS_FABRIC_DIR (docs/nic-model.md); a test killed mid-job
        # cannot remove it, so the run gives jobs a directory of its own,
        # private to the user running it (0700), and removes it in close().
        # A test that drops privileges makes its own per-user directory
        # next to it, <dir>.u<uid> (ref/nic/fabric.c), removed with it.
        # The parent is a world-writable sticky directory so that it can.
        shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
        self.fabric_dir = tempfile.mkdtemp(prefix="rdmacts-fabrics-",
                                           dir=shm or tempfile.gettempdir())

    def library_path(self):
        """IMPL first, then the caller's own path, then the build's
        libpmi.so (the corpus binaries need one)."""
        parts = [self.impl, os.environ.get("LD_LIBRARY_PATH"), self.pmi_dir]
        return ":".join(p for p in parts if p)

    def stop(self):
        """Starts nothing more, and has every running keeper kill its
        command's whole tree and end (SIGTERM): what SIGINT, SIGTERM and
        SIGHUP to the harness do."""
        self.stopping.set()
        with self._spawn:
            for server in self.live.values():
                try:
                    server.proc.send_signal(signal.SIGTERM)
                except OSError:
                    pass

    def close(self):
        """Ends the keepers, then removes the fabric directories, once
        nothing of the run is left that could make them again."""
        self.stopping.set()
        with self._spawn:
            servers = list(self.live.values())
        for server in servers:
            server.close()
        with self._spawn:
            self.live.clear()
            keeper.sweep(self.live)
        for d in [self.fabric_dir] + glob.glob(
                glob.escape(self.fabric_dir) + ".u*"):
            shutil.rmtree(d, ignore_errors=True)

    def _server(self):
        """This thread's keeper, started when it has none (or lost it)."""
        server = getattr(self._local, "server", None)
        if server is None or server.proc.poll() is not None:
            with self._spawn:
                if self.stopping.is_set():
                    raise Stopped()
                server = keeper.Server(self.keeper)
                self.live[server.proc.pid] = server
            self._local.server = server
        return server

    def _lose(self, server):
        """A keeper that did not answer: killed with its command; what it
        kept is the harness's now (sweep)."""
        server.kill()
        with self._spawn:
            self.live.pop(server.proc.pid, None)
            keeper.sweep(self.live)
        self._local.server = None

    def keep(self, cmd, env, cwd, report, timeout, **how):
        """Runs cmd under this thread's keeper, which writes report;
        returns its keeper.Report, or None when the keeper itself was
        killed.  how: record, own_group, keep_record (keeper.options)."""
        server = self._server()
        with self._spawn:
            if self.stopping.is_set():
                raise Stopped()
            try:
                server.send(keeper.options(report, cmd, timeout, **how), env,
                            cwd)
            except OSError:
                pass  # it is gone: no answer will come
        try:
            done = server.answer(timeout + BACKSTOP if timeout else None)
        except BaseException:
            # stopped while waiting (a signal): the keeper ends the tree
            server.proc.send_signal(signal.SIGTERM)
            server.answer(5)
            raise
        if not done:
            self._lose(server)
        rep = keeper.read_report(report)
        if rep is not None:
            os.unlink(report)
        return rep

    def env(self, test):
        env = dict(os.environ)
        env["LD_LIBRARY_PATH"] = self.library_path()
        env["RDMACTS_TEST_NAME"] = test.name
        # Fresh from the kernel's random source: a job id nobody can guess
        # names the fabric file (ref/nic/fabric.c).  For np>1 the
        # project's launcher replaces it with its own.
        env["RDMACTS_JOB_ID"] = secrets.token_hex(16)
        env["RDMACTS_TIMEOUT"] = f"{self.timeout:g}"
        env["RDMACTS_FABRIC_DIR"] = self.fabric_dir
        env["RDMACTS_LIMITS"] = L.environment(self.limits)
        # The verdict record's token: a fresh one per test, which the
        # runner takes out of its environment before the test body runs.
        env["RDMACTS_RECORD_NONCE"] = secrets.token_hex(16)
        return env

    def workdir(self):
        """A working directory of one test, so that what one test writes
        where it stands touches nothing else (remove it with done())."""
        with self._lock:
            self._dirs += 1
            path = os.path.join(self.scratch, f"t{self._dirs}")
        os.mkdir(path, 0o700)
        return path

    def plan_forks(self, jobs):
        """Which binaries to try a fork server for; returns the indices of
        jobs to probe (run both ways) first."""
        singles = {}
        for i, (binary, test) in enumerate(jobs):
            if test.np == 1 and not self.launch_all:
                singles.setdefault(binary, []).append(i)
        probes = set()
        for binary in {b for b, _ in jobs}:
            found = singles.get(binary, [])
            if self.fork_mode == "off":
                self.fork[binary] = "off (--fork-server off)"
            elif not found:
                self.fork[binary] = "every test is a launched job"
            elif self.fork_mode == "auto" and len(found) < FORK_MIN:
                self.fork[binary] = (f"{len(found)} one-process test(s): "
                                     f"fewer than {FORK_MIN}")
            else:
                step = max(1, len(found) // PROBES)
                probes.update(found[::step][:PROBES])
        return probes

    def fork_off(self, binary, why):
        with self._lock:
            if not self.fork.get(binary):
                self.fork[binary] = why

    def settle_forks(self, jobs):
        """After the probes: a binary no probe turned down is forked."""
        for binary, _ in jobs:
            self.fork.setdefault(binary, "")

    def forking(self, binary):
        return self.fork.get(binary) == ""

    @staticmethod
    def done(path):
        try:
            os.rmdir(path)  # the usual case: the test left nothing
        except OSError:
            shutil.rmtree(path, ignore_errors=True)


def _strays_detail(verdict, detail, rep):
    if not rep or not rep.strays:
        return verdict, detail
    note = (f"left {rep.strays} process(es) running after it ended: "
            f"{rep.strays_text()} (killed by the harness)")
    if verdict in (V.CRASH, V.TIMEOUT):
        return verdict, f"{detail}; {note}"
    return V.CRASH, note


def judge_process(rep, nonce, ctx, what):
    """(verdict, detail, failures, reason) of one process its keeper
    reported on; what: how to name the command when it cannot start."""
    if rep is None:
        return (V.CRASH, "its keeper was killed before it could report "
                "(the test killed it?)", [], "")
    if rep.error:
        return V.CRASH, f"cannot start {what}: {text.bounded(rep.error)}", [], ""
    status = None if rep.timed_out else rep.status
    verdict, detail, failures, reason = record.judge(
        status, rep.rec, rep.err, rep.timed_out, ctx.timeout, nonce, rep.pid)
    detail = L.judge_limits(verdict, detail, ctx.limits, status, rep.usage,
                            rep.strays)
    verdict, detail = _strays_detail(verdict, detail, rep)
    return verdict, text.bounded(detail), failures, reason


def _output(rep, key):
    if rep is None:
        return ""
    return text.tail(getattr(rep, key), dropped=rep.dropped.get(key, 0))


def run_single(binary, test, ctx, fork=None):
    """One process: forked from the binary's fork server when ctx forks
    that binary's tests (fork=None) or fork says so."""
    if fork is None:
        fork = ctx.forking(binary)
    env = ctx.env(test)
    cwd = ctx.workdir()
    try:
        rep = ctx.keep([binary, "--run", test.name], env, cwd, cwd + ".keep",
                       ctx.timeout, record=True, fork_server=fork)
    finally:
        ctx.done(cwd)
    if fork and rep is not None and not rep.forked:
        ctx.fork_off(binary, rep.fork_why or "the fork server did not serve")
    verdict, detail, failures, reason = judge_process(
        rep, env["RDMACTS_RECORD_NONCE"], ctx, binary)
    rec = rep.rec if rep else ""
    return dict(verdict=verdict, detail=detail, failures=failures,
                unsupported_reason=reason,
                exit=rep.status if rep and not rep.timed_out else None,
                stdout=_output(rep, "out"), stderr=_output(rep, "err"),
                readings=record.parse_readings(rec), launched=False,
                notes=record.parse_notes(rec), crash=_crash(verdict, rec),
                forked=bool(rep and rep.forked),
                maxrss_kib=rep.usage.ru_maxrss if rep else 0)


def run_probe(binary, test, ctx):
    """The test by exec, whose result stands, then forked from the fork
    server: a verdict that differs turns the server off for binary."""
    r = run_single(binary, test, ctx, fork=False)
    f = run_single(binary, test, ctx, fork=True)
    if f["forked"] and f["verdict"] != r["verdict"]:
        ctx.fork_off(binary, f"{test.name} is {r['verdict']} in a process "
                     f"started by exec and {f['verdict']} forked from the "
                     f"fork server ({text.bounded(f['detail'], 200)})")
    return r


def _rank(r, rep, job, nonce, ctx):
    """One rank of a launched job: its own keeper's report (None: it never
    reported), and the job's (the launcher's keeper)."""
    if rep is not None:
        verdict, detail, failures, reason = judge_process(rep, nonce, ctx,
                                                          "the test")
    elif job is not None and job.timed_out:
        verdict, detail, failures, reason = record.judge(
            None, "", "", True, ctx.timeout, nonce)
    else:
        status = job.status if job else None
        verdict, detail, failures, reason = (
            V.CRASH, "rank never reported (killed with the job, or the "
            f"launcher failed; launcher exit status {status})", [], "")
    for f in failures:
        f["rank"] = r
    rec = rep.rec if rep else ""
    return dict(rank=r, verdict=verdict, detail=detail, failures=failures,
                maxrss_kib=rep.usage.ru_maxrss if rep else 0,
                reason=reason, reported=rep is not None,
                stdout=_output(rep, "out"), stderr=_output(rep, "err"),
                readings=record.parse_readings(rec),
                notes=record.parse_notes(rec), crash=_crash(verdict, rec))


def _crash(verdict, rec):
    """Where a CRASH happened, when the process said (record.parse_crash)."""
    return record.parse_crash(rec) if verdict == V.CRASH else None


def _prefixed(ranks, key):
    return "".join(f"[rank {x['rank']}] {line}\n" for x in ranks
                   for line in x[key].splitlines())


def run_ranks(binary, test, ctx):
    launch = shlex.split(ctx.launcher.format(np=test.np))
    rankdir = tempfile.mkdtemp(prefix="ranks-", dir=ctx.scratch)
    cwd = ctx.workdir()
    # each rank under a keeper of its own, reporting to rank<R>.keep; it
    # keeps the timeout too, for a rank on a node the harness cannot reach
    cmd = launch + [ctx.keeper, "--rank-report", rankdir, "--record",
                    "--timeout", f"{ctx.timeout:g}", "--", binary, "--run",
                    test.name]
    env = ctx.env(test)
    nonce = env["RDMACTS_RECORD_NONCE"]
    try:
        job = ctx.keep(cmd, env, cwd, cwd + ".keep", ctx.timeout)
        ranks = [_rank(r, keeper.read_report(
                     os.path.join(rankdir, f"rank{r}.keep")), job, nonce, ctx)
                 for r in range(test.np)]
    finally:
        ctx.done(cwd)
        shutil.rmtree(rankdir, ignore_errors=True)
    if job is not None and job.error:
        return dict(verdict=V.CRASH, detail="cannot start the launcher "
                    f"{launch[0]!r}: {text.bounded(job.error)}", failures=[],
                    unsupported_reason="", exit=None, stdout="",
                    stderr="", launched=True, notes={}, readings=[])
    worst = V.worst(x["verdict"] for x in ranks)
    # Name the rank that reported the worst outcome over one the launcher
    # killed because of it.
    first = min((x for x in ranks if x["verdict"] == worst),
                key=lambda x: (not x["reported"], x["rank"]))
    detail = first["detail"]
    if test.np > 1 and worst != V.PASS:
        detail = f"rank {first['rank']}: {detail}"
    # what the launcher itself left running
    worst, detail = _strays_detail(worst, detail, job)
    readings, notes = [], {}
    for x in ranks:
        readings += [y for y in x["readings"] if y not in readings]
        for k, v in x["notes"].items():
            notes.setdefault(k, v)
    launcher_out = (_output(job, "out") + _output(job, "err")) if job else ""
    return dict(verdict=worst, detail=text.bounded(detail),
                failures=[f for x in ranks for f in x["failures"]],
                unsupported_reason="; ".join(
                    f"rank {x['rank']}: {x['reason']}" for x in ranks
                    if x["reason"]),
                exit=job.status if job and not job.timed_out else None,
                stdout=text.tail(_prefixed(ranks, "stdout")),
                stderr=text.tail(launcher_out + _prefixed(ranks, "stderr")),
                ranks=[{k: x[k] for k in ("rank", "verdict", "detail")}
                       for x in ranks], readings=readings, launched=True,
                notes=notes, crash=first.get("crash"),
                maxrss_kib=sum(x["maxrss_kib"] for x in ranks) +
                (job.usage.ru_maxrss if job else 0))


def run_test(binary, test, ctx):
    """One test, through the launcher when it has several processes or
    the run launches every test."""
    if test.np > 1 or ctx.launch_all:
        return run_ranks(binary, test, ctx)
    return run_single(binary, test, ctx)


class Slots:
    """A counted resource: processes at once (a test with np=N holds N
    slots), or MiB of declared memory; a request above the total takes
    it all."""

    def __init__(self, total):
        self.total = total
        self.free = total
        self.cond = threading.Condition()
        self.closed = False

    def acquire(self, n):
        """Slots for n processes, or 0 once the run is stopping."""
        n = min(n, self.total)
        with self.cond:
            while self.free < n and not self.closed:
                self.cond.wait()
            if self.closed:
                return 0
            self.free -= n
        return n

    def release(self, n):
        with self.cond:
            self.free += n
            self.cond.notify_all()

    def close(self):
        with self.cond:
            self.closed = True
            self.cond.notify_all()


def run_all(jobs, ctx, on_result=None, durations=None):
    """jobs: list of (binary, Test).  Returns results in the same order.
    durations: seconds each test took last time, by name, if known.  An
    exception in the calling thread (Interrupted: a signal) stops the
    run: queued tests are cancelled, running ones killed.  The probes of
    the fork servers run first (Context.plan_forks)."""
    slots = Slots(ctx.jobs)
    # the declared memory of the tests running at once (harness/memory.py)
    mem = Slots(ctx.memory_budget)
    results = [None] * len(jobs)
    probes = ctx.plan_forks(jobs)
    t0 = time.monotonic()

    def one(i):
        binary, test = jobs[i]
        need = mem.acquire(memory.weight_mib(test))
        if not need:
            return
        held = slots.acquire(test.np)
        if not held:
            mem.release(need)
            return
        start = time.monotonic()
        try:
            if i in probes:
                r = run_probe(binary, test, ctx)
            else:
                r = run_test(binary, test, ctx)
        except Stopped:
            return
        finally:
            slots.release(held)
            mem.release(need)
        r["started"] = round(start - t0, 4)
        r["duration"] = round(time.monotonic() - start, 4)
        results[i] = r
        if on_result and not ctx.stopping.is_set():
            on_result(test, r)

    # The longest first, as the last run measured them (a test that
    # waits seconds for an event that may not come then overlaps the
    # others instead of ending the run alone); else multi-process tests
    # first, as they are the long ones.
    durations = durations or {}
    order = sorted(range(len(jobs)), key=lambda i: (
        -durations.get(jobs[i][1].name, 0.0), -jobs[i][1].np))
    pool = ThreadPoolExecutor(max_workers=ctx.jobs)
    try:
        for phase in ([i for i in order if i in probes],
                      [i for i in order if i not in probes]):
            futures = [pool.submit(one, i) for i in phase]
            for f in futures:
                f.result()
            ctx.settle_forks(jobs)
    except BaseException:
        slots.close()
        mem.close()
        ctx.stop()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return results
