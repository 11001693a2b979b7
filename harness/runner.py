"""Runs tests: each in its own process group, with a timeout, in parallel.

A single-process test is `prog --run NAME`.  A test with np=N>1 runs
through the launcher (default `mpiexec -n {np}`), every rank through
rank.sh, and takes the verdict of its worst rank."""

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
END_RE = re.compile(r"^RDMACTS-END (\S+) (PASS|FAIL|UNSUPPORTED) "
                    r"checks=(\d+) failures=(\d+)$")
EXIT_OF = {V.PASS: 0, V.FAIL: 1, V.UNSUPPORTED: 77}
RECORD_MAX = 4 << 20  # bytes of a record read (its end holds the verdict)


def tail(text):
    return text if len(text) <= TAIL else "[...]\n" + text[-TAIL:]


def signal_name(num):
    try:
        return signal.Signals(num).name
    except ValueError:
        return f"signal {num}"


def parse_record(record, nonce):
    """Failures, unsupported reason and end verdict (None: no end record
    carrying this run's nonce) of a verdict record."""
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
        if m and hmac.compare_digest(m.group(1), nonce):
            end = m.group(2)
    return failures, reason, end


def judge(returncode, record, err, timed_out, timeout, nonce):
    """Verdict, detail, failures and unsupported reason of one process.

    Only the record the runner wrote to the private channel counts
    (docs/corpus-protocol.md): PASS, FAIL and UNSUPPORTED need its end
    line with this run's nonce and the exit status that goes with it.
    What the process printed on stdout never decides."""
    failures, reason, end = parse_record(record, nonce)
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


def run_process(cmd, env, cwd, timeout, pass_fds=()):
    """(returncode, stdout, stderr, timed_out) of cmd in a new session."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, env=env, cwd=cwd,
                            start_new_session=True, pass_fds=pass_fds)
    try:
        out, err = proc.communicate(timeout=timeout)
        return proc.returncode, out, err, False
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            # Something left the group and still holds the pipes.
            proc.kill()
            out, err = b"", b"(output lost: a process escaped the group)"
            proc.wait()
        return None, out, err, True


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


class Context:
    """What every test run shares."""

    def __init__(self, impl, timeout, launcher, scratch, jobs=None):
        self.impl = impl
        self.jobs = jobs
        self.timeout = timeout
        self.launcher = launcher
        self.scratch = scratch
        self._seq = 0
        self._lock = threading.Lock()
        self._stamp = time.strftime("%Y%m%d%H%M%S")
        # The reference's NIC model keeps each job's fabric in a file of
        # $RDMACTS_FABRIC_DIR (docs/nic-model.md); a test killed mid-job
        # cannot remove it, so the run gives jobs a directory of its own
        # and removes it in close().  Other implementations ignore it.
        shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
        self.fabric_dir = tempfile.mkdtemp(prefix="rdmacts-fabrics-",
                                           dir=shm or scratch)
        # like /dev/shm: tests that drop privileges still join a fabric
        os.chmod(self.fabric_dir, 0o1777)

    def close(self):
        shutil.rmtree(self.fabric_dir, ignore_errors=True)

    def env(self, test):
        env = dict(os.environ)
        old = env.get("LD_LIBRARY_PATH")
        env["LD_LIBRARY_PATH"] = self.impl + (":" + old if old else "")
        with self._lock:
            self._seq += 1
            seq = self._seq
        env["RDMACTS_TEST_NAME"] = test.name
        # Same shape as rdmacts-run's job ids: only [0-9a-f-].  For np>1
        # the project's launcher replaces it with its own.
        env["RDMACTS_JOB_ID"] = f"{self._stamp}-{os.getpid()}-{seq:08x}"
        env["RDMACTS_TIMEOUT"] = f"{self.timeout:g}"
        env["RDMACTS_FABRIC_DIR"] = self.fabric_dir
        # The verdict record's token: a fresh one per test, which the
        # runner takes out of its environment before the test body runs.
        env["RDMACTS_RECORD_NONCE"] = secrets.token_hex(16)
        return env


def run_single(binary, test, ctx):
    env = ctx.env(test)
    fd = _record_fd()
    try:
        env["RDMACTS_RECORD_FD"] = str(fd)
        rc, out, err, timed_out = run_process([binary, "--run", test.name],
                                              env, ctx.scratch, ctx.timeout,
                                              pass_fds=(fd,))
        record = _read_record_fd(fd)
    finally:
        os.close(fd)
    out, err = _text(out), _text(err)
    verdict, detail, failures, reason = judge(
        rc, record, err, timed_out, ctx.timeout, env["RDMACTS_RECORD_NONCE"])
    return dict(verdict=verdict, detail=detail, failures=failures,
                unsupported_reason=reason, exit=rc, stdout=tail(out),
                stderr=tail(err))


def run_ranks(binary, test, ctx):
    launch = shlex.split(ctx.launcher.format(np=test.np))
    rankdir = tempfile.mkdtemp(prefix="ranks-", dir=ctx.scratch)
    cmd = launch + ["sh", RANK_SH, rankdir, binary, "--run", test.name]
    env = ctx.env(test)
    nonce = env["RDMACTS_RECORD_NONCE"]
    try:
        rc, out, err, timed_out = run_process(cmd, env, ctx.scratch,
                                              ctx.timeout)
    except OSError as e:
        return dict(verdict=V.CRASH, detail=f"cannot start the launcher "
                    f"{launch[0]!r}: {e.strerror}", failures=[],
                    unsupported_reason="", exit=None, stdout="", stderr="")
    launcher_out = _text(out) + _text(err)
    ranks, failures, reasons = [], [], []
    for r in range(test.np):
        base = os.path.join(rankdir, f"rank{r}")
        rout, rerr = _read(base + ".out"), _read(base + ".err")
        rrec = _read_record(base + ".rec")
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
    return dict(verdict=worst, detail=detail, failures=failures,
                unsupported_reason="; ".join(reasons), exit=rc,
                stdout=tail("".join(f"[rank {x['rank']}] {line}\n"
                                    for x in ranks
                                    for line in x["stdout"].splitlines())),
                stderr=tail(launcher_out + "".join(
                    f"[rank {x['rank']}] {line}\n" for x in ranks
                    for line in x["stderr"].splitlines())),
                ranks=[{k: x[k] for k in ("rank", "verdict", "detail")}
                       for x in ranks])


def _read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


class Slots:
    """Cores in use: a test with np=N holds N of them (at most all)."""

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


def run_all(jobs, ctx, on_result=None):
    """jobs: list of (binary, Test).  Returns results in the same order."""
    workers = max(1, os.cpu_count() or 1) if ctx.jobs is None else ctx.jobs
    slots = Slots(workers)
    results = [None] * len(jobs)

    def one(i):
        binary, test = jobs[i]
        held = slots.acquire(test.np)
        start = time.monotonic()
        try:
            if test.np > 1:
                r = run_ranks(binary, test, ctx)
            else:
                r = run_single(binary, test, ctx)
        finally:
            slots.release(held)
        r["duration"] = round(time.monotonic() - start, 4)
        results[i] = r
        if on_result:
            on_result(test, r)

    # Multi-process tests first: they are the long ones.
    order = sorted(range(len(jobs)), key=lambda i: -jobs[i][1].np)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for f in [pool.submit(one, i) for i in order]:
            f.result()
    return results
