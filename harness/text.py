"""Text that came from the implementation, made safe for every report.

A test's output, its record and the loader's messages can hold anything:
escape sequences that rewrite a terminal, bytes XML cannot carry, one
line of 20 MB.  Everything the harness keeps from them goes through
clean() and bounded() once, where the result is made (runner.py), so the
terminal, results.json, junit.xml and report.html all get the same safe
text (docs/certification.md, "Output is bounded")."""

import re

TAIL = 8192        # characters of a test's stdout and of its stderr kept
DETAIL = 400       # characters of a one-line detail (verdict, failure field)

# C0 controls but tab and newline, DEL, C1 controls, and the two
# non-characters XML 1.0 refuses.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")


def decode(data):
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else data


def clean(text, lines=True):
    """text with every control character shown as '?'; newlines kept
    only when lines is true (else they become spaces)."""
    text = _CONTROL.sub("?", decode(text))
    return text if lines else text.replace("\n", " ").replace("\t", " ")


def bounded(text, limit=DETAIL):
    """One line of at most limit characters (plus a note of the cut)."""
    text = clean(text, lines=False)
    if len(text) <= limit:
        return text
    return f"{text[:limit]} [... {len(text) - limit} more characters]"


def tail(text, limit=TAIL, dropped=0):
    """The last limit characters of an output, cleaned; dropped: bytes
    before them that were not even kept."""
    text = clean(text)
    if len(text) > limit:
        dropped += len(text) - limit
        text = text[-limit:]
    return f"[... {dropped} bytes before]\n{text}" if dropped else text


def last_line(text):
    lines = text.strip().splitlines()
    return bounded(lines[-1], 200) if lines else ""
