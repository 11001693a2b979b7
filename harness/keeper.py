"""The harness's side of rdmacts-keeper (harness/keeper.c).

Every command the harness starts for a test (the test itself, the
launcher of a job, each rank, the listing, the export count) runs under a
keeper: the keeper is the reaper of the command's orphans, so it finds
every process the command started, however started, kills what is left
when the command ends (naming it), enforces the timeout, and keeps a
bounded tail of stdout, stderr and the verdict record.  The harness reads
its report, a file of bounded size written in one step.

Each thread of the harness that runs commands has a keeper of its own
serving it one command after another (Server: no process to start per
test); each rank of a launched job runs under a keeper the launcher
starts (`rdmacts-keeper --rank-report DIR ...`).

The harness process is itself the reaper of orphans too
(PR_SET_CHILD_SUBREAPER): only a keeper that was killed can leave a
process behind, and that process then becomes a child of the harness,
which kills every child that is not a keeper it is waiting for
(sweep())."""

import os
import select
import signal
import subprocess
from dataclasses import dataclass, field

from harness import text

KEEPER = "rdmacts-keeper"
FORMAT = "rdmacts-keeper 1"
RECORD_KEEP = 256 << 10   # bytes of a test's record kept (keeper.c)
LIST_KEEP = 16 << 20      # bytes of a listing kept: the whole list


class Missing(Exception):
    """The keeper is not built."""


def find(bin_dir):
    """The keeper beside the corpus binaries (make builds it there)."""
    path = os.path.abspath(os.path.join(bin_dir or ".", KEEPER))
    if not os.access(path, os.X_OK):
        raise Missing(f"the harness's process keeper {path} does not exist: "
                      "`make all` builds it with the corpus")
    return path


def options(report, cmd, timeout=0, record=False, own_group=True,
            keep_record=None, fork_server=False):
    """The keeper's words for one command: OPTIONS -- CMD.  fork_server:
    CMD is `PROG --run NAME`, to be forked from PROG's fork server
    (harness/keeper_fork.c) where it can be."""
    args = ["--report", report, "--timeout", f"{timeout or 0:g}"]
    if record:
        args.append("--record")
    if fork_server:
        args.append("--fork-server")
    if keep_record:
        args += ["--keep-record", str(keep_record)]
    if own_group:
        args.append("--own-group")
    return args + ["--", *cmd]


class Server:
    """A keeper serving one thread of the harness (`--serve`): a request
    is the working directory, the environment and the options of one
    command; the answer "done" comes once its report is written."""

    def __init__(self, keeper):
        self.proc = subprocess.Popen([keeper, "--serve"],
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     start_new_session=True)

    def send(self, args, env, cwd):
        words = [cwd, *(f"{k}={v}" for k, v in env.items()), "", *args, ""]
        payload = b"".join(os.fsencode(w) + b"\0" for w in words)
        self.proc.stdin.write(b"%08x\n" % len(payload) + payload)
        self.proc.stdin.flush()

    def answer(self, timeout):
        """True once the keeper says the command is done; False when it
        does not within timeout seconds (None: no limit), or is gone."""
        fd = self.proc.stdout.fileno()
        ready, _, _ = select.select([fd], [], [], timeout)
        return bool(ready) and os.read(fd, 64) == b"done\n"

    def close(self):
        """Ends the keeper (end of its input), at once if it will not."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass
        self.proc.wait()


@dataclass
class Usage:
    """What limit_reached() reads of a process's resource usage."""
    ru_utime: float = 0.0   # seconds
    ru_stime: float = 0.0
    ru_maxrss: int = 0      # KiB


@dataclass
class Report:
    pid: int = 0
    status: int = None       # exit status, or -signal
    timed_out: bool = False
    stopped: int = 0         # the signal that stopped the keeper, if one did
    usage: Usage = field(default_factory=Usage)
    strays: int = 0          # processes left running, killed
    named: list = field(default_factory=list)   # "pid command line", the first ones
    error: str = ""          # why the command could not start
    forked: bool = False     # started by its program's fork server
    fork_why: str = ""       # asked to, but started by exec: why
    out: str = ""
    err: str = ""
    rec: str = ""
    dropped: dict = field(default_factory=dict)  # bytes written but not kept

    def strays_text(self):
        """'sleep 30 (pid 123), ...' of the processes left running."""
        names = []
        for item in self.named:
            pid, _, what = item.partition(" ")
            names.append(f"{text.bounded(what, 80)} (pid {pid})")
        more = self.strays - len(names)
        return ", ".join(names) + (f" and {more} more" if more > 0 else "")


def read_report(path):
    """The keeper's report at path, or None when there is none (the keeper
    itself was killed before it could write one)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    rep, pos = Report(), 0
    if not data.startswith(FORMAT.encode() + b"\n"):
        return None
    while pos < len(data):
        end = data.find(b"\n", pos)
        if end < 0:
            break
        key, _, value = data[pos:end].decode("utf-8", "replace").partition(" ")
        pos = end + 1
        if key in ("out", "err", "rec"):
            total, kept = (int(x) for x in value.split())
            setattr(rep, key, text.decode(data[pos:pos + kept]))
            rep.dropped[key] = total - kept
            pos += kept
        else:
            _header(rep, key, value)
    return rep


def _header(rep, key, value):
    if key == "pid":
        rep.pid = int(value)
    elif key == "exit":
        rep.status = int(value)
    elif key == "signal":
        rep.status = -int(value)
    elif key == "timeout":
        rep.timed_out = value == "1"
    elif key == "stopped":
        rep.stopped = int(value)
    elif key == "rusage":
        user, system, rss = (int(x) for x in value.split())
        rep.usage = Usage(user / 1e6, system / 1e6, rss)
    elif key == "strays":
        rep.strays = int(value)
    elif key == "stray":
        rep.named.append(value)
    elif key == "error":
        rep.error = value
    elif key == "fork":
        flag, _, why = value.partition(" ")
        rep.forked, rep.fork_why = flag == "1", why


def become_subreaper():
    """Makes this process the reaper of its orphaned descendants, so that
    what a killed keeper leaves comes here (sweep())."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def children():
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


def sweep(keep):
    """Kills and reaps every child of this process not in keep (the
    keepers it waits for): orphans of a keeper that was killed, and
    their children as they come.  Returns how many."""
    killed = 0
    for _ in range(1000):
        found = children() - set(keep)
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
            break
        killed += len(found)
    return killed
