"""Failures grouped by cause: one bug, one row (docs/certification.md,
"Failures by cause").

A test that did not pass (FAIL, CRASH, TIMEOUT) is put with the others
that broke the same way:

  FAIL     the first failing check's call (the first API call named in
           the check, else the call the test is about) and what it
           observed: "dat_ia_close returned DAT_PROVIDER_NOT_FOUND
           (expected DAT_SUCCESS)";
  CRASH    the signal, the API call the test was inside (the outermost
           frame outside the corpus binary in the crash site the
           process recorded, rdmacts_crash.c) and the function that
           faulted: "crash in dat_srq_create (SIGSEGV)";
  TIMEOUT  the call the test is about.

One bug in one call then reads as one row, however many tests it
breaks; the per-test list stays beside it in every report."""

import re

from harness import verdicts as V

# DAT_RETURN types (uDAPL 1.2 dat_error.h), to name an observed return.
DAT_TYPES = {
    0x00000000: "DAT_SUCCESS", 0x00010000: "DAT_ABORT",
    0x00020000: "DAT_CONN_QUAL_IN_USE", 0x00030000: "DAT_INSUFFICIENT_RESOURCES",
    0x00040000: "DAT_INTERNAL_ERROR", 0x00050000: "DAT_INVALID_HANDLE",
    0x00060000: "DAT_INVALID_PARAMETER", 0x00070000: "DAT_INVALID_STATE",
    0x00080000: "DAT_LENGTH_ERROR", 0x00090000: "DAT_MODEL_NOT_SUPPORTED",
    0x000A0000: "DAT_PROVIDER_NOT_FOUND", 0x000B0000: "DAT_PRIVILEGES_VIOLATION",
    0x000C0000: "DAT_PROTECTION_VIOLATION", 0x000D0000: "DAT_QUEUE_EMPTY",
    0x000E0000: "DAT_QUEUE_FULL", 0x000F0000: "DAT_TIMEOUT_EXPIRED",
    0x00100000: "DAT_PROVIDER_ALREADY_REGISTERED",
    0x00110000: "DAT_PROVIDER_IN_USE", 0x00120000: "DAT_INVALID_ADDRESS",
    0x00130000: "DAT_INTERRUPTED_CALL", 0x00140000: "DAT_CONN_QUAL_UNAVAILABLE",
    0x0FFF0000: "DAT_NOT_IMPLEMENTED",
}
TYPE_MASK = 0x3FFF0000

# An API call written in a check: dat_ep_create(, GNI_CqCreate(, dmapp_put(
CALL_RE = re.compile(r"\b((?:dat|dmapp|PMI)_[A-Za-z0-9_]+|GNI_[A-Za-z0-9]+)\s*\(")
# A crash frame: "symbol+0xoff@object" or "object+0xoff"
FRAME_RE = re.compile(r"^(?:(?P<sym>[^@+]+)\+0x[0-9a-f]+@(?P<obj>.+)"
                      r"|(?P<bare>[^+]+)\+0x[0-9a-f]+|(?P<null>NULL))$")


def _value(text):
    """The number a check printed ("2148139106", "6(DAT_...)")."""
    m = re.match(r"^(-?\d+)", text or "")
    return int(m.group(1)) if m else None


def result_name(api, text):
    """An observed value as a reader names it: a DAT_RETURN by its type
    (its class and subtype dropped), anything else as printed."""
    v = _value(text)
    if api == "udapl" and v is not None:
        v &= 0xFFFFFFFF
        name = DAT_TYPES.get(v & TYPE_MASK)
        if name and (v == (v & TYPE_MASK) or v & 0x80000000 or v == 0):
            return name
    label = re.match(r"^-?\d+\((.+)\)$", text or "")
    return label.group(1) if label else (text or "?")


def frame_parts(frame):
    """(function or None, object) of a crash frame."""
    m = FRAME_RE.match(frame or "")
    if not m:
        return None, frame or "?"
    if m.group("null"):
        return "NULL", "-"
    if m.group("sym"):
        return m.group("sym"), m.group("obj")
    return None, m.group("bare")


def _in_corpus(frame, api):
    """A frame of the corpus binary or of the test framework it runs on
    (CUnit: a test whose last statement is the call may have left no
    frame of its own, the compiler having made it a tail call)."""
    obj = frame_parts(frame)[1]
    return obj == f"{api}_tests" or obj.startswith("libcunit.")


def _where(frame):
    fn, obj = frame_parts(frame)
    return fn if fn and fn != "NULL" else ("a call through NULL" if fn else obj)


def cause(rec):
    """dict(verdict, call, result, frames) naming why rec did not pass."""
    api, verdict = rec["api"], rec["verdict"]
    call = rec.get("c_call") or rec.get("call") or "?"
    if verdict == V.FAIL and rec.get("failures"):
        f = rec["failures"][0]
        named = CALL_RE.search(f.get("msg", ""))
        obs, exp = result_name(api, f["observed"]), result_name(api, f["expected"])
        if named:
            return dict(verdict=verdict, call=named.group(1), frames=[],
                        result=f"returned {obs} (expected {exp})")
        if _value(f["observed"]) is not None and _value(f["expected"]) is not None:
            return dict(verdict=verdict, call=call, frames=[],
                        result=f"gave {obs} (expected {exp})")
        return dict(verdict=verdict, call=call, frames=[],
                    result=f"check failed: {f.get('msg', '')[:80]}")
    if verdict == V.CRASH and (rec.get("crash") or {}).get("frames"):
        crash = rec["crash"]
        frames = crash["frames"]
        mine = []
        for fr in frames:
            if _in_corpus(fr, api):
                break
            mine.append(fr)
        if not mine:
            return dict(verdict=verdict, call=call, frames=frames[:3],
                        result=f"{crash['signal']} in the test's own code")
        if all(frame_parts(f)[1] == "unmapped" for f in mine):
            # code that is gone: a library unloaded under a running call
            return dict(verdict=verdict, call=call, frames=frames[:3],
                        result=f"{crash['signal']} in unmapped code")
        entry, top = _where(mine[-1]), _where(mine[0])
        inside = "" if top == entry else f" at {top}"
        return dict(verdict=verdict, call=entry, frames=mine[:3],
                    result=f"{crash['signal']}{inside}")
    if verdict == V.CRASH:
        detail = re.sub(r"\d+(\.\d+)?", "N", rec.get("detail") or "")[:80]
        return dict(verdict=verdict, call=call, frames=[],
                    result=f"{detail or 'no detail'}, no crash site recorded")
    return dict(verdict=verdict, call=call, frames=[],
                result=verdict.lower())


def phrase(g):
    """"183 tests crash in dat_srq_create (SIGSEGV)"."""
    n = g["count"]
    tests = f"{n} test{'s' if n != 1 else ''}"
    if g["verdict"] == V.CRASH:
        return f"{tests} crash in {g['call']} ({g['result']})"
    if g["verdict"] == V.TIMEOUT:
        return f"{tests} time out in {g['call']}"
    if g["result"].startswith(("returned ", "gave ")):
        return f"{tests} fail: {g['call']} {g['result']}"
    return f"{tests} fail in {g['call']}: {g['result']}"


def group(records):
    """The groups of the records that did not pass, largest first: dicts
    with verdict, call, result, frames (the first test's), count, tiers
    ({tier: count}), tests (names) and phrase."""
    groups = {}
    for r in records:
        if r["verdict"] not in V.BROKEN:
            continue
        c = cause(r)
        key = (c["verdict"], c["call"], c["result"])
        g = groups.setdefault(key, dict(c, count=0, tiers={}, tests=[]))
        g["count"] += 1
        g["tiers"][r["tier"]] = g["tiers"].get(r["tier"], 0) + 1
        g["tests"].append(r["name"])
    out = sorted(groups.values(),
                 key=lambda g: (-g["count"], g["verdict"], g["call"], g["result"]))
    for g in out:
        g["phrase"] = phrase(g)
    return out
