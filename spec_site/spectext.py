"""The specification's text as sections of sentences, and where each
clause's `source` (vectors/<api>/clauses.json) is in it.

The project does not ship the vendor's documents: the text comes from a
directory the user names (`make spec SPEC=dir`, ../shared/spec), holding
the reflowed S-2446-31 (`gni-dmapp-S-2446-31.txt`, one section heading per
paragraph) and the uDAPL man pages, one per call (`udapl/<call>.txt`, as
`mandoc -T ascii | col -bx` renders them).

Each section keeps its text normalised (a paragraph per line, runs of
white space as one space, words broken at a line end's hyphen joined):
a clause's quote is verbatim in that text, and lands on the sentences it
overlaps.  vectors/tools/check_vectors.py holds the quotes to the same
text, so the site and the check agree on what "in the text" means."""

import glob
import os
import re
from dataclasses import dataclass, field

S2446 = "gni-dmapp-S-2446-31.txt"
SECTION_RE = re.compile(r"^((?:\d+|[A-Z])(?:\.\d+)+|\d+)\s+(\S.*)$")
TOC_DOTS = re.compile(r"\. \. \.")
WORD = re.compile(r"[a-z0-9_]+")
STOP = set("""a an the of to in on and or is are be by for with as at it its
this that these those from into not no can may must will shall should
which when if then than only also any all each one two was were has have
been does do their there so such use used using""".split())

# Which API a section of S-2446-31 belongs to: Part I (chapters 1-3) is
# uGNI, Part II (chapters 4-5 and the sample code of Appendix A) DMAPP.
API_OF_CHAPTER = {"1": "ugni", "2": "ugni", "3": "ugni", "4": "dmapp",
                  "5": "dmapp", "A": "dmapp"}
# The chapters whose every sentence is classified (stated, informative or
# an open gap); the others are overview the clauses may still quote.
CLASSIFIED_CHAPTERS = ("3", "5")


@dataclass
class Sentence:
    text: str
    section: str
    start: int            # offsets into the section's text
    end: int
    words: frozenset
    clauses: list = field(default_factory=list)    # [(clause id, how)]
    informative: str = ""  # the declared reason, when informative
    classified: bool = True

    @property
    def status(self):
        if self.clauses:
            return "stated"
        if not self.classified:
            return "unclassified"
        return "informative" if self.informative else "gap"


@dataclass
class Section:
    number: str          # "3.6.1", or "dat_ep_post_send(3DAT) DESCRIPTION"
    title: str
    page: str = ""       # uDAPL: the man page, "dat_ep_post_send(3DAT)"
    classified: bool = True
    text: str = ""
    paragraphs: list = field(default_factory=list)   # lists of Sentence

    def add(self, paragraph):
        """Appends a paragraph (normalised here) and its sentences."""
        para = normalise(paragraph)
        if not para:
            return
        if self.text:
            self.text += "\n"
        base = len(self.text)
        self.text += para
        self.paragraphs.append([
            Sentence(para[a:b], self.number, base + a, base + b,
                     words(para[a:b]), classified=self.classified)
            for a, b in split_sentences(para)])

    def sentences(self):
        return [s for p in self.paragraphs for s in p]

    def find(self, quote):
        """The sentences the first occurrence of quote overlaps ([] when
        the text does not hold it)."""
        at = self.text.find(quote) if quote else -1
        if at < 0:
            return []
        end = at + len(quote)
        return [s for s in self.sentences() if s.start < end and s.end > at]


def normalise(text):
    """One line: a word broken by a hyphen at a line's end is joined
    ("Consumer-\\nallocated" -> "Consumer-allocated"), then every run of
    white space is one space."""
    text = re.sub(r"(?<=[A-Za-z])-\s*\n\s*(?=[A-Za-z])", "-", text)
    return re.sub(r"\s+", " ", text).strip()


def words(text):
    return frozenset(w for w in WORD.findall(text.lower())
                     if w not in STOP and len(w) > 1)


# A sentence ends after a full stop, before a bullet, and after a bullet
# item that is one upper-case name when a parameter's name and its
# description follow ("... \u2022 GNI_CQ_NOBLOCK event_handler User ...").
_BOUNDARY = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=\S)|\s+(?=\u2022)|"
                       r"(?P<item>(?<=[A-Z0-9_]{4}) (?=[a-z][a-z0-9]*_"
                       r"[a-z0-9_]+ [A-Z]))")
_NO_END = re.compile(r"(?:\b(?:e\.g|i\.e|vs|cf|Fig|No|approx)\.|"
                     r"\bTable \d+\.|\b[A-Z]\.|\.\.\.?)$")


# The tables of S-2446-31, inline in the reflowed text: the caption with
# the column heads, then one row per match of the row pattern.
TABLES = {
    "Table 1. gni_ntt_descriptor Type Option Description":
        re.compile(r"uint\d+_t \w+ [^.]*\."),
    "Table 1. AMO Instructions Supported by Gemini Command Description "
    "Data Returned in Response":
        re.compile(r"A[A-Z]{2,5} (?:Atomic|Compare)[A-Za-z ]*? (?:yes|no)\b"),
}


def split_sentences(para):
    """(start, end) of each sentence of a normalised paragraph: a sentence
    ends at a full stop (not after "e.g.", "Table 1." and the like) and
    before a bullet.  Parameter lists ("nic_handle Handle of ...") end a
    sentence at each full stop even when the next word is lower case.  A
    table (TABLES) is its caption, then a sentence per row."""
    for caption, row in TABLES.items():
        at = para.find(caption)
        if at < 0:
            continue
        end, rows = at + len(caption), []
        while True:
            m = row.match(para, end + 1)
            if not m:
                break
            rows.append((m.start(), m.end()))
            end = m.end()
        return ([(a, b) for a, b in _split(para[:at])]
                + [(at, at + len(caption))] + rows
                + [(end + a, end + b) for a, b in _split(para[end:])])
    return _split(para)


def _split(para):
    out, start = [], 0
    while start < len(para) and para[start] == " ":
        start += 1
    for m in _BOUNDARY.finditer(para):
        head = para[start:m.start()]
        if not head.strip() or _NO_END.search(head):
            continue
        if m.group("item") and not re.match(
                r"\u2022 [^.]*\b[A-Z][A-Z0-9_]+$", head.strip()):
            continue
        out.append((start, m.start()))
        start = m.end()
    if para[start:].strip():
        out.append((start, len(para.rstrip())))
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


INLINE_HEADINGS = (
    (" Part II: The DMAPP API About the DMAPP API [4] ",
     "4 About the DMAPP API "),
    (" A.1 dmapp_put.c ", "A.1 dmapp_put.c "))
_TOC_ENTRY = re.compile(r"(?:^|\s)((?:\d+|A)(?:\.\d+)+) (.+?) (?:\. )+\.?\s*\d+")


def parse_s2446(path):
    """{api: [Section]} of the reflowed S-2446-31 text: the body of
    chapters 1-5 and Appendix A.  The table of contents (which ends in
    the paragraph that also opens chapter 1) gives each heading's number
    and title, so that "3.1 release and ..." is not taken for one."""
    sections = {"ugni": [], "dmapp": []}
    with open(path, encoding="utf-8", errors="replace") as f:
        paras = _paragraphs(f)
    last_toc = max(i for i, p in enumerate(paras)
                   if any(TOC_DOTS.search(x) for x in p))
    toc = dict(_TOC_ENTRY.findall(" ".join(
        " ".join(p) for p in paras[:last_toc + 1])))
    # Two headings share a line with the text before them: the sample
    # code's (after 5.4.2) and Part II's introduction (after 3.13.9),
    # which has no number: it is chapter 4's opening, "4".
    split = []
    for p in paras[last_toc + 1:]:
        for marker, heading in INLINE_HEADINGS:
            at = p[0].find(marker)
            if at > 0:
                split.append([p[0][:at]])
                p = [heading + p[0][at + len(marker):]] + p[1:]
        split.append(p)
    toc.setdefault("4", "About the DMAPP API")
    current = None
    for lines in split:
        m = SECTION_RE.match(lines[0].strip())
        body = lines
        if m and toc.get(m.group(1)) and \
                (m.group(2) + " ").startswith(toc[m.group(1)] + " "):
            number, title = m.group(1), toc[m.group(1)]
            chapter = number.split(".")[0]
            current = Section(number, title,
                              classified=chapter in CLASSIFIED_CHAPTERS)
            sections[API_OF_CHAPTER[chapter]].append(current)
            first = m.group(2)[len(title):].strip()
            body = ([first] if first else []) + lines[1:]
        if current is None:
            continue
        indented = [x for x in lines[1:] if x.strip()]
        if indented and all(x.startswith(" ") for x in indented):
            # return codes, members, a synopsis: one line each
            for x in body:
                current.add(x)
        elif body:
            current.add("\n".join(body))
    return sections


MAN_HEADING = re.compile(r"^[A-Z][A-Z ]*[A-Z]$")
MAN_TITLE = re.compile(r"^([A-Z_0-9]+)\((3DAT|3LIB)\)\s")
MAN_BULLET = re.compile(r"^\s+o\s{2,}\S")
MAN_RULE = re.compile(r"^\s*\+[-+]+\+\s*$")


def parse_man_page(path):
    """[Section] of one rendered man page: one section per heading (NAME,
    SYNOPSIS, ... SEE ALSO), named "<page> <HEADING>".  A paragraph is a
    blank-line separated block (a definition's term and its text are
    one), a bullet ("o  ...") starts its own; table rules are dropped and
    a row's cells read left to right."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    m = MAN_TITLE.match(lines[0]) if lines else None
    if not m:
        return []
    page = f"{m.group(1).lower()}({m.group(2)})"
    out, current, buf = [], None, []
    term = None            # a lone term line waiting for its description

    def flush():
        if current is not None and buf:
            current.add("\n".join(buf))
        buf.clear()

    def indent(x):
        return len(x) - len(x.lstrip())

    for line in lines[1:]:
        if line.rstrip().endswith(f"{m.group(1)}({m.group(2)})") and \
                line.startswith(" "):
            continue                                   # the footer
        if line and not line[0].isspace() and MAN_HEADING.match(line.strip()):
            flush()
            term = None
            current = Section(f"{page} {line.strip()}", line.strip(), page)
            out.append(current)
            continue
        if MAN_RULE.match(line):
            continue
        if line.strip().startswith("|"):
            flush()                      # a table row is a paragraph
            current.add(" ".join(c.strip() for c in line.strip().strip("|")
                                 .split("|")))
            continue
        if not line.strip():
            # a term alone on its line ("ia_handle", "mem_privileges:")
            # stays with the description indented under it
            if len(buf) == 1 and len(buf[0].split()) <= 3 and \
                    not buf[0].rstrip().endswith("."):
                term = indent(buf[0])
            elif term is None:
                flush()
            continue
        if term is not None:
            if indent(line) <= term:
                flush()
            term = None
        if MAN_BULLET.match(line):
            flush()
        buf.append(line)
    flush()
    return out


def parse_man_pages(spec_dir):
    """[Section] of every uDAPL page in spec_dir/udapl, libdat(3LIB)
    first, then the calls' pages in order."""
    files = sorted(glob.glob(os.path.join(spec_dir, "udapl", "*.txt")),
                   key=lambda p: (not p.endswith("libdat.txt"), p))
    out = []
    for path in files:
        out.extend(parse_man_page(path))
    return out


def load(spec_dir):
    """{api: [Section]} from the spec directory, or {} without one."""
    if not spec_dir:
        return {}
    out = {}
    s2446 = os.path.join(spec_dir, S2446)
    if os.path.exists(s2446):
        out.update(parse_s2446(s2446))
    pages = parse_man_pages(spec_dir)
    if pages:
        out["udapl"] = pages
    return out


def page_of(section):
    """The man page a uDAPL clause's section names: "dat_x(3DAT) ..."."""
    m = re.match(r"^((?:dat_[a-z_]+|libdat)\(3(?:DAT|LIB)\))", section)
    return m.group(1) if m else section
