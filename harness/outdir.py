"""The report directory OUT: checked and locked before any test runs, each
report file replaced in one step.

Two runs into one OUT would overwrite each other's reports (and a rerun
would merge with whichever came last), so a run holds OUT/.rdmacts-lock
(flock) from its start to its end; a second run refuses at once with one
line naming the first.  The kernel drops the lock when the process ends,
however it ends."""

import fcntl
import os
import tempfile
from contextlib import contextmanager

LOCK = ".rdmacts-lock"

_held = set()  # OUT directories this process holds (certify --compare)


class Unusable(Exception):
    """OUT cannot be made, written, or is being written by another run."""


def _holder(fd):
    try:
        return os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
    except OSError:
        return "?"


@contextmanager
def locked(out_dir):
    """Holds OUT (absolute) for the run.  Makes it if need be; one this
    run made and left with no report in it is removed again."""
    if out_dir in _held:
        yield
        return
    made = not os.path.isdir(out_dir)
    try:
        os.makedirs(out_dir, exist_ok=True)
        fd = os.open(os.path.join(out_dir, LOCK), os.O_RDWR | os.O_CREAT,
                     0o644)
    except OSError as e:
        raise Unusable(f"--out {out_dir}: cannot write there: "
                       f"{e.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = _holder(fd)
        os.close(fd)
        raise Unusable(f"--out {out_dir}: another certification (pid "
                       f"{holder}) is writing its report there; wait for "
                       "it, or give another OUT") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    _held.add(out_dir)
    try:
        yield
    finally:
        _held.discard(out_dir)
        if made and os.listdir(out_dir) == [LOCK]:
            os.unlink(os.path.join(out_dir, LOCK))
            os.rmdir(out_dir)
        os.close(fd)


def write(path, data):
    """Replaces path in one step, through a temporary file of a name of
    its own beside it (two writers never share one)."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path),
                               prefix=f".{os.path.basename(path)}.",
                               suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path
