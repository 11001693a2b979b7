"""The specification's text as sections of sentences, and where each
clause's sentence is in it.

The project does not ship the vendor's documents: the text comes from a
directory the user names (`make spec SPEC=dir`), holding the reflowed
S-2446-31 (`gni-dmapp-S-2446-31.txt`, one section heading per paragraph)
and uDAPL man pages (`*.txt` whose first line after `<beginning of page>`
names the page).  Without it every section is the list of its clauses'
statements (pages.py)."""

import glob
import os
import re
from dataclasses import dataclass, field

SECTION_RE = re.compile(r"^((?:\d+|[A-Z])(?:\.\d+)+|\d+)\s+(\S.*)$")
TOC_DOTS = re.compile(r"\. \. \.")
SENTENCE_END = re.compile(r"(?<=[.;:])\s+(?=[A-Z(\"'])")
WORD = re.compile(r"[a-z0-9_]+")
STOP = set("""a an the of to in on and or is are be by for with as at it its
this that these those from into not no can may must will shall should
which when if then than only also any all each one two was were has have
been does do their there so such use used using""".split())

# Which API a section of S-2446-31 belongs to: Part I (chapters 1-3) is
# uGNI, Part II (chapters 4-5) is DMAPP.
API_OF_CHAPTER = {"1": "ugni", "2": "ugni", "3": "ugni", "4": "dmapp",
                  "5": "dmapp"}


@dataclass
class Sentence:
    text: str
    section: str
    words: frozenset
    clauses: list = field(default_factory=list)


@dataclass
class Section:
    number: str          # "3.6.1", or a man page name for uDAPL
    title: str
    paragraphs: list = field(default_factory=list)   # lists of Sentence


def words(text):
    return frozenset(w for w in WORD.findall(text.lower())
                     if w not in STOP and len(w) > 1)


def _sentences(paragraph, section):
    out = []
    for part in SENTENCE_END.split(paragraph):
        part = part.strip()
        if part:
            out.append(Sentence(part, section, words(part)))
    return out


def _paragraphs(lines):
    """Blank-line separated paragraphs, as lists of lines."""
    paras, buf = [], []
    for line in lines:
        if line.strip():
            buf.append(line.rstrip("\n"))
        elif buf:
            paras.append(buf)
            buf = []
    if buf:
        paras.append(buf)
    return paras


def parse_s2446(path):
    """{api: [Section]} of the reflowed S-2446-31 text: the body of
    chapters 1-5 (the table of contents, which ends in the paragraph that
    also opens chapter 1, is left out)."""
    sections = {"ugni": [], "dmapp": []}
    with open(path, encoding="utf-8", errors="replace") as f:
        paras = _paragraphs(f)
    last_toc = max(i for i, p in enumerate(paras)
                   if any(TOC_DOTS.search(x) for x in p))
    current = None
    for lines in paras[last_toc + 1:]:
        m = SECTION_RE.match(lines[0].strip())
        body = lines
        if m and m.group(1).split(".")[0] in API_OF_CHAPTER and \
                _is_title(m.group(2)):
            number = m.group(1)
            title, first = _split_title(m.group(2))
            current = Section(number, title)
            sections[API_OF_CHAPTER[number.split(".")[0]]].append(current)
            body = ([first] if first else []) + lines[1:]
        if current is None:
            continue
        indented = [x for x in lines[1:] if x.strip()]
        if indented and all(x.startswith(" ") for x in indented):
            # return codes, members, a synopsis: one line each
            for x in body:
                if x.strip():
                    current.paragraphs.append(
                        _sentences(x.strip(), current.number))
        elif body:
            current.paragraphs.append(
                _sentences(" ".join(x.strip() for x in body),
                           current.number))
    return sections


def _is_title(text):
    """A heading's title starts with a capital or is a C name
    ("dmapp_init"); "3.1 release and ..." or "3.1 System." is a sentence
    that happens to start with a number."""
    first = text.split()[0]
    if first.endswith("."):
        return False            # "3.1 System." ends a sentence
    return first[0].isupper() or "_" in first


_TITLE_END = re.compile(r"\s(?=(?:The|A|An|This|These|Use|All|In|When|If|"
                        r"For|DMAPP|GNI|Each|Zero|It|To|On|uGNI)\s)")


def _split_title(rest):
    m = _TITLE_END.search(rest)
    if m and m.start() < 80:
        return rest[:m.start()].strip(), rest[m.end():].strip()
    if len(rest) <= 80:
        return rest.strip(), ""
    return rest[:60].rsplit(" ", 1)[0], rest


MAN_HEADING = re.compile(r"^[A-Z][A-Z ]+$")
MAN_NAME = re.compile(r"^(dat_[a-z_]+)\s*(?:<->|-)\s*(.*)$")


def _man_chunks(text):
    """(name, description, body lines) of each man page in a file: the
    Solaris text form (pages start at "<beginning of page>") and the
    numbered-line form with NAME / SYNOPSIS headings."""
    if "<beginning of page>" in text:
        for chunk in text.split("<beginning of page>"):
            lines = [x for x in chunk.splitlines() if x.strip()]
            m = MAN_NAME.match(lines[0].strip()) if lines else None
            if m:
                yield m.group(1), m.group(2), lines[1:]
        return
    lines = [re.sub(r"^\d+\s?", "", x) for x in text.splitlines()]
    for i, x in enumerate(lines):
        if x.strip() == "NAME" and i + 1 < len(lines):
            rest = [y for y in lines[i + 1:] if y.strip()]
            m = MAN_NAME.match(rest[0].strip()) if rest else None
            if m:
                yield m.group(1), m.group(2), rest[1:]
            return


def parse_man_pages(spec_dir):
    """[Section] of every uDAPL man page in spec_dir and its original/:
    one section per page, named as the clauses name it
    ("dat_rmr_bind(3DAT)"), each once however many files repeat it."""
    pages, seen = [], set()
    files = sorted(glob.glob(os.path.join(spec_dir, "*.txt")) +
                   glob.glob(os.path.join(spec_dir, "original", "*.txt")))
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for name, desc, body in _man_chunks(text):
            name += "(3DAT)"
            if name in seen:
                continue
            seen.add(name)
            page = Section(name, desc.strip())
            pages.append(page)
            para = []
            for x in body + [""]:
                x = x.strip().replace("<hy>", "-")
                if x and not MAN_HEADING.match(x):
                    para.append(x)
                    continue
                if para:
                    joined = re.sub(r"-\s+(?=[a-z])", "", " ".join(para))
                    page.paragraphs.append(_sentences(joined, name))
                para = []
    return pages


def load(spec_dir):
    """{api: [Section]} from the spec directory, or {} without one."""
    if not spec_dir:
        return {}
    out = {}
    s2446 = os.path.join(spec_dir, "gni-dmapp-S-2446-31.txt")
    if os.path.exists(s2446):
        out.update(parse_s2446(s2446))
    pages = parse_man_pages(spec_dir)
    if pages:
        out["udapl"] = pages
    return out


def _related(clause_section, text_section):
    """A clause of 3.6.1 may sit in 3.6.1 or any of its subsections, and a
    clause of 3.6.1.3 in 3.6.1 (the call's own description)."""
    a, b = clause_section, text_section
    return a == b or b.startswith(a + ".") or a.startswith(b + ".")


def page_of(section):
    """The man page a uDAPL clause's section names: "dat_x(3DAT) ..."."""
    m = re.match(r"^(dat_[a-z_]+\(3DAT\))", section)
    return m.group(1) if m else section


RC_NAME = re.compile(r"\b(GNI_RC_[A-Z_]+|DMAPP_RC_[A-Z_]+|DAT_[A-Z_]+)\b")


def _score(clause, cw, s):
    """How well sentence s states the clause: 1 for the return-code line
    of the code a return-code clause expects, else the share of the
    sentence's words the clause's statement uses (0 when under 2)."""
    if clause["kind"] == "return-code":
        m = RC_NAME.search(clause.get("expected") or "")
        if m and s.text.startswith(m.group(1)):
            return 1.0
    shared = len(s.words & cw)
    if shared < 2 or len(s.words) < 2:
        return 0.0
    sc = shared / len(s.words)
    return sc if (shared >= 3 or sc >= 0.6) else 0.0


def locate(sections, clauses, minimum=0.4):
    """Puts each clause on the sentence of its section that states it best
    (_score), and returns the ids of the clauses it found nowhere.  Each
    clause lands once."""
    by_section = {}
    for sec in sections:
        for para in sec.paragraphs:
            by_section.setdefault(sec.number, []).extend(para)
    unplaced = []
    for c in clauses:
        want = page_of(c["section"])
        cw = words(c["statement"] + " " + (c.get("expected") or ""))
        best, score = None, 0.0
        for number, sents in by_section.items():
            if not _related(want, number):
                continue
            own = number == want
            for s in sents:
                sc = _score(c, cw, s) + (0.01 if own else 0.0)
                if sc > score:
                    best, score = s, sc
        if best is not None and score >= minimum:
            best.clauses.append(c["id"])
        else:
            unplaced.append(c["id"])
    return unplaced
