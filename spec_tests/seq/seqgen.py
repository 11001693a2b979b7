#!/usr/bin/python3
"""seqgen.py: turns the sequence files of one API into C data.

    seqgen.py BINDING.json OUT.c [SEQ_DIR]

BINDING.json names the API's header, its calls.json and clauses.json,
the directory of its sequence files (SEQ_DIR overrides it), the file of
its fixtures, its success code and the calls that release a handle (see
docs/sequences.md).  Every .seq file of the directory is parsed and checked against the header (constants, struct
members), calls.json (call names, arity, which arguments may take
&slot) and clauses.json (clause ids); any problem is printed as
FILE:LINE: message and the program exits 1, so a malformed sequence
fails the build.  The output is one C file: the call wrappers of the
binding, then every test as a table that spec_tests/seq/seq_run.c
interprets.  Standard library only.
"""
import json
import os
import re
import sys

OPS = {"==": "SEQ_EQ", "!=": "SEQ_NE", "<": "SEQ_LT", "<=": "SEQ_LE",
       ">": "SEQ_GT", ">=": "SEQ_GE"}
NAME_RE = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+){3,}$")
SLOT_RE = re.compile(r"^\$([a-z_][a-z0-9_]*)(?:\.([a-z_][a-z0-9_]*))?([+-](?:0x[0-9a-fA-F]+|\d+))?$")
INT_RE = re.compile(r"^-?(0x[0-9a-fA-F]+|\d+)$")
IDENT_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class SeqError(Exception):
    def __init__(self, where, msg):
        super().__init__("%s:%d: %s" % (where[0], where[1], msg))


def seq_arg(kind, slot=-1, field=-1, num="0", env="NULL", dflt="0"):
    """The C initializer of one struct seq_arg (seq.h), every member given."""
    return "{%s, %d, %d, %s, %s, %s}" % (kind, slot, field, num, env, dflt)


def cstr(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------- the header

class Header:
    """What the sequences may name from the API's public header."""

    def __init__(self, path):
        text = open(path).read()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        self.constants = set(re.findall(r"^\s*#\s*define\s+([A-Za-z_]\w*)(?=[ \t]|$)",
                                        text, flags=re.M))
        self.structs = {}
        self.enums = {}
        self.pointer_types = set(re.findall(r"typedef\s+struct\s+\w+\s*\*\s*(\w+)\s*;", text))
        for body, name in re.findall(r"typedef\s+enum\s*\w*\s*\{(.*?)\}\s*(\w+)\s*;", text, re.S):
            members = [m.split("=")[0].strip() for m in body.split(",") if m.strip()]
            self.enums[name] = members
            self.constants.update(members)
        for body in re.findall(r"\benum\s*\{(.*?)\}\s*;", text, re.S):
            self.constants.update(m.split("=")[0].strip() for m in body.split(",") if m.strip())
        for body, name in re.findall(r"typedef\s+struct\s*\w*\s*\{(.*?)\}\s*(\w+)\s*;", text, re.S):
            fields = {}
            for decl in body.split(";"):
                decl = decl.strip()
                m = re.match(r"^(.*?)(\w+)\s*(\[\s*\w+\s*\])?$", decl, re.S)
                if m and m.group(1).strip():
                    fields[m.group(2)] = m.group(1).strip()
            self.structs[name] = fields
        self.types = set(self.structs) | set(self.enums) | self.pointer_types | {
            "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int", "int32_t", "int64_t"}
        self.types |= set(re.findall(r"typedef\s+[\w ]+?\s(\w+)\s*;", text))


# ---------------------------------------------------------------- parsing

class Test:
    def __init__(self, kind, name, where):
        self.kind, self.name, self.where = kind, name, where
        self.clauses, self.attrs, self.uses, self.steps = [], "", [], []


def read_blocks(path):
    """Splits a file into fixture and test blocks of (where, tokens) lines."""
    blocks, cur = [], None
    for n, raw in enumerate(open(path), 1):
        line = re.sub(r"(^|\s)#.*$", "", raw).strip()
        if not line:
            continue
        where = (path, n)
        toks = line.split()
        if toks[0] in ("test", "fixture"):
            if cur:
                raise SeqError(where, "'%s' inside %s %s (missing 'end')" % (toks[0], cur.kind, cur.name))
            if len(toks) < 2:
                raise SeqError(where, "'%s' needs a name" % toks[0])
            cur = Test(toks[0], toks[1], where)
            if toks[0] == "fixture":
                if len(toks) > 2 and toks[2] != "uses":
                    raise SeqError(where, "expected 'fixture NAME [uses F...]'")
                cur.uses = toks[3:]
            elif len(toks) != 2:
                raise SeqError(where, "expected 'test NAME'")
            continue
        if cur is None:
            raise SeqError(where, "'%s' outside a test or fixture" % toks[0])
        if toks[0] == "end":
            if len(toks) != 1:
                raise SeqError(where, "'end' takes nothing")
            blocks.append(cur)
            cur = None
        elif toks[0] == "clauses" and cur.kind == "test":
            cur.clauses += [c for t in toks[1:] for c in t.split(",") if c]
        elif toks[0] == "attrs" and cur.kind == "test":
            cur.attrs = " ".join(toks[1:])
        elif toks[0] == "uses" and cur.kind == "test":
            cur.uses += toks[1:]
        else:
            cur.steps.append((where, toks))
    if cur:
        raise SeqError(cur.where, "%s %s has no 'end'" % (cur.kind, cur.name))
    return blocks


class Gen:
    def __init__(self, binding_path, seq_dir=None):
        self.b = json.load(open(binding_path))
        root = os.path.dirname(os.path.abspath(binding_path))
        root = os.path.normpath(os.path.join(root, self.b.get("root", ".")))
        rel = lambda p: os.path.relpath(os.path.join(root, p))
        self.header = Header(rel(self.b["header"]))
        self.calls = {c["name"]: c for c in json.load(open(rel(self.b["calls"])))["calls"]
                      if c.get("kind", "function") == "function"}
        self.clauses = {c["id"] for c in json.load(open(rel(self.b["clauses"])))["clauses"]}
        self.seq_dir = seq_dir or rel(self.b["sequences"])
        self.fixture_file = rel(self.b["fixtures"]) if "fixtures" in self.b else None
        self.rc_codes = set(self.header.enums[self.b["rc_type"]])
        # NAME -> {"var": environment variable, "default": number}
        self.environment = self.b.get("environment", {})
        self.fixtures, self.tests = {}, []

    # --- values -------------------------------------------------------
    def value(self, tok, t, where, ptype=None):
        """A C initializer of struct seq_arg for one argument token."""
        if tok == "NULL":
            return seq_arg("SEQ_NUM")
        if tok == "GARBAGE":
            return seq_arg("SEQ_GARBAGE")
        name, plus, off = tok.partition("+")
        if name in self.environment:
            if plus and not INT_RE.match(off):
                raise SeqError(where, "expected %s+NUMBER, got %s" % (name, tok))
            e = self.environment[name]
            return seq_arg("SEQ_ENV", num=self.cint(off or "0"), env=cstr(e["var"]),
                           dflt=self.cint(str(e["default"])))
        if tok.startswith("&"):
            name = tok[1:]
            if not IDENT_RE.match(name):
                raise SeqError(where, "bad slot name in %s" % tok)
            if (name in t.slots and ptype is not None and ptype.endswith("*")
                    and t.slots[name][1] == "value" and name in t.let_slots):
                # a slot set by 'let' and then passed by address takes the
                # width of what the call writes there
                pointee = ptype[:-1].strip()
                if pointee != "void":
                    idx = t.slots[name][0]
                    t.slots[name] = (idx, "value", "sizeof(%s)" % pointee)
                    t.slot_list[idx] = (name, "value", "sizeof(%s)" % pointee)
                    t.let_slots.discard(name)
            if name not in t.slots:
                width = "8"
                if ptype is not None:
                    if not ptype.endswith("*"):
                        raise SeqError(where, "&%s passed where %s (not a pointer) is expected" % (name, ptype))
                    pointee = ptype[:-1].strip()
                    width = "64" if pointee == "void" else "sizeof(%s)" % pointee
                self.new_slot(t, name, "value", width)
            return seq_arg("SEQ_ADDR", slot=t.slots[name][0])
        m = SLOT_RE.match(tok)
        if m:
            name, field, off = m.groups()
            if name not in t.slots:
                raise SeqError(where, "slot $%s used before it is set" % name)
            idx, kind, info = t.slots[name]
            fidx = -1
            if field:
                if kind != "struct":
                    raise SeqError(where, "$%s.%s: $%s is not a struct" % (name, field, name))
                fidx = self.field_index(info, field, where)
            return seq_arg("SEQ_SLOT", idx, fidx, self.cint(off or "0"))
        return seq_arg("SEQ_NUM", num=self.const_expr(tok, where))

    def cint(self, s):
        neg = s.startswith("-")
        s = s.lstrip("+-")
        return "%s(long long)%sULL" % ("-" if neg else "", s)

    def const_expr(self, tok, where):
        parts = tok.split("|")
        out = []
        for p in parts:
            if INT_RE.match(p):
                out.append(self.cint(p))
            elif IDENT_RE.match(p) and p in self.header.constants:
                out.append("(long long)(%s)" % p)
            else:
                raise SeqError(where, "unknown value '%s' (not a number, a constant of %s, "
                               "NULL, GARBAGE, $slot or &slot)" % (p, self.b["header"]))
        return "(" + " | ".join(out) + ")"

    def field_index(self, stype, field, where):
        fields = self.header.structs[stype]
        if field not in fields:
            raise SeqError(where, "%s has no member %s" % (stype, field))
        key = (stype, field)
        if key not in self.field_ids:
            self.field_ids[key] = len(self.field_list)
            self.field_list.append(key)
        return self.field_ids[key]

    def new_slot(self, t, name, kind, info):
        if name in t.slots:
            if t.slots[name][1] != kind or (kind == "struct" and t.slots[name][2] != info):
                raise SeqError(t.cur_where, "slot %s redefined as another kind" % name)
            return t.slots[name][0]
        t.slots[name] = (len(t.slot_list), kind, info)
        t.slot_list.append((name, kind, info))
        return t.slots[name][0]

    # --- steps --------------------------------------------------------
    def codes(self, tok, where):
        codes = tok.split("|")
        for c in codes:
            if c not in self.rc_codes:
                raise SeqError(where, "'%s' is not a %s" % (c, self.b["rc_type"]))
        return codes

    def call(self, toks, t, where):
        """Parses 'NAME ARGS...'; returns (call name, [arg initializers])."""
        name = toks[0]
        if name not in self.calls:
            raise SeqError(where, "unknown call or step '%s'" % name)
        params = self.calls[name]["params"]
        args = toks[1:]
        if len(args) != len(params):
            raise SeqError(where, "%s takes %d arguments (%s), got %d" % (
                name, len(params), ", ".join(p["name"] for p in params), len(args)))
        vals = [self.value(a, t, where, p["type"]) for a, p in zip(args, params)]
        return name, vals

    def step(self, t, where, toks):
        t.cur_where = where
        s = {"where": where, "text": " ".join(toks), "op": None, "call": None,
             "args": [], "slot": -1, "type": None, "fields": [], "expect": None,
             "clause": None, "unless": None, "lacks": None}
        if toks[-1].startswith("@"):
            s["clause"] = toks[-1][1:]
            toks = toks[:-1]
            if t.kind == "test" and s["clause"] not in t.clauses:
                raise SeqError(where, "clause %s is not among the test's clauses" % s["clause"])
        op = toks[0]
        if op == "buf":
            # buf NAME SIZE [align N] [fill BYTE]
            if len(toks) < 3 or len(toks) % 2 == 0:
                raise SeqError(where, "expected 'buf NAME SIZE [align N] [fill BYTE]'")
            opts = dict(zip(toks[3::2], toks[4::2]))
            if set(opts) - {"align", "fill"}:
                raise SeqError(where, "buf options are align and fill")
            s["op"] = "SEQ_BUF"
            s["args"] = [self.value(toks[2], t, where),
                         seq_arg("SEQ_NUM", num=self.cint(opts.get("align", "16"))),
                         seq_arg("SEQ_NUM", num=self.cint(opts.get("fill", "0")))]
            s["slot"] = self.new_slot(t, toks[1], "buf", None)
        elif op in ("struct", "set"):
            # struct NAME TYPE [MEMBER=VALUE ...] / set NAME MEMBER=VALUE ...
            if op == "struct":
                if len(toks) < 3 or toks[2] not in self.header.structs:
                    raise SeqError(where, "expected 'struct NAME TYPE [member=value ...]' with a struct type of the header")
                stype, rest = toks[2], toks[3:]
                s["slot"] = self.new_slot(t, toks[1], "struct", stype)
            else:
                if len(toks) < 3 or toks[1] not in t.slots or t.slots[toks[1]][1] != "struct":
                    raise SeqError(where, "expected 'set STRUCT_SLOT member=value ...'")
                stype, rest = t.slots[toks[1]][2], toks[2:]
                s["slot"] = t.slots[toks[1]][0]
            s["op"] = "SEQ_STRUCT" if op == "struct" else "SEQ_SET"
            s["type"] = stype
            for a in rest:
                if "=" not in a:
                    raise SeqError(where, "expected member=value, got '%s'" % a)
                f, v = a.split("=", 1)
                s["fields"].append(self.field_index(stype, f, where))
                s["args"].append(self.value(v, t, where))
        elif op == "array":
            # array NAME TYPE V...
            if len(toks) < 4 or toks[2] not in self.header.types:
                raise SeqError(where, "expected 'array NAME TYPE VALUE...' with a type of the header")
            s["op"] = "SEQ_ARRAY"
            s["type"] = toks[2]
            s["args"] = [self.value(v, t, where) for v in toks[3:]]
            s["slot"] = self.new_slot(t, toks[1], "buf", None)
        elif op == "let":
            # let NAME = VALUE | let NAME = CALL ARGS...
            if len(toks) < 4 or toks[2] != "=":
                raise SeqError(where, "expected 'let NAME = VALUE' or 'let NAME = CALL ARGS...'")
            if toks[3] in self.calls:
                s["op"] = "SEQ_LET_CALL"
                s["call"], s["args"] = self.call(toks[3:], t, where)
            elif len(toks) == 4:
                s["op"] = "SEQ_LET"
                s["args"] = [self.value(toks[3], t, where)]
            else:
                raise SeqError(where, "unknown call '%s'" % toks[3])
            if toks[1] not in t.slots:
                t.let_slots.add(toks[1])
            s["slot"] = self.new_slot(t, toks[1], "value", "8")
        elif op == "check":
            # check A OP B
            if len(toks) != 4 or toks[2] not in OPS:
                raise SeqError(where, "expected 'check VALUE OP VALUE' with OP one of %s" % " ".join(OPS))
            s["op"] = "SEQ_CHECK"
            s["type"] = OPS[toks[2]]
            s["lhs"], s["rhs"] = toks[1], toks[3]
            s["args"] = [self.value(toks[1], t, where), self.value(toks[3], t, where)]
        elif op == "fill":
            # fill ADDR LEN BYTE: LEN bytes at ADDR set to BYTE
            if len(toks) != 4:
                raise SeqError(where, "expected 'fill ADDR LENGTH BYTE'")
            s["op"] = "SEQ_FILL"
            s["args"] = [self.value(x, t, where) for x in toks[1:]]
        elif op == "same":
            # same A B LEN: LEN bytes at A equal those at B
            if len(toks) != 4:
                raise SeqError(where, "expected 'same ADDR ADDR LENGTH'")
            s["op"] = "SEQ_SAME"
            s["args"] = [self.value(x, t, where) for x in toks[1:]]
        elif op in ("defer", "poll") or op in self.calls:
            if op in ("defer", "poll"):
                s["op"] = "SEQ_DEFER" if op == "defer" else "SEQ_POLL"
                toks = toks[1:]
                if not toks:
                    raise SeqError(where, "'%s' needs a call" % op)
            else:
                s["op"] = "SEQ_CALL"
            if "unless" in toks:
                # CALL ARGS... unless CODE lacks CAPABILITY
                i = toks.index("unless")
                if (s["op"] != "SEQ_CALL" or i != len(toks) - 4 or
                        toks[i + 2] != "lacks" or "->" in toks):
                    raise SeqError(where, "expected 'CALL ARGS... unless CODE lacks "
                                   "CAPABILITY' on a required call")
                s["unless"] = self.codes(toks[i + 1], where)[0]
                s["lacks"] = toks[i + 3]
                toks = toks[:i]
            if "->" in toks:
                i = toks.index("->")
                if i != len(toks) - 2:
                    raise SeqError(where, "expected '-> CODE[|CODE...]' at the end of the call")
                if s["op"] == "SEQ_DEFER":
                    raise SeqError(where, "a deferred call takes no expectation")
                s["expect"] = self.codes(toks[-1], where)
                toks = toks[:i]
            s["call"], s["args"] = self.call(toks, t, where)
        else:
            raise SeqError(where, "unknown call or step '%s'" % op)
        return s

    # --- files --------------------------------------------------------
    def load(self):
        files = sorted(os.path.join(self.seq_dir, f) for f in os.listdir(self.seq_dir)
                       if f.endswith(".seq"))
        if not files:
            raise SeqError((self.seq_dir, 0), "no .seq files")
        if self.fixture_file and os.path.abspath(self.fixture_file) not in map(os.path.abspath, files):
            files.insert(0, self.fixture_file)
        blocks = []
        for f in files:
            blocks += read_blocks(f)
        for b in blocks:
            if b.kind == "fixture":
                if b.name in self.fixtures:
                    raise SeqError(b.where, "fixture %s defined twice" % b.name)
                self.fixtures[b.name] = b
        self.field_ids, self.field_list = {}, []
        names = {}
        for b in blocks:
            if b.kind != "test":
                continue
            if not NAME_RE.match(b.name) or not b.name.startswith(self.b["api"] + "."):
                raise SeqError(b.where, "test name %s is not %s.<call>.<aspect>.<case> in [a-z0-9_]"
                               % (b.name, self.b["api"]))
            if b.name in names:
                raise SeqError(b.where, "test %s already defined at %s:%d" % ((b.name,) + names[b.name]))
            names[b.name] = b.where
            if not b.clauses:
                raise SeqError(b.where, "test %s declares no clauses" % b.name)
            for c in b.clauses:
                if c not in self.clauses:
                    raise SeqError(b.where, "unknown clause %s" % c)
            b.slots, b.slot_list, b.cur_where, b.let_slots = {}, [], b.where, set()
            steps = []
            for fx in self.fixture_order(b.uses, b.where):
                for where, toks in fx.steps:
                    steps.append(self.step(b, where, toks))
            for where, toks in b.steps:
                steps.append(self.step(b, where, toks))
            if not any(s["op"] in ("SEQ_CHECK", "SEQ_SAME") or
                       (s["expect"] and s["op"] in ("SEQ_CALL", "SEQ_POLL")) for s in steps[:]):
                raise SeqError(b.where, "test %s checks nothing (no '->', check or same step)" % b.name)
            b.compiled = steps
            self.tests.append(b)

    def fixture_order(self, uses, where, seen=None, out=None, stack=()):
        seen = set() if seen is None else seen
        out = [] if out is None else out
        for u in uses:
            if u in stack:
                raise SeqError(where, "fixture %s uses itself" % u)
            if u in seen:
                continue
            if u not in self.fixtures:
                raise SeqError(where, "unknown fixture %s" % u)
            fx = self.fixtures[u]
            self.fixture_order(fx.uses, fx.where, seen, out, stack + (u,))
            seen.add(u)
            out.append(fx)
        return out

    # --- output -------------------------------------------------------
    def ctype(self, ptype):
        if "(*)" in ptype:
            return "(%s)" % ptype, True
        if ptype.endswith("*") or ptype in self.header.pointer_types:
            return "(%s)" % ptype, True
        return "(%s)" % ptype, False

    def emit(self, out_path):
        api = self.b["api"]
        used_calls = sorted({s["call"] for t in self.tests for s in t.compiled if s["call"]})
        o = ["/* Generated by spec_tests/seq/seqgen.py from %s: do not edit. */" % self.seq_dir,
             "#include <stddef.h>", "#include <stdint.h>"]
        o += ["#include \"%s\"" % h for h in self.b["includes"]]
        o += ["#include \"seq.h\"", ""]
        for name in used_calls:
            c = self.calls[name]
            args = []
            for i, p in enumerate(c["params"]):
                cast, ptr = self.ctype(p["type"])
                args.append("%s%sa[%d].u" % (cast, "(uintptr_t)" if ptr else "", i))
            if c["returns"] == "void":
                body = "%s(%s);\n    return 0;" % (name, ", ".join(args))
            elif "(*)" in c["returns"] or c["returns"].endswith("*"):
                body = "return (long long)(uintptr_t)%s(%s);" % (name, ", ".join(args))
            else:
                body = "return (long long)%s(%s);" % (name, ", ".join(args))
            o.append("static long long call_%s(const struct seq_value *a)\n{\n"
                     "    (void)a;\n    %s\n}\n" % (name, body))
        releases = self.b.get("releases", {})
        o.append("static const struct seq_call calls[] = {")
        for name in used_calls:
            o.append("    {%s, %d, call_%s, %d}," % (cstr(name), len(self.calls[name]["params"]),
                                                   name, releases.get(name, -1)))
        o.append("};\n")
        cidx = {n: i for i, n in enumerate(used_calls)}
        o.append("static const struct seq_field fields[] = {")
        for st, f in self.field_list or [(None, None)]:
            if st is None:
                o.append("    {NULL, NULL, 0, 0},")
                continue
            o.append("    {%s, %s, offsetof(%s, %s), sizeof(((%s *)0)->%s)}," % (
                cstr(st), cstr(f), st, f, st, f))
        o.append("};\n")
        codes = self.header.enums[self.b["rc_type"]]
        o.append("static const char *rc_name(long long v)\n{\n    switch (v) {")
        for c in codes:
            o.append("    case %s: return %s;" % (c, cstr(c)))
        o.append("    default: return NULL;\n    }\n}\n")
        for ti, t in enumerate(self.tests):
            o.append("/* %s:%d %s */" % (t.where[0], t.where[1], t.name))
            o.append("static const struct seq_slot slots_%d[] = {" % ti)
            for name, kind, info in t.slot_list or [("", "value", "8")]:
                width = info if kind == "value" else "0"
                o.append("    {%s, %s}," % (cstr(name), width))
            o.append("};")
            for si, s in enumerate(t.compiled):
                if s["args"]:
                    o.append("static const struct seq_arg a_%d_%d[] = {%s};" % (ti, si, ", ".join(s["args"])))
                if s["fields"]:
                    o.append("static const int f_%d_%d[] = {%s};" % (ti, si, ", ".join(map(str, s["fields"]))))
                if s["expect"]:
                    o.append("static const long long e_%d_%d[] = {%s};" % (ti, si, ", ".join(s["expect"])))
            o.append("static const struct seq_step steps_%d[] = {" % ti)
            for si, s in enumerate(t.compiled):
                typ = "0"
                if s["op"] == "SEQ_ARRAY":
                    typ = "sizeof(%s)" % s["type"]
                elif s["op"] == "SEQ_CHECK":
                    typ = s["type"]
                elif s["op"] in ("SEQ_STRUCT",):
                    typ = "sizeof(%s)" % s["type"]
                o.append("    {%s, %s, %d, %s, %d, %d, %s, %s, %d, %s, %d, %s, %s, %s, %s, %s, %d, %s, %s}," % (
                    s["op"], cstr(s["where"][0]), s["where"][1],
                    cidx[s["call"]] if s["call"] else -1, s["slot"], 0,
                    typ,
                    "a_%d_%d" % (ti, si) if s["args"] else "NULL", len(s["args"]),
                    "f_%d_%d" % (ti, si) if s["fields"] else "NULL",
                    len(s["expect"] or []),
                    "e_%d_%d" % (ti, si) if s["expect"] else "NULL",
                    cstr(", ".join(s["expect"])) if s["expect"] else
                    cstr(s["rhs"]) if "rhs" in s else "NULL",
                    cstr(s["text"]), cstr(s["clause"]) if s["clause"] else "NULL",
                    cstr(s["lhs"]) if "lhs" in s else "NULL",
                    1 if s["unless"] else 0, s["unless"] or "0",
                    cstr(s["lacks"]) if s["lacks"] else "NULL"))
            o.append("};\n")
        o.append("static const struct seq_test tests[] = {")
        for ti, t in enumerate(self.tests):
            o.append("    {%s, %s, %s, %s, %d, slots_%d, %d, steps_%d, %d}," % (
                cstr(t.name), cstr(",".join(t.clauses)), cstr(t.attrs), cstr(t.where[0]),
                t.where[1], ti, max(len(t.slot_list), 1), ti, len(t.compiled)))
        o.append("};\n")
        note = self.b.get("environment_note")
        o.append("static struct seq_suite suite = {\n    %s, %s, %s, calls, fields, tests, %d, rc_name, NULL, %s\n};\n"
                 % (cstr(api), self.b["success"], self.b.get("again", "-1"), len(self.tests),
                    cstr(note) if note else "NULL"))
        o.append("__attribute__((constructor)) static void register_%s_sequences(void)\n{\n"
                 "    seq_register_suite(&suite);\n}" % api)
        tmp = out_path + ".tmp"
        with open(tmp, "w") as f:
            f.write("\n".join(o) + "\n")
        os.replace(tmp, out_path)


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        g = Gen(argv[1], argv[3] if len(argv) == 4 else None)
        g.load()
    except SeqError as e:
        print(e, file=sys.stderr)
        return 1
    g.emit(argv[2])
    print("seqgen: %d %s sequence tests from %s" % (len(g.tests), g.b["api"], g.seq_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
