#!/usr/bin/python3
"""Every output is read: for each call of vectors/<api>/calls.json, each
parameter of direction out or inout, and each field of the structure such
a parameter points to (nested structures and unions field by field, as
the ABI headers define them), some corpus test reads what the call wrote.

The corpus sources (spec_tests/<api>/*.c) are read through clang's
syntax tree (clang -Xclang -ast-dump=json): in every function, a
variable whose address (or which, a pointer) is given to a call in an
output position holds that call's output; a read of it (any use but the
output argument itself and assignments to it), or of a field of it, is
counted for that call, parameter and field.  Outputs flow through the
corpus's own helpers both ways: a helper that hands its parameter to a
call as an output makes its callers' argument an output of that call,
and a helper given an output reads it where it reads its parameter.  A
whole structure compared or copied (memcmp, a corpus check) counts as
every one of its fields read.

Outputs no test reads are errors, except those vectors/<api>/outputs.json
lists under "unread", each with the reason (a field the spec leaves
undefined, a handle no call can observe); a listed output that a test
does read is an error too, so the list stays true.

  check_outputs.py [--api A] [--list] [--ext]

--list prints every output and the tests' functions that read it; --ext
takes the extension calls (ext-calls.json) too.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APIS = ("ugni", "dmapp", "udapl")
CLANG_ARGS = ["-fsyntax-only", "-Xclang", "-ast-dump=json", "-std=c11",
              "-D_GNU_SOURCE", "-Iinclude", "-Ispec_tests/support"]
# Functions that compare or copy what they are given: an output given to
# one of them is read whole.
READ_WHOLE = {"memcmp", "memcpy", "memmove", "rt_check_mem", "bcmp",
              "strcmp", "strncmp", "strlen", "strnlen", "printf", "snprintf",
              "fprintf"}


def clang_ast(path):
    out = subprocess.run(["clang", *CLANG_ARGS, path], cwd=ROOT,
                         capture_output=True, check=True).stdout
    return json.loads(out)


def strip(n):
    """The expression under casts and parentheses."""
    while n and n.get("kind") in ("ImplicitCastExpr", "ParenExpr",
                                  "CStyleCastExpr"):
        n = (n.get("inner") or [None])[0]
    return n


def kids(n):
    return n.get("inner") or []


# ---- types: records of the headers, field by field -----------------------

class Types:
    def __init__(self):
        self.records = {}    # id -> (tag name, [(field, type string, rec id)])
        self.by_tag = {}     # "struct x" -> id
        self.typedefs = {}   # name -> record id or underlying type string

    def learn(self, tu, unit):
        """The records and typedefs of one translation unit (record ids
        are taken apart by unit)."""
        def rid(i):
            return f"{unit}:{i}"

        def visit(n):
            if n.get("kind") == "RecordDecl" and n.get("completeDefinition"):
                fields, last_rec = [], None
                for f in kids(n):
                    if f.get("kind") == "RecordDecl":
                        visit(f)
                        last_rec = rid(f["id"])
                    elif f.get("kind") == "FieldDecl":
                        qt = f["type"]["qualType"]
                        rec = last_rec if "unnamed" in qt or "anonymous" in qt \
                            else None
                        fields.append((f.get("name", ""), qt, rec))
                tag = f"{n.get('tagUsed', 'struct')} {n['name']}" \
                    if n.get("name") else None
                self.records[rid(n["id"])] = (tag, fields)
                if tag:
                    self.by_tag[tag] = rid(n["id"])
                return
            if n.get("kind") == "TypedefDecl":
                rec = None
                stack = list(kids(n))
                while stack:
                    x = stack.pop()
                    if x.get("kind") == "PointerType":
                        continue        # a pointer is one value
                    d = x.get("decl") or x.get("ownedTagDecl")
                    if d and d.get("kind") == "RecordDecl":
                        rec = rid(d["id"])
                        break
                    stack += kids(x)
                under = n["type"].get("desugaredQualType", n["type"]["qualType"])
                # a typedef of a declared-ahead struct names the declaration;
                # its definition is found by its tag
                self.typedefs[n["name"]] = ("record", rec, under) if rec else under
            for c in kids(n):
                visit(c)
        visit(tu)

    def record(self, type_string):
        """The record id a type string names (through typedefs), or None."""
        t = re.sub(r"\b(const|volatile)\b", "", type_string).strip()
        for _ in range(8):
            if t in self.by_tag:
                return self.by_tag[t]
            v = self.typedefs.get(t)
            if v is None:
                return None
            if isinstance(v, tuple):
                if v[1] in self.records:
                    return v[1]
                v = v[2]
            t = re.sub(r"\b(const|volatile)\b", "", v).strip()
        return None

    def sub_record(self, qt, inner):
        base = re.sub(r"\[\d*\]$", "", qt).strip()
        sub = inner or (None if "*" in base else self.record(base))
        return sub if sub in self.records else None

    def is_leaf(self, rec):
        """A union of scalars (a cookie, a context) is one value, whichever
        member is read."""
        tag, fields = self.records[rec]
        return (tag or "").startswith("union") and not any(
            self.sub_record(qt, inner) for _, qt, inner in fields)

    def fields(self, rec, prefix=()):
        """Every leaf field path under record rec: [(path, whole)], whole
        when a read of any part of it reads it (a union of scalars)."""
        out = []
        for name, qt, inner in self.records[rec][1]:
            path = prefix + (name,)
            sub = self.sub_record(qt, inner)
            if sub is not None and self.is_leaf(sub):
                out.append((path, True))
            elif sub is not None and len(path) < 6:
                out += self.fields(sub, path)
            else:       # a value: reading through it (p->x, a[i]) reads it
                out.append((path, True))
        return out


def narrow(out, path):
    """out as held by the part at path of a variable that holds out."""
    c, p, prefix, base = out
    path = tuple(path)
    if path[:len(prefix)] == prefix:
        return (c, p, (), base + path[len(prefix):])
    if prefix[:len(path)] == path:
        return (c, p, prefix[len(path):], base)
    return None


def widen(out, path):
    """out, held by an object, as held by the variable whose part at path
    that object is."""
    c, p, prefix, base = out
    return (c, p, tuple(path) + prefix, base)


def pointee(param_type):
    """The type an output parameter points to: 'T *' -> 'T'."""
    t = param_type.strip()
    if t.endswith("[]"):
        t = t[:-2].strip()
    if t.endswith("*"):
        return t[:-1].strip()
    return None


# ---- the corpus: which function reads which output -----------------------

class Flow:
    """Outputs and reads, gathered over every corpus function."""

    def __init__(self, calls, api_calls):
        self.calls = calls           # name -> [(index, param name, dir)] outputs
        self.api_calls = api_calls   # every call of the API, by name
        self.helpers = {}            # function name -> body, params
        self.out_pos = {}            # (helper, index) -> {(call, param, path)}
        self.into = {}               # (helper, index) -> {(call, param, path)}
        self.reads = {}              # (call, param) -> {path: {functions}}
        self.globals = set()         # names of file-scope variables
        self.gtaint = {}             # "g:name" -> {(call, param, path)}

    def add_function(self, fn):
        body = [k for k in kids(fn) if k.get("kind") == "CompoundStmt"]
        if not body:
            return
        params = [k["id"] for k in kids(fn) if k.get("kind") == "ParmVarDecl"]
        self.helpers.setdefault(fn["name"], []).append((body[0], params))

    def read(self, out, path, where):
        """A read of path of a variable (a field path; "*" last: all of
        it) counted for out = (call, param, prefix, base): the variable
        holds at its field path prefix the output's field path base."""
        call, param, prefix, base = out
        path = tuple(path)
        whole = path[-1:] == ("*",)
        p = path[:-1] if whole else path
        if p[:len(prefix)] == prefix:
            rel = base + p[len(prefix):] + (("*",) if whole else ())
        elif whole and prefix[:len(p)] == p:
            rel = base + ("*",)  # all of what holds the output
        else:
            return              # another part of the variable
        self.reads.setdefault((call, param), {}).setdefault(rel, set()).add(where)

    def run(self):
        # to a fixed point: new output positions, inflows of helpers or
        # outputs held in file-scope variables
        while True:
            before = (sum(map(len, self.out_pos.values())),
                      sum(map(len, self.into.values())),
                      sum(map(len, self.gtaint.values())))
            self.reads = {}
            for name, bodies in self.helpers.items():
                for body, params in bodies:
                    self.scan(name, body, params)
            after = (sum(map(len, self.out_pos.values())),
                     sum(map(len, self.into.values())),
                     sum(map(len, self.gtaint.values())))
            if after == before:
                return

    def scan(self, fname, body, params):
        taint = {k: set(v) for k, v in self.gtaint.items()}
        for i, pid in enumerate(params):
            for out in self.into.get((fname, i), ()):
                taint.setdefault(pid, set()).add(out)
        out_args = {}                # id of an output argument -> (call, param, dir)
        local = set()

        def locals_of(n):
            if n.get("kind") == "VarDecl":
                local.add(n["id"])
            for k in kids(n):
                locals_of(k)
        locals_of(body)

        def root(e):
            """(decl id, field path) an argument designates, or None; of
            c ? a : b, a's (b's when a designates none)."""
            e = strip(e)
            if e and e.get("kind") == "ConditionalOperator":
                return root(kids(e)[1]) or root(kids(e)[2])
            path = []
            if e and e.get("kind") == "UnaryOperator" and e.get("opcode") == "&":
                e = strip(kids(e)[0])
            while e and e.get("kind") in ("MemberExpr", "ArraySubscriptExpr"):
                if e["kind"] == "MemberExpr":
                    path.insert(0, e["name"])
                e = strip(kids(e)[0])
            if e and e.get("kind") == "DeclRefExpr" and \
                    e["referencedDecl"].get("kind") in ("VarDecl", "ParmVarDecl"):
                d = e["referencedDecl"]
                if d["kind"] == "VarDecl" and d.get("name") in self.globals \
                        and d["id"] not in local:
                    return "g:" + d["name"], path   # one across functions
                return d["id"], path
            return None

        def callee(call):
            c = strip(kids(call)[0]) if kids(call) else None
            if c and c.get("kind") == "DeclRefExpr":
                return c["referencedDecl"].get("name")
            return None

        # pass 1: outputs (calls to the API and to helpers)
        def outputs(n):
            if n.get("kind") == "CallExpr":
                name, args = callee(n), kids(n)[1:]
                for i, pname, pdir in self.calls.get(name, ()):
                    if i < len(args):
                        r = root(args[i])
                        if r:
                            got = (name, pname, tuple(r[1]), ())
                            taint.setdefault(r[0], set()).add(got)
                            out_args[strip(args[i])["id"]] = (name, pname, pdir)
                            if r[0] in params:
                                self.out_pos.setdefault(
                                    (fname, params.index(r[0])), set()).add(got)
                if name in self.helpers:
                    for i, a in enumerate(args):
                        for out in self.out_pos.get((name, i), ()):
                            r = root(a)
                            if r:
                                got = widen(out, r[1])
                                taint.setdefault(r[0], set()).add(got)
                                out_args[strip(a)["id"]] = (out[0], out[1], "out")
                                if r[0] in params:
                                    self.out_pos.setdefault(
                                        (fname, params.index(r[0])), set()).add(got)
            if n.get("kind") == "BinaryOperator" and n.get("opcode") == "=":
                lhs, rhs = (root(x) for x in kids(n))
                if lhs and rhs and strip(kids(n)[1]).get("kind") == "UnaryOperator":
                    aliases.append((lhs[0], rhs))   # p[i] = &info[i]
            if n.get("kind") == "VarDecl" and kids(n):
                r = root(kids(n)[-1])   # T *p = &out;  p aliases out
                if r and r[0] in taint:
                    for o in list(taint[r[0]]):
                        got = narrow(o, r[1])
                        if got:
                            taint.setdefault(n["id"], set()).add(got)
            for k in kids(n):
                outputs(k)
        aliases = []                 # (pointer decl, (target decl, path))
        for _ in range(2):          # aliases declared before their source
            outputs(body)
        for k, v in taint.items():
            if isinstance(k, str) and k.startswith("g:"):
                self.gtaint.setdefault(k, set()).update(v)
        # an output written through pointers stored ahead of the call
        for ptr, (target, path) in aliases:
            for o in list(taint.get(ptr, ())):
                got = widen(o, path)
                taint.setdefault(target, set()).add(got)
                if target in params:
                    self.out_pos.setdefault(
                        (fname, params.index(target)), set()).add(got)

        # pass 2: reads
        def reads(n, parent_assign_lhs=False, in_call=None):
            kind = n.get("kind")
            if kind == "BinaryOperator" and n.get("opcode") == "=":
                lhs, rhs = kids(n)
                reads(lhs, True)
                reads(rhs)
                return
            if kind == "CallExpr":
                name, args = callee(n), kids(n)[1:]
                for k in kids(n)[:1]:
                    reads(k)
                for i, a in enumerate(args):
                    mine = out_args.get(strip(a)["id"]) if strip(a) else None
                    if mine and mine[2] == "inout":
                        # read, as input, what other calls wrote there
                        r = root(a)
                        for out in taint.get(r[0], ()) if r else ():
                            if out[:2] != mine[:2]:
                                self.read(out, tuple(r[1]) + ("*",), fname)
                        continue
                    if mine:
                        continue
                    if name in self.helpers:
                        r = root(a)
                        if r and r[0] in taint:
                            for o in taint[r[0]]:
                                got = narrow(o, r[1])
                                if got:
                                    self.into.setdefault((name, i), set()).add(got)
                            continue
                    # given to another call of the API, an output is used
                    # whole: a wrong value would change what that call does
                    reads(a, in_call=name)
                return
            if kind in ("MemberExpr", "ArraySubscriptExpr", "DeclRefExpr"):
                r = root(n)
                if r and r[0] in taint and not parent_assign_lhs:
                    # given whole to a call that compares, copies or uses it
                    whole = ("*",) if in_call in READ_WHOLE or \
                        in_call in self.api_calls else ()
                    for out in taint[r[0]]:
                        self.read(out, tuple(r[1]) + whole, fname)
                if kind == "ArraySubscriptExpr":
                    for k in kids(n)[1:]:
                        reads(k)
                elif kind == "MemberExpr":
                    # the base of a.b.c is part of this read; index
                    # expressions inside it are reads of their own
                    e = strip(kids(n)[0])
                    while e and e.get("kind") in ("MemberExpr", "ArraySubscriptExpr"):
                        if e["kind"] == "ArraySubscriptExpr":
                            for k in kids(e)[1:]:
                                reads(k)
                        e = strip(kids(e)[0])
                    if e and e.get("kind") not in ("DeclRefExpr",):
                        reads(e)
                return
            if kind == "UnaryOperator" and n.get("opcode") == "&" and \
                    strip(kids(n)[0]).get("kind") in ("DeclRefExpr", "MemberExpr",
                                                      "ArraySubscriptExpr"):
                r = root(n)
                if r and r[0] in taint:
                    # its address: read whole where it is compared, copied
                    # or given to a call of the API
                    if in_call in READ_WHOLE or in_call in self.api_calls:
                        for out in taint[r[0]]:
                            self.read(out, tuple(r[1]) + ("*",), fname)
                    return
            for k in kids(n):
                reads(k, in_call=in_call)
        reads(body)


# ---- the sequence tests (vectors/<api>/sequences, docs/sequences.md) -----

SLOT = re.compile(r"[$&]([a-z_][a-z0-9_]*)(?:\.([a-z_][a-z0-9_]*))?")


def seq_blocks(seq_dir):
    """{("fixture"|"test", name): (uses, [lines])} of every .seq file."""
    blocks = {}
    for path in sorted(glob.glob(os.path.join(seq_dir, "*.seq"))):
        cur = None
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].rstrip()
                words = line.split()
                if not words:
                    continue
                if words[0] in ("fixture", "test") and not line.startswith(" "):
                    uses = words[words.index("uses") + 1:] if "uses" in words else []
                    cur = blocks.setdefault((words[0], words[1]), (uses, []))
                elif words[0] == "uses" and cur is not None:
                    cur[0].extend(words[1:])
                elif words[0] == "end":
                    cur = None
                elif cur is not None and line.startswith(" "):
                    cur[1].append(words)
    return blocks


def seq_flow(api, positions, flow):
    """Outputs of the sequence tests and their reads: `&v` (or a buffer
    `$v`) in an output position of a call, then `$v` (`$v.field`)
    anywhere else in the test or the fixtures it uses."""
    binding = os.path.join(ROOT, "spec_tests", "seq", api + ".json")
    if not os.path.exists(binding):
        return
    with open(binding) as f:
        seq_dir = os.path.join(ROOT, json.load(f)["sequences"])
    blocks = seq_blocks(seq_dir)

    def lines_of(kind, name, seen):
        if (kind, name) not in blocks or (kind, name) in seen:
            return []
        seen.add((kind, name))
        uses, lines = blocks[(kind, name)]
        out = []
        for u in uses:
            out += lines_of("fixture", u, seen)
        return out + lines

    for (kind, name) in blocks:
        if kind != "test":
            continue
        lines = lines_of(kind, name, set())
        outs, out_tokens = {}, set()
        for li, words in enumerate(lines):
            w = words[1:] if words[0] in ("poll", "defer") else words
            if not w or w[0] not in positions:
                continue
            args = w[1:w.index("->")] if "->" in w else w[1:]
            for i, pname, _ in positions[w[0]]:
                if i < len(args):
                    m = SLOT.fullmatch(args[i].split("+")[0].split("-")[0])
                    if m:
                        outs.setdefault(m.group(1), set()).add((w[0], pname, (), ()))
                        out_tokens.add((li, i + 1 + (len(words) - len(w))))
        for li, words in enumerate(lines):
            for wi, word in enumerate(words):
                if (li, wi) in out_tokens or not word.startswith("$"):
                    continue
                m = SLOT.match(word)
                if m and m.group(1) in outs:
                    path = (m.group(2),) if m.group(2) else ("*",)
                    for out in outs[m.group(1)]:
                        flow.read(out, path, "seq:" + name)


def api_outputs(api, ext, types):
    """[(call, param, field path or ())], and the calls' output positions."""
    files = ["calls.json"] + (["ext-calls.json"] if ext else [])
    items, positions, names = [], {}, set()
    for f in files:
        path = os.path.join(ROOT, "vectors", api, f)
        if not os.path.exists(path):
            continue
        with open(path) as fh:
            for c in json.load(fh)["calls"]:
                names.add(c["name"])
                for i, p in enumerate(c.get("params", [])):
                    if p.get("dir") not in ("out", "inout"):
                        continue
                    positions.setdefault(c["name"], []).append(
                        (i, p["name"], p["dir"]))
                    t = pointee(p["type"])
                    rec = types.record(t) if t else None
                    if rec is None or types.is_leaf(rec):
                        items.append((c["name"], p["name"], (), rec is not None))
                    else:
                        items += [(c["name"], p["name"], fp, whole)
                                  for fp, whole in types.fields(rec)]
    return items, positions, names


def macros(api):
    """{macro: function} of the header calls that are macros of another
    call (dat_ia_open -> dat_ia_openv)."""
    out = {}
    for h in glob.glob(os.path.join(ROOT, "include", "**", "*.h"), recursive=True):
        with open(h) as f:
            text = f.read()
        for m, fn in re.findall(r"#define\s+(\w+)\([^)]*\)\s*\\?\s*\n?\s*\(?(\w+)\(",
                                text):
            out[m] = fn
    return out


def is_read(reads, item):
    """A read of the item itself; of a part of it when it is one value
    (whole); or of all of something that holds it (a path ending "*")."""
    call, param, path, whole = item
    for read in reads.get((call, param), {}):
        if read and read[-1] == "*":
            if tuple(path[:len(read) - 1]) == tuple(read[:-1]):
                return True
        elif tuple(read) == tuple(path) or (
                whole and tuple(read[:len(path)]) == tuple(path)):
            return True
    return False


def item_name(item):
    call, param, path = item[:3]
    return f"{call}:{param}" + "".join("." + p for p in path)


def check(api, ext, show):
    sources = sorted(glob.glob(os.path.join(ROOT, "spec_tests", api, "*.c")))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        asts = list(ex.map(clang_ast, sources))
    types = Types()
    for unit, tu in enumerate(asts):
        types.learn(tu, unit)
    items, positions, api_calls = api_outputs(api, ext, types)
    flow = Flow(positions, api_calls)
    for tu in asts:
        for n in kids(tu):
            if n.get("kind") == "FunctionDecl":
                flow.add_function(n)
            elif n.get("kind") == "VarDecl" and n.get("name"):
                flow.globals.add(n["name"])
    flow.run()
    seq_flow(api, positions, flow)
    for m, fn in macros(api).items():
        if m in positions:
            for _, pname, _ in positions[m]:
                for path, fns in flow.reads.get((fn, pname), {}).items():
                    flow.reads.setdefault((m, pname), {}).setdefault(
                        path, set()).update(fns)
    with open(os.path.join(ROOT, "vectors", api, "outputs.json")) as f:
        unread_ok = json.load(f).get("unread", {})
    unread = [i for i in items if not is_read(flow.reads, i)]
    names = {item_name(i) for i in items}
    bad = [item_name(i) for i in unread if item_name(i) not in unread_ok]
    stale = [n for n in unread_ok if n not in {item_name(i) for i in unread}]
    print(f"{api}: {len(items)} outputs of {len(positions)} calls; "
          f"{len(items) - len(unread)} read by a test, {len(unread)} not "
          f"({len(unread) - len(bad)} listed as unobservable in "
          f"vectors/{api}/outputs.json)")
    if show:
        for i in items:
            who = set()
            for read, fns in flow.reads.get((i[0], i[1]), {}).items():
                if is_read({(i[0], i[1]): {read: fns}}, i):
                    who |= fns
            print(f"  {item_name(i)}: {', '.join(sorted(who)) or '-'}")
    for n in bad:
        print(f"  UNREAD {n}")
    for n in stale:
        why = "is read by a test" if n in names else "names no output"
        print(f"  STALE  {n}: listed in vectors/{api}/outputs.json but {why}")
    return not bad and not stale


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--api", action="append", choices=APIS)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--ext", action="store_true")
    a = ap.parse_args()
    ok = True
    for api in a.api or APIS:
        ok &= check(api, a.ext, a.list)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
