"""The tests a corpus binary holds (`prog --list`) and the filters on them."""

import subprocess
from dataclasses import dataclass, field

from harness import vectors as vec


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


def parse_list(api, text):
    """Parses `--list` output: NAME<TAB>CLAUSES<TAB>ATTRS per line."""
    tests = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != 3:
            raise ListError(f"--list line {n} has {len(fields)} fields, "
                            f"not 3: {line!r}")
        name, clauses, attrs_text = fields
        try:
            attrs = parse_attrs(attrs_text)
            np = int(attrs.get("np", "1"))
        except ValueError as e:
            raise ListError(f"--list line {n}: {e}") from None
        needs = [x for x in attrs.get("needs", "-").split(",") if x and x != "-"]
        clause_ids = [] if clauses in ("", "-") else clauses.split(",")
        tests.append(Test(api, name, clause_ids, attrs, np, needs))
    return tests


def list_tests(api, binary, env, timeout=60):
    try:
        p = subprocess.run([binary, "--list"], capture_output=True, text=True,
                           env=env, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise ListError(f"{binary} --list: {e}") from None
    if p.returncode != 0:
        why = p.stderr.strip() or f"exit status {p.returncode}"
        raise ListError(f"{binary} --list failed: {why}")
    return parse_list(api, p.stdout)


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
