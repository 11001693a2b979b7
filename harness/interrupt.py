"""Stopping a run at once: SIGINT (Ctrl-C), SIGTERM (a CI system
cancelling a job) and SIGHUP (a closed terminal) all do the same.

While a run is armed, the first of them raises Interrupted in the main
thread, wherever it waits; the run then cancels the queued tests, has the
keepers kill the running ones, removes its fabric and scratch
directories, writes no report (the previous one stays as it was) and
exits with 128 + the signal's number.  Further signals during that
clean-up are noted and ignored, so that it is not cut short."""

import signal
from contextlib import contextmanager

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Interrupted(BaseException):
    """Raised by a stopping signal; a BaseException, so that no
    `except Exception` on the way swallows it."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum

    def name(self):
        return signal.Signals(self.signum).name

    def exit_status(self):
        return 128 + self.signum


def _noted(signum, frame):
    """A handler (not SIG_IGN, which processes started later would
    inherit) that lets a signal pass."""


def _stop(signum, frame):
    for s in SIGNALS:
        signal.signal(s, _noted)
    raise Interrupted(signum)


def _set(handler):
    return {s: signal.signal(s, handler) for s in SIGNALS}


def _restore(old):
    for s, h in old.items():
        signal.signal(s, h)


@contextmanager
def armed():
    """Within it, a stopping signal raises Interrupted."""
    old = _set(_stop)
    try:
        yield
    finally:
        _restore(old)


@contextmanager
def held():
    """Within it (the clean-up of a run), a stopping signal waits for the
    block to end, then raises Interrupted."""
    got = []
    old = _set(lambda signum, frame: got.append(signum))
    try:
        yield
    finally:
        _restore(old)
    if got:
        raise Interrupted(got[0])


@contextmanager
def deferred():
    """Within it (writing the reports), stopping signals are ignored: a
    report is written whole or not at all."""
    old = _set(_noted)
    try:
        yield
    finally:
        _restore(old)
