"""Reads vectors/<api>/{calls,clauses,errata}.json (docs/vectors.md), and
the extension tier vectors/<api>/ext-{calls,clauses}.json: the later
vendor headers' calls and clauses, kept apart from the 2010 core
(docs/extension.md).

A missing file counts as empty: the vectors are written while the corpus
grows.  A file that exists but cannot be read is a problem the report
shows, because a certification built on it would be unfounded."""

import json
import os


class ApiVectors:
    def __init__(self, api):
        self.api = api
        self.calls = []      # as in calls.json, in order
        self.clauses = {}    # id -> clause
        self.errata = []
        self.ext_calls = []   # as in ext-calls.json, in order
        self.ext_clauses = {}  # id -> clause of the extension tier
        self.problems = []   # human-readable messages

    def call(self, name):
        for c in self.calls:
            if c.get("name") == name:
                return c
        return None


def _read(path, key, problems):
    if not os.path.exists(path):
        return []
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        items = data[key]
        if not isinstance(items, list):
            raise ValueError(f'"{key}" is not a list')
        return [i for i in items if isinstance(i, dict)]
    except (OSError, ValueError, KeyError, TypeError) as e:
        problems.append(f"{path}: unreadable ({e.__class__.__name__}: {e})")
        return []


def load(vectors_dir, api):
    v = ApiVectors(api)
    d = os.path.join(vectors_dir, api)
    v.calls = _read(os.path.join(d, "calls.json"), "calls", v.problems)
    for c in _read(os.path.join(d, "clauses.json"), "clauses", v.problems):
        if "id" in c:
            v.clauses[c["id"]] = c
    v.errata = _read(os.path.join(d, "errata.json"), "errata", v.problems)
    v.ext_calls = _read(os.path.join(d, "ext-calls.json"), "calls", v.problems)
    for c in _read(os.path.join(d, "ext-clauses.json"), "clauses", v.problems):
        if "id" in c:
            v.ext_clauses[c["id"]] = c
    return v


def is_extension(test, v):
    """A test of the extension tier cites an extension clause; the core's
    tests cite only the 2010 document's."""
    return any(c in v.ext_clauses for c in test.clauses)


def extension_view(v):
    """The extension tier as an ApiVectors of its own, so the code that
    judges the core judges it the same way, never mixed with the core."""
    x = ApiVectors(v.api)
    x.calls, x.clauses = v.ext_calls, v.ext_clauses
    return x


def exportable(call):
    """Calls that are symbols of the API's library (macros are not, nor
    the entry points a uDAPL provider library exports to the registry)."""
    return (call.get("kind", "function") in ("function", "data")
            and call.get("exported_by", "library") == "library")


def testable(clause):
    return clause.get("testability", "testable") == "testable"


def snake(call_name):
    """GNI_CqCreate -> cq_create, dmapp_put_nbi -> put_nbi,
    dat_ia_open -> ia_open: the <call> component of test names."""
    name = call_name
    for prefix in ("GNI_", "gni_", "dmapp_", "DMAPP_", "dat_", "DAT_"):
        if name.startswith(prefix):
            name = name[len(prefix):]
            break
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i > 0 and (name[i - 1].islower() or
                                       name[i - 1].isdigit()):
            out.append("_")
        out.append(ch.lower())
    return "".join(out)
