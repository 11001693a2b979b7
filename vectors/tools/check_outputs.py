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

    def add_function(self, fn):
        body = [k for k in kids(fn) if k.get("kind") == "CompoundStmt"]
        if not body:
            return
        params = [k["id"] for k in kids(fn) if k.get("kind") == "ParmVarDecl"]
        self.helpers.setdefault(fn["name"], []).append((body[0], params))

    def read(self, out, path, where):
        """A read of path (of the variable; "*" last: all of it) counted
        for the output out, which the call wrote at its prefix."""
        call, param, prefix = out
        path, prefix = tuple(path), tuple(prefix)
        whole = path[-1:] == ("*",)
        base = path[:-1] if whole else path
        if base[:len(prefix)] == prefix:
            rel = base[len(prefix):] + (("*",) if whole else ())
        elif whole and prefix[:len(base)] == base:
            rel = ("*",)        # all of what holds the output
        else:
            return              # another part of the variable
        self.reads.setdefault((call, param), {}).setdefault(rel, set()).add(where)

    def run(self):
        # to a fixed point: new output positions or inflows of helpers
        while True:
            before = (sum(map(len, self.out_pos.values())),
                      sum(map(len, self.into.values())))
            self.reads = {}
            for name, bodies in self.helpers.items():
                for body, params in bodies:
                    self.scan(name, body, params)
            after = (sum(map(len, self.out_pos.values())),
                     sum(map(len, self.into.values())))
            if after == before:
                return

    def scan(self, fname, body, params):
        taint = {}                   # decl id -> {(call, param, path)}
        for i, pid in enumerate(params):
            for out in self.into.get((fname, i), ()):
                taint.setdefault(pid, set()).add(out)
        out_args = {}                # id of an output argument -> (call, param, dir)

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
                return e["referencedDecl"]["id"], path
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
                            taint.setdefault(r[0], set()).add((name, pname, tuple(r[1])))
                            out_args[strip(args[i])["id"]] = (name, pname, pdir)
                            if r[0] in params:
                                self.out_pos.setdefault(
                                    (fname, params.index(r[0])), set()).add(
                                    (name, pname, tuple(r[1])))
                if name in self.helpers:
                    for i, a in enumerate(args):
                        for out in self.out_pos.get((name, i), ()):
                            r = root(a)
                            if r:
                                got = (out[0], out[1], tuple(r[1]) + out[2])
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
                    taint.setdefault(n["id"], set()).update(
                        (c, p, pre + tuple(r[1])) for c, p, pre in taint[r[0]])
            for k in kids(n):
                outputs(k)
        aliases = []                 # (pointer decl, (target decl, path))
        for _ in range(2):          # aliases declared before their source
            outputs(body)
        # an output written through pointers stored ahead of the call
        for ptr, (target, path) in aliases:
            for c, p, pre in list(taint.get(ptr, ())):
                got = (c, p, tuple(path) + pre)
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
                            for c, p, pre in taint[r[0]]:
                                self.into.setdefault((name, i), set()).add(
                                    (c, p, pre + tuple(r[1])))
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
    flow.run()
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
