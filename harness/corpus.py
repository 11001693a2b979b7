"""The tests a corpus binary holds (`prog --list`) and the filters on them."""

import hmac
import re
from dataclasses import dataclass, field

from harness import keeper, text
from harness import vectors as vec

# docs/corpus-protocol.md: <api>.<call>.<aspect>.<case>, lower case
NAME_RE = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+){3,}$")
CLAUSE_RE = re.compile(r"^[\x21-\x7e]+$")
# The list on the private channel: one line per test, then the end line.
LIST_PREFIX = "RDMACTS-LIST\t"
LIST_END_RE = re.compile(r"^RDMACTS-END (\S+) LIST count=(\d+) pid=(\d+)$")
LIST_TIMEOUT = 60


class ListError(Exception):
    pass


@dataclass
class Test:
    api: str
    name: str
    clauses: list
    attrs: dict
    np: int = 1
    needs: list = field(default_factory=list)

    @property
    def call(self):
        """The <call> component of the name."""
        parts = self.name.split(".")
        return parts[1] if len(parts) > 1 else ""


def parse_attrs(text):
    attrs = {}
    if text in ("", "-"):
        return attrs
    for item in text.split(";"):
        if not item:
            continue
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"attribute {item!r} is not key=value")
        attrs[key] = value
    return attrs


def parse_list(api, listing):
    """Parses a test list: NAME<TAB>CLAUSES<TAB>ATTRS per line.  A name
    that is malformed or listed twice refuses the whole list."""
    tests, seen = [], set()
    for n, line in enumerate(listing.splitlines(), 1):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != 3:
            raise ListError(f"--list line {n} has {len(fields)} fields, "
                            f"not 3: {text.bounded(line, 200)}")
        name, clauses, attrs_text = fields
        if not NAME_RE.match(name):
            raise ListError(f"--list line {n}: malformed test name "
                            f"{text.bounded(name, 200)}")
        if name in seen:
            raise ListError(f"--list names {name} twice")
        seen.add(name)
        clause_ids = [] if clauses in ("", "-") else clauses.split(",")
        if not all(CLAUSE_RE.match(c) for c in clause_ids):
            raise ListError(f"--list line {n}: malformed clause list")
        try:
            attrs = parse_attrs(attrs_text)
            np = int(attrs.get("np", "1"))
            if int(attrs.get("memory", "0")) < 0:  # MiB (harness/memory.py)
                raise ValueError("memory=MiB is negative")
        except ValueError as e:
            raise ListError(f"--list line {n}: {text.bounded(str(e), 200)}") \
                from None
        needs = [x for x in attrs.get("needs", "-").split(",") if x and x != "-"]
        tests.append(Test(api, name, clause_ids, attrs, np, needs))
    return tests


def list_tests(api, binary, ctx, env):
    """The tests of a corpus binary, as it lists them on the private
    channel (its record): stdout, where a library's constructor may print,
    is not read.  The list counts only with its end line, carrying this
    run's nonce, from the process the keeper started, and the count it
    announces."""
    cwd = ctx.workdir()
    try:
        rep = ctx.keep([binary, "--list"], env, cwd, cwd + ".keep",
                       LIST_TIMEOUT, record=True, keep_record=keeper.LIST_KEEP)
    finally:
        ctx.done(cwd)
    if rep is None or rep.error or rep.timed_out or rep.status != 0:
        why = (rep.error if rep and rep.error else
               f"no end after {LIST_TIMEOUT} s" if rep and rep.timed_out else
               text.last_line(rep.err) or f"exit status {rep.status}"
               if rep else "its keeper was killed")
        raise ListError(f"{binary} --list failed: {why}")
    lines, count = [], None
    for line in rep.rec.splitlines():
        if line.startswith(LIST_PREFIX):
            lines.append(line[len(LIST_PREFIX):])
        m = LIST_END_RE.match(line)
        if m and hmac.compare_digest(m.group(1), env["RDMACTS_RECORD_NONCE"]) \
                and int(m.group(3)) == rep.pid:
            count = int(m.group(2))
    if count is None:
        raise ListError(f"{binary} --list gave no list on the record channel "
                        "(a corpus built with an older spec_tests/support?)")
    if count != len(lines):
        raise ListError(f"{binary} --list: {len(lines)} tests on the record "
                        f"channel, {count} announced")
    return parse_list(api, "\n".join(lines))


def tier(test, clauses):
    """Declared tier, else robustness when every clause is a known
    robustness clause, else conformance."""
    if "tier" in test.attrs:
        return test.attrs["tier"]
    known = [clauses.get(c) for c in test.clauses]
    if known and all(k and k.get("tier") == "robustness" for k in known):
        return "robustness"
    return "conformance"


def mandatory(test, clauses):
    """A test decides conformance unless every clause it names is known and
    optional; a test naming no clause, or an unknown one, is mandatory."""
    if not test.clauses:
        return True
    for c in test.clauses:
        k = clauses.get(c)
        if k is None or k.get("mandatory", True):
            return True
    return False


def capability(test, clauses):
    """The optional capability a test is about (a clause's "capability":
    e.g. a thread-safe Provider), or None.  Such a test may be
    UNSUPPORTED; once it runs, it decides (certify._decide)."""
    for c in test.clauses:
        k = clauses.get(c)
        if k and k.get("capability"):
            return k["capability"]
    return None


def matches_call(test, wanted, clauses):
    """wanted is a <call> component (cq_create) or a C call name
    (GNI_CqCreate): matched by name, or through the calls of its clauses."""
    for w in wanted:
        if w.lower() == test.call or vec.snake(w) == test.call:
            return True
        for c in test.clauses:
            k = clauses.get(c)
            if k and k.get("call") and k["call"].lower() == w.lower():
                return True
    return False


def select(tests, calls, clause_ids, clauses):
    out = []
    for t in tests:
        if calls and not matches_call(t, calls, clauses):
            continue
        if clause_ids and not set(clause_ids) & set(t.clauses):
            continue
        out.append(t)
    return out
