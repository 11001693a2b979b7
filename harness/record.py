"""A process's verdict: its record (docs/corpus-protocol.md) and how it
ended, as its keeper reports them.

Only the record the runner wrote on the private channel counts: PASS,
FAIL and UNSUPPORTED need its end line, with this run's nonce, written by
the process the keeper started, and the exit status that goes with it.
What the process printed on stdout never decides."""

import hmac
import re
import signal

from harness import text
from harness import verdicts as V

# The lines of a record; each starts a line of its own (the runner writes
# a newline before each, so a partial line left by someone else cannot
# run into it).
FAIL_RE = re.compile(r"^RDMACTS-FAIL clause=(\S*) at=(\S*) expected=(\S*) "
                     r"observed=(\S*) msg=(.*)$")
UNSUPPORTED_RE = re.compile(r"^RDMACTS-UNSUPPORTED ?(.*)$")
# A one-of check that passed: the reading the implementation took.
READING_RE = re.compile(r"^RDMACTS-READING clause=(\S*) at=(\S*) observed=(\S*)$")
# What a test took from its environment (rt_note), e.g. credentials=job.
NOTE_RE = re.compile(r"^RDMACTS-NOTE ([A-Za-z0-9_.-]+)=(\S*)$")
# Where a fatal signal struck (rdmacts_crash.c): informative only, the
# verdict comes from the exit status.
CRASH_RE = re.compile(r"^RDMACTS-CRASH signal=([A-Z0-9]+) frames=(\S*)$")
MAX_FRAMES = 8
# The runner's own last word, once the test body has returned.
END_RE = re.compile(r"^RDMACTS-END (\S+) (PASS|FAIL|UNSUPPORTED) "
                    r"checks=(\d+) failures=(\d+) pid=(\d+)$")
EXIT_OF = {V.PASS: 0, V.FAIL: 1, V.UNSUPPORTED: 77}

# What is kept of a record, whatever it holds (the harness's memory bound,
# docs/certification.md): failed checks, readings and notes per process.
MAX_FAILURES = 20
MAX_READINGS = 20
MAX_NOTES = 20
FIELDS = ("clause", "at", "expected", "observed", "msg")


def signal_name(num):
    try:
        return signal.Signals(num).name
    except ValueError:
        return f"signal {num}"


def parse_record(record, nonce, pid=None):
    """Failures (at most MAX_FAILURES), how many there were, the
    unsupported reason and the end verdict (None: no end line with this
    run's nonce, from pid when given) of a verdict record."""
    failures, count, reason, end = [], 0, "", None
    for line in record.splitlines():
        m = FAIL_RE.match(line)
        if m:
            count += 1
            if len(failures) < MAX_FAILURES:
                failures.append({k: text.bounded(v, 200 if k != "msg" else 400)
                                 for k, v in zip(FIELDS, m.groups())})
            continue
        m = UNSUPPORTED_RE.match(line)
        if m:
            reason = text.bounded(m.group(1))
            continue
        m = END_RE.match(line)
        if m and hmac.compare_digest(m.group(1), nonce) and (
                pid is None or int(m.group(5)) == pid):
            end = m.group(2)
    return failures, count, reason, end


def parse_readings(record):
    """The readings (clause, observed value) a record's passing one-of
    checks saw, each once, in the order they happened."""
    seen = []
    for line in record.splitlines():
        m = READING_RE.match(line)
        pair = m and (text.bounded(m.group(1), 200), text.bounded(m.group(3), 200))
        if pair and pair not in seen and len(seen) < MAX_READINGS:
            seen.append(pair)
    return [dict(clause=c, observed=o) for c, o in seen]


def parse_notes(record):
    """{key: value} of a record's RDMACTS-NOTE lines (the first of each)."""
    notes = {}
    for line in record.splitlines():
        m = NOTE_RE.match(line)
        if m and (m.group(1) in notes or len(notes) < MAX_NOTES):
            notes.setdefault(m.group(1), text.bounded(m.group(2), 200))
    return notes


def parse_crash(record):
    """{signal, frames} of a record's last RDMACTS-CRASH line, or None:
    where the test's process took a fatal signal, innermost frame first
    (each `symbol+0xoff@object` or `object+0xoff`).  The last: the
    process writes the faulting instruction first, then, if unwinding
    from it did not fault too, the whole stack."""
    found = None
    for line in record.splitlines():
        m = CRASH_RE.match(line)
        if m:
            frames = [text.bounded(f, 200) for f in m.group(2).split(";") if f]
            found = dict(signal=m.group(1), frames=frames[:MAX_FRAMES])
    return found


def judge(returncode, record, err, timed_out, timeout, nonce, pid=None):
    """Verdict, detail, failures and unsupported reason of one process.
    pid: the process the end line must come from (the one its keeper
    started, not a child that code under test forked and that went on
    with the test)."""
    failures, count, reason, end = parse_record(record, nonce, pid)
    last_err = text.last_line(err)
    if timed_out:
        return (V.TIMEOUT, f"no verdict after {timeout:g} s; "
                "it was killed with every process it started", failures,
                reason)
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
        return V.FAIL, f"{count} failed check(s)", failures, reason
    if end == V.UNSUPPORTED:
        return V.UNSUPPORTED, reason or "no reason given", failures, reason
    return V.PASS, "", failures, reason
