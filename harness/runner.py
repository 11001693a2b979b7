"""Runs tests: each in its own process group, with a timeout, in parallel.

A single-process test is `prog --run NAME`.  A test with np=N>1 runs
through the launcher (default `mpiexec -n {np}`), every rank through
rank.sh, and takes the verdict of its worst rank.  With launch "all"
every test runs so, one-process tests as launched jobs of size 1, so
that each process has the job environment a real system gives
(credentials, rank, PMI)."""

import glob
import hmac
import os
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from harness import verdicts as V

DEFAULT_LAUNCHER = "mpiexec -n {np}"
# The project's wrapper around mpiexec that also sets the job environment
# (docs/launch.md); preferred when the corpus directory holds it.
PROJECT_LAUNCHER = "rdmacts-run"


def default_launcher(bin_dir):
    env = os.environ.get("RDMACTS_LAUNCHER")
    if env:
        return env
    # absolute: tests run in a scratch directory
    wrapper = os.path.abspath(os.path.join(bin_dir, PROJECT_LAUNCHER))
    if os.access(wrapper, os.X_OK):
        return shlex.quote(wrapper) + " -n {np}"
    return DEFAULT_LAUNCHER
RANK_SH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rank.sh")
TAIL = 8192  # bytes of stdout/stderr kept per test

FAIL_RE = re.compile(r"^RDMACTS-FAIL clause=(\S*) at=(\S*) expected=(\S*) "
                     r"observed=(\S*) msg=(.*)$")
UNSUPPORTED_RE = re.compile(r"^RDMACTS-UNSUPPORTED ?(.*)$")
# The runner's own last word (spec_tests/support/rdmacts_record.c), written
# to the private record channel once the test body has returned.
# A one-of check that passed: the reading the implementation took.
READING_RE = re.compile(r"^RDMACTS-READING clause=(\S*) at=(\S*) observed=(\S*)$")
# What a test took from its environment (rt_note), e.g. credentials=job.
NOTE_RE = re.compile(r"^RDMACTS-NOTE ([A-Za-z0-9_.-]+)=(\S*)$")
END_RE = re.compile(r"^RDMACTS-END (\S+) (PASS|FAIL|UNSUPPORTED) "
                    r"checks=(\d+) failures=(\d+) pid=(\d+)$")
EXIT_OF = {V.PASS: 0, V.FAIL: 1, V.UNSUPPORTED: 77}
RECORD_MAX = 4 << 20  # bytes of a record read (its end holds the verdict)


def tail(text):
    return text if len(text) <= TAIL else "[...]\n" + text[-TAIL:]


def signal_name(num):
    try:
        return signal.Signals(num).name
    except ValueError:
        return f"signal {num}"


def parse_record(record, nonce, pid=None):
    """Failures, unsupported reason and end verdict (None: no end record
    carrying this run's nonce, and pid when given) of a verdict record."""
    failures, reason, end = [], "", None
    for line in record.splitlines():
        m = FAIL_RE.match(line)
        if m:
            failures.append(dict(zip(("clause", "at", "expected", "observed",
                                      "msg"), m.groups())))
            continue
        m = UNSUPPORTED_RE.match(line)
        if m:
            reason = m.group(1)
            continue
        m = END_RE.match(line)
        if m and hmac.compare_digest(m.group(1), nonce) and (
                pid is None or int(m.group(5)) == pid):
            end = m.group(2)
    return failures, reason, end


def parse_readings(record):
    """The readings (clause, observed value) a record's passing one-of
    checks saw, each once, in the order they happened."""
    seen = []
    for line in record.splitlines():
        m = READING_RE.match(line)
        if m and (m.group(1), m.group(3)) not in seen:
            seen.append((m.group(1), m.group(3)))
    return [dict(clause=c, observed=o) for c, o in seen]


def parse_notes(record):
    """{key: value} of a record's RDMACTS-NOTE lines (the first of each)."""
    notes = {}
    for line in record.splitlines():
        m = NOTE_RE.match(line)
        if m:
            notes.setdefault(m.group(1), m.group(2))
    return notes


def judge(returncode, record, err, timed_out, timeout, nonce, pid=None):
    """Verdict, detail, failures and unsupported reason of one process.

    Only the record the runner wrote to the private channel counts
    (docs/corpus-protocol.md): PASS, FAIL and UNSUPPORTED need its end
    line with this run's nonce and the exit status that goes with it.
    What the process printed on stdout never decides.  pid: the process
    the end line must come from (not a child that code under test forked
    and that went on with the test), when the harness knows it."""
    failures, reason, end = parse_record(record, nonce, pid)
    last_err = err.strip().splitlines()[-1] if err.strip() else ""
    if timed_out:
        return (V.TIMEOUT, f"no verdict after {timeout:g} s; "
                "its process group was killed", failures, reason)
    if returncode is not None and returncode < 0:
        return V.CRASH, signal_name(-returncode), failures, reason
    if end is None:
        return (V.CRASH, f"exited with status {returncode} without a verdict"
                + (f": {last_err}" if last_err else ""), failures, reason)
    if EXIT_OF[end] != returncode:
        return (V.CRASH, f"exited with status {returncode} after its {end} "
                "record" + (f": {last_err}" if last_err else ""),
                failures, reason)
    if end == V.FAIL:
        return V.FAIL, f"{len(failures)} failed check(s)", failures, reason
    if end == V.UNSUPPORTED:
        return V.UNSUPPORTED, reason or "no reason given", failures, reason
    return V.PASS, "", failures, reason


def _kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class _Proc(subprocess.Popen):
    """Popen that keeps the resource usage of its process (wait4), so that
    a crash can name the per-test limit it ran into."""
    rusage = None

    def _try_wait(self, wait_flags):
        try:
            pid, sts, ru = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return self.pid, 0
        if pid == self.pid:
            self.rusage = ru
        return pid, sts


# How long the pipes may stay open after the test's own process ended: a
# process it left behind holds them.
GRACE = 0.5


def run_process(cmd, env, cwd, timeout, ctx=None, pass_fds=()):
    """(returncode, stdout, stderr, timed_out, rusage, strays, pid) of cmd in a
    new session.  strays: how many processes of this test (marked by
    RDMACTS_TEST_RUN in env) were still running after it ended, and were
    killed."""
    with ctx.spawning() if ctx else _nothing():
        proc = _Proc(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                     stdin=subprocess.DEVNULL, env=env, cwd=cwd,
                     start_new_session=True, pass_fds=pass_fds)
        if ctx:
            ctx.live.add(proc.pid)
    deadline = time.monotonic() + timeout
    timed_out, strays = False, 0
    try:
        while True:
            left = deadline - time.monotonic()
            try:
                out, err = proc.communicate(timeout=max(0.01, min(left, GRACE))
                                            if ctx else max(0.01, left))
                break
            except subprocess.TimeoutExpired:
                pass
            if time.monotonic() >= deadline:
                timed_out = True
            elif proc.poll() is None:
                continue
            # Timed out, or ended while something else holds its pipes:
            # kill its group and its strays until the pipes close (a stray
            # becomes ours only once its parent has died).
            for _ in range(int(10 / GRACE)):
                _kill_group(proc)
                if ctx:
                    strays += ctx.kill_strays(env)
                try:
                    out, err = proc.communicate(timeout=GRACE)
                    break
                except subprocess.TimeoutExpired:
                    pass
            else:
                proc.kill()
                out, err = b"", b"(output lost: a process escaped the group)"
                proc.wait()
            break
    finally:
        if ctx:
            with ctx.spawning():
                ctx.live.discard(proc.pid)
    if ctx:
        strays += ctx.kill_strays(env)
    return (None if timed_out else proc.returncode, out, err, timed_out,
            proc.rusage, strays, proc.pid)


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _text(b):
    return b.decode("utf-8", "replace") if isinstance(b, bytes) else b


def _record_fd():
    """An anonymous file for one test's verdict record: nothing to remove,
    and only the process it is handed to can write to it."""
    if hasattr(os, "memfd_create"):
        return os.memfd_create("rdmacts-record", os.MFD_CLOEXEC)
    return os.open(tempfile.gettempdir(), os.O_TMPFILE | os.O_RDWR, 0o600)


def _read_record_fd(fd):
    size = os.fstat(fd).st_size
    return _text(os.pread(fd, RECORD_MAX, max(0, size - RECORD_MAX)))


def _read_record(path):
    try:
        with open(path, "rb") as f:
            f.seek(max(0, os.fstat(f.fileno()).st_size - RECORD_MAX))
            return _text(f.read())
    except OSError:
        return ""


# Per-test resource limits (docs/certification.md): address space in
# bytes, CPU seconds, processes of the user.  The runner applies them to
# itself before the test body runs (RDMACTS_LIMITS).
LIMIT_KEYS = {"as": "address space", "cpu": "CPU time", "nproc": "processes"}
DEFAULT_LIMITS = {"as": 16 << 30, "cpu": None, "nproc": 4096}
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_limits(specs, timeout):
    """{"as": bytes, "cpu": s, "nproc": n} from ["as=8G", "cpu=30,nproc=0"];
    0 or "none" lifts a limit.  cpu defaults to the timeout.  Raises
    ValueError with one line naming what is wrong."""
    limits = dict(DEFAULT_LIMITS, cpu=max(1, int(-(-timeout // 1))))
    for spec in specs or []:
        for item in filter(None, spec.split(",")):
            key, _, value = item.partition("=")
            key, value = key.strip().lower(), value.strip().lower()
            if key not in LIMIT_KEYS:
                raise ValueError(f"--limit {item}: unknown limit (known: "
                                 f"{', '.join(LIMIT_KEYS)})")
            m = re.fullmatch(r"(\d+)([kmgt]?)", value)
            if value == "none":
                limits[key] = None
            elif m and (key == "as" or not m.group(2)):
                n = int(m.group(1)) * _UNITS[m.group(2)]
                limits[key] = n or None
            else:
                raise ValueError(f"--limit {item}: not a number"
                                 + (" with an optional K/M/G/T suffix"
                                    if key == "as" else ""))
    return limits


def describe_limits(limits):
    parts = []
    for key, n in limits.items():
        if n is None:
            continue
        text = (f"{n >> 20} MiB" if key == "as" else f"{n} s" if key == "cpu"
                else str(n))
        parts.append(f"{LIMIT_KEYS[key]} {text}")
    return ", ".join(parts) or "none"


def limit_reached(limits, sig, rusage):
    """The limit a dead process most likely ran into, or None."""
    cpu = limits.get("cpu")
    if sig == signal.SIGXCPU or (cpu and rusage and
                                 rusage.ru_utime + rusage.ru_stime >= cpu):
        return f"CPU-time limit of {cpu} s reached"
    space = limits.get("as")
    if space and rusage and rusage.ru_maxrss * 1024 >= space // 2:
        return f"address-space limit of {space >> 20} MiB reached"
    return None


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


def _subreaper():
    """Makes this process the reaper of its orphaned descendants, so that a
    process a test leaves behind (even after setsid()) stays in reach."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def _children():
    """Pids of this process's children (of every thread)."""
    pids = set()
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return pids
    for tid in tasks:
        try:
            with open(f"/proc/self/task/{tid}/children") as f:
                pids.update(int(x) for x in f.read().split())
        except OSError:
            pass
    return pids


class Context:
    """What every test run shares."""

    def __init__(self, impl, timeout, launcher, scratch, jobs=None,
                 limits=None, launch_all=False):
        self.impl = impl
        # every test through the launcher, not only those with np > 1
        self.launch_all = launch_all
        self.jobs = jobs
        self.timeout = timeout
        self.launcher = launcher
        self.scratch = scratch
        self.limits = limits or parse_limits([], timeout)
        self._seq = self._dirs = 0
        self._lock = threading.Lock()
        self._spawn = threading.Lock()
        self.live = set()  # pids of the processes run_process waits for
        self.run_tag = f"{os.getpid()}-{secrets.token_hex(4)}"
        self.reaper = _subreaper()
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

    def close(self):
        self.kill_strays(None)
        for d in [self.fabric_dir] + glob.glob(
                glob.escape(self.fabric_dir) + ".u*"):
            shutil.rmtree(d, ignore_errors=True)

    def spawning(self):
        """Held while a test process is started and registered in live:
        kill_strays never takes a process being started for a stray."""
        return self._spawn

    def kill_strays(self, env):
        """Kills the processes of one test (env) that outlived it, or of
        the whole run (env None), now children of this process (the
        subreaper); returns how many."""
        if not self.reaper:
            return 0
        mark = (f"RDMACTS_TEST_RUN={env['RDMACTS_TEST_RUN']}\0".encode()
                if env else f"RDMACTS_TEST_RUN={self.run_tag}.".encode())
        killed = 0
        for _ in range(1000):
            with self._spawn:
                found = []
                for pid in _children() - self.live:
                    try:
                        with open(f"/proc/{pid}/environ", "rb") as f:
                            mine = mark in f.read()
                    except OSError:
                        mine = False
                    if mine:
                        found.append(pid)
                    else:
                        # an orphan that already ended: reap it
                        try:
                            os.waitpid(pid, os.WNOHANG)
                        except ChildProcessError:
                            pass
                for pid in found:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                for pid in found:
                    try:
                        os.waitpid(pid, 0)
                    except ChildProcessError:
                        pass
            if not found:
                return killed
            killed += len(found)
            time.sleep(0.001)  # their own children become ours now
        return killed

    def env(self, test):
        env = dict(os.environ)
        old = env.get("LD_LIBRARY_PATH")
        env["LD_LIBRARY_PATH"] = self.impl + (":" + old if old else "")
        with self._lock:
            self._seq += 1
            seq = self._seq
        env["RDMACTS_TEST_NAME"] = test.name
        # Fresh from the kernel's random source: a job id nobody can guess
        # names the fabric file (ref/nic/fabric.c).  For np>1 the
        # project's launcher replaces it with its own.
        env["RDMACTS_JOB_ID"] = secrets.token_hex(16)
        env["RDMACTS_TIMEOUT"] = f"{self.timeout:g}"
        env["RDMACTS_FABRIC_DIR"] = self.fabric_dir
        # Marks every process of this test, however far it strays.
        env["RDMACTS_TEST_RUN"] = f"{self.run_tag}.{seq}"
        env["RDMACTS_LIMITS"] = ",".join(
            f"{k}={'0' if v is None else v}" for k, v in self.limits.items())
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

    @staticmethod
    def done(path):
        try:
            os.rmdir(path)  # the usual case: the test left nothing
        except OSError:
            shutil.rmtree(path, ignore_errors=True)


def _judge_limits(verdict, detail, ctx, rc, rusage, strays=0):
    """detail, naming the limit a CRASH or TIMEOUT most likely ran into,
    else the limits in force where one may have played a part (a
    timeout, a SIGKILL, processes left behind: a fork storm)."""
    if verdict not in (V.CRASH, V.TIMEOUT) and not strays:
        return detail
    sig = -rc if rc is not None and rc < 0 else None
    hit = limit_reached(ctx.limits, sig, rusage)
    if hit:
        return f"{detail} ({hit})"
    if verdict == V.TIMEOUT or sig == signal.SIGKILL or strays:
        return f"{detail} (per-test limits: {describe_limits(ctx.limits)})"
    return detail


def _strays_detail(verdict, detail, strays):
    if not strays:
        return verdict, detail
    note = (f"left {strays} process(es) running after it ended "
            "(killed by the harness)")
    if verdict in (V.CRASH, V.TIMEOUT):
        return verdict, f"{detail}; {note}"
    return V.CRASH, note


def run_single(binary, test, ctx):
    env = ctx.env(test)
    fd = _record_fd()
    cwd = ctx.workdir()
    try:
        env["RDMACTS_RECORD_FD"] = str(fd)
        rc, out, err, timed_out, rusage, strays, pid = run_process(
            [binary, "--run", test.name], env, cwd, ctx.timeout, ctx,
            pass_fds=(fd,))
        record = _read_record_fd(fd)
    finally:
        os.close(fd)
        ctx.done(cwd)
    out, err = _text(out), _text(err)
    verdict, detail, failures, reason = judge(
        rc, record, err, timed_out, ctx.timeout, env["RDMACTS_RECORD_NONCE"],
        pid)
    detail = _judge_limits(verdict, detail, ctx, rc, rusage, strays)
    verdict, detail = _strays_detail(verdict, detail, strays)
    return dict(verdict=verdict, detail=detail, failures=failures,
                unsupported_reason=reason, exit=rc, stdout=tail(out),
                stderr=tail(err), readings=parse_readings(record),
                launched=False, notes=parse_notes(record))


def run_ranks(binary, test, ctx):
    launch = shlex.split(ctx.launcher.format(np=test.np))
    rankdir = tempfile.mkdtemp(prefix="ranks-", dir=ctx.scratch)
    cwd = ctx.workdir()
    cmd = launch + ["sh", RANK_SH, rankdir, binary, "--run", test.name]
    env = ctx.env(test)
    nonce = env["RDMACTS_RECORD_NONCE"]
    try:
        rc, out, err, timed_out, _, strays, _ = run_process(
            cmd, env, cwd, ctx.timeout, ctx)
    except OSError as e:
        ctx.done(cwd)
        return dict(verdict=V.CRASH, detail=f"cannot start the launcher "
                    f"{launch[0]!r}: {e.strerror}", failures=[],
                    unsupported_reason="", exit=None, stdout="", stderr="",
                    launched=True, notes={})
    ctx.done(cwd)
    launcher_out = _text(out) + _text(err)
    ranks, failures, reasons, readings, notes = [], [], [], [], {}
    for r in range(test.np):
        base = os.path.join(rankdir, f"rank{r}")
        rout, rerr = _read(base + ".out"), _read(base + ".err")
        rrec = _read_record(base + ".rec")
        readings += [x for x in parse_readings(rrec) if x not in readings]
        for k, v in parse_notes(rrec).items():
            notes.setdefault(k, v)
        rc_text = _read(base + ".rc").strip()
        if rc_text:
            code = int(rc_text)
            # The shell reports death by signal N as 128+N.
            code = -(code - 128) if 128 < code < 160 else code
            verdict, detail, f, reason = judge(code, rrec, rerr, False,
                                               ctx.timeout, nonce)
        elif timed_out:
            verdict, detail, f, reason = judge(None, rrec, rerr, True,
                                               ctx.timeout, nonce)
        else:
            verdict, detail, f, reason = (
                V.CRASH, "rank never reported (killed with the job, or the "
                f"launcher failed; launcher exit status {rc})", [], "")
        detail = _judge_limits(verdict, detail, ctx,
                               code if rc_text else None, None)
        for x in f:
            x["rank"] = r
        failures += f
        if reason:
            reasons.append(f"rank {r}: {reason}")
        ranks.append(dict(rank=r, verdict=verdict, detail=detail,
                          reported=bool(rc_text), stdout=tail(rout),
                          stderr=tail(rerr)))
    worst = V.worst(x["verdict"] for x in ranks)
    # Name the rank that reported the worst outcome over one the launcher
    # killed because of it.
    first = min((x for x in ranks if x["verdict"] == worst),
                key=lambda x: (not x["reported"], x["rank"]))
    detail = first["detail"]
    if test.np > 1 and worst != V.PASS:
        detail = f"rank {first['rank']}: {detail}"
    shutil.rmtree(rankdir, ignore_errors=True)
    worst, detail = _strays_detail(worst, detail, strays)
    return dict(verdict=worst, detail=detail, failures=failures,
                unsupported_reason="; ".join(reasons), exit=rc,
                stdout=tail("".join(f"[rank {x['rank']}] {line}\n"
                                    for x in ranks
                                    for line in x["stdout"].splitlines())),
                stderr=tail(launcher_out + "".join(
                    f"[rank {x['rank']}] {line}\n" for x in ranks
                    for line in x["stderr"].splitlines())),
                ranks=[{k: x[k] for k in ("rank", "verdict", "detail")}
                       for x in ranks], readings=readings, launched=True,
                notes=notes)


def _read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


class Slots:
    """Processes at once: a test with np=N holds N slots (at most all)."""

    def __init__(self, total):
        self.total = total
        self.free = total
        self.cond = threading.Condition()

    def acquire(self, n):
        n = min(n, self.total)
        with self.cond:
            while self.free < n:
                self.cond.wait()
            self.free -= n
        return n

    def release(self, n):
        with self.cond:
            self.free += n
            self.cond.notify_all()


def run_all(jobs, ctx, on_result=None, durations=None):
    """jobs: list of (binary, Test).  Returns results in the same order.
    durations: seconds each test took last time, by name, if known."""
    # Four per core by default: a corpus test's process is on the CPU a
    # small part of the time it runs (start-up, waits with backoff, its
    # peers, the launcher), so fewer leave the machine idle; on 2 cores
    # 4, 6 and 8 at once took 40, 21 and 17 s for the whole corpus, with
    # the same verdicts (docs/bench.md, corpus run time).
    workers = 4 * max(1, os.cpu_count() or 1) if ctx.jobs is None else ctx.jobs
    slots = Slots(workers)
    results = [None] * len(jobs)

    def one(i):
        binary, test = jobs[i]
        held = slots.acquire(test.np)
        start = time.monotonic()
        try:
            if test.np > 1 or ctx.launch_all:
                r = run_ranks(binary, test, ctx)
            else:
                r = run_single(binary, test, ctx)
        finally:
            slots.release(held)
        r["duration"] = round(time.monotonic() - start, 4)
        results[i] = r
        if on_result:
            on_result(test, r)

    # The longest first, as the last run measured them (a test that
    # waits seconds for an event that may not come then overlaps the
    # others instead of ending the run alone); else multi-process tests
    # first, as they are the long ones.
    durations = durations or {}
    order = sorted(range(len(jobs)), key=lambda i: (
        -durations.get(jobs[i][1].name, 0.0), -jobs[i][1].np))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for f in [pool.submit(one, i) for i in order]:
            f.result()
    return results
