#!/usr/bin/python3
"""Generate the call table of a fuzz target from vectors/<api>/calls.json.

    gen_table.py vectors/<api> fuzz/<api>/kinds.json OUT.h

The table gives, for every call: its name, the kind of each parameter
(how the program interpreter draws it: a live handle, an integer, a
buffer and its length, a structure built field by field...), the handle
kinds it produces and consumes, and the return codes it may return: the
codes the spec documents (calls.json) widened by the codes named in the
readings of the errata the call cites (errata.json).  It also generates
the function-pointer table and the one switch that calls each function,
so the interpreter (fuzz/prog.c) never names an API symbol.

kinds.json says what the API's types mean (docs/fuzzing.md)."""

import json
import os
import re
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def c_ident(s):
    return re.sub(r"[^A-Za-z0-9_]", "_", s)


def rc_prefix(calls):
    for c in calls:
        for r in c.get("return_codes", []):
            return r["code"].split("_RC_")[0] + "_RC_" if "_RC_" in r["code"] \
                else re.match(r"[A-Z]+_", r["code"]).group(0)
    return None


def allowed_codes(call, errata, prefix, only=None):
    """Documented codes, then codes named by readings of cited errata
    (only: when given, the names that are return codes at all; a reading
    may also name event statuses or flags with the same prefix)."""
    codes = [(r["code"], "spec") for r in call.get("return_codes", [])]
    seen = {c for c, _ in codes}
    pat = re.compile(re.escape(prefix) + r"[A-Z_]+[A-Z]") if prefix else None
    for eid in call.get("errata", []):
        e = errata.get(eid)
        if not e or not pat:
            continue
        for reading in e.get("readings", []):
            for code in pat.findall(reading):
                if only is not None and code not in only:
                    continue
                if code not in seen:
                    seen.add(code)
                    codes.append((code, eid))
    return codes


class Kinds:
    def __init__(self, spec):
        self.spec = spec
        self.handles = list(spec["handles"])
        self.htype = {v["type"]: k for k, v in spec["handles"].items()}
        self.byptr = {k for k, v in spec["handles"].items()
                      if v.get("by_pointer")}
        self.structs = []
        for name in spec.get("structs", {}).values():
            if name not in self.structs:
                self.structs.append(name)
        # structures and unions passed by value: built like a structure
        # (the argument is the address of the built value), or read as
        # an integer member ("int:<member>")
        for name in spec.get("byvalue", {}).values():
            if not name.startswith("int:") and name not in self.structs:
                self.structs.append(name)
        # structures named by a parameter override ("struct:<name>")
        for over in spec.get("params", {}).values():
            kind, _, ref = over.partition(":")
            if kind == "struct" and ref not in self.structs:
                self.structs.append(ref)

    def param(self, call, i, p, params):
        """(kind, arg, size expression) of parameter i of call."""
        t, d, name = p["type"].strip(), p["dir"], p["name"]
        over = self.spec.get("params", {}).get(f"{call}.{name}") or \
            self.spec.get("names", {}).get(name)
        base = t[:-1].strip() if t.endswith("*") else None
        if over:
            kind, _, ref = over.partition(":")
            size = f"sizeof({base})" if base and base != "void" else "0"
            if kind in ("len", "count"):
                # the parameter this one sizes, by name or by struct kind
                idx = [j for j, q in enumerate(params)
                       if q["name"] == ref or
                       self.spec.get("structs", {}).get(q["type"].strip())
                       == ref]
                if not idx:
                    sys.exit(f"{call}.{name}: no parameter {ref}")
                return ("FZ_LEN" if kind == "len" else "FZ_COUNT",
                        idx[0], f"sizeof({t})")
            if kind == "struct":
                return "FZ_STRUCT", self.structs.index(ref), "0"
            if kind == "out_array":
                return "FZ_OUT_ARRAY", 0, size
            if kind == "region":
                return "FZ_REGION", 0, f"sizeof({t})"
            if kind == "timeout":
                return "FZ_TIMEOUT", 0, f"sizeof({t})"
            if kind == "out":
                # an output that is not a new handle (e.g. a handle the
                # library already gave out, returned again)
                return "FZ_OUT", 0, size
            if kind in ("buf_in", "buf_out"):
                return ("FZ_BUF_IN" if kind == "buf_in" else "FZ_BUF_OUT"), \
                    0, "0"
            sys.exit(f"{call}.{name}: unknown kind {over}")
        if t in self.htype:
            h = self.htype[t]
            return "FZ_HANDLE", self.handles.index(h), "0"
        if base in self.htype:
            h = self.htype[base]
            idx = self.handles.index(h)
            if d in ("out", "inout"):
                return "FZ_HANDLE_OUT", idx, f"sizeof({base})"
            if h in self.byptr:
                return "FZ_HANDLE", idx, "0"
            return "FZ_HANDLE_ARRAY", idx, f"sizeof({base})"
        if t in self.spec.get("byvalue", {}):
            ref = self.spec["byvalue"][t]
            if ref.startswith("int:"):	# a union read as an integer
                return "FZ_INT", 0, f"sizeof({t})"
            return "FZ_STRUCT", self.structs.index(ref), "0"
        if t in self.spec.get("structs", {}):
            return "FZ_STRUCT", self.structs.index(self.spec["structs"][t]), \
                "0"
        mapped = self.spec.get("types", {}).get(t)
        if mapped == "cq_entry" or mapped == "event":
            return "FZ_EVENT", 0, f"sizeof({t})"
        if mapped == "callback":
            return "FZ_CALLBACK", 0, "0"
        if t == "void *":
            return ("FZ_BUF_IN" if d == "in" else "FZ_BUF_OUT"), 0, "0"
        if base is not None:
            ev = self.spec.get("types", {}).get(base) in ("cq_entry", "event")
            size = "sizeof(void *)" if base.endswith("*") else f"sizeof({base})"
            if d == "out":
                return ("FZ_OUT_EVENT" if ev else "FZ_OUT"), 0, size
            return "FZ_INOUT", 0, size
        return "FZ_INT", 0, f"sizeof({t})"


def fnptr_decl(call, name):
    args = ", ".join(p["type"] for p in call["params"]) or "void"
    return f"{call['returns']} (*{name})({args})"


def cstr(text):
    """text as a C string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def cast_arg(p, i, byvalue=None):
    t = p["type"].strip()
    ref = (byvalue or {}).get(t)
    if ref and ref.startswith("int:"):
        return f"({t}){{ .{ref[4:]} = a[{i}] }}"
    if ref:
        return f"(a[{i}] ? *(const {t} *)(uintptr_t)a[{i}] : ({t}){{0}})"
    if t.endswith("[]"):	# an array parameter is a pointer
        t = t[:-2].strip() + " *"
    if "*" in t:
        return f"({t})(uintptr_t)a[{i}]"
    return f"({t})a[{i}]"


def pointee(p, byvalue=None):
    """The C type a pointer parameter points to (finding programs give
    it a variable of that type), or None: void, function pointers and
    non-pointers."""
    t = p["type"].strip()
    if (byvalue or {}).get(t) and not byvalue[t].startswith("int:"):
        return t	# a structure by value: passed as its address
    if t.endswith("[]"):
        t = t[:-2].strip() + " *"
    if "*" not in t or "(" in t:
        return None
    t = t[:t.rindex("*")].strip()
    if t.startswith("const "):
        t = t[6:].strip()
    return None if t == "void" else t


def c_template(c, byvalue=None):
    """The call as C source with @<i> for argument i (a uint64_t
    expression), cast as the interpreter casts it."""
    args = ", ".join(cast_arg(p, i, byvalue).replace(f"a[{i}]", f"(@{i})")
                     for i, p in enumerate(c["params"]))
    return f"{c['name']}({args})"


def generate(vec_dir, kinds_path):
    calls_doc = load(os.path.join(vec_dir, "calls.json"))
    errata_doc = load(os.path.join(vec_dir, "errata.json"))
    spec = load(kinds_path)
    api = spec["api"]
    K = Kinds(spec)
    errata = {e["id"]: e for e in errata_doc.get("errata", [])}
    skip = set(spec.get("skip", []))
    # Skipped calls keep their number (inputs keep their meaning) but are
    # never called: the interpreter sees them as not exported.
    calls = [c for c in calls_doc["calls"]
             if c.get("kind", "function") == "function"]
    live = [c for c in calls if c["name"] not in skip]
    prefix = rc_prefix(calls)
    # "rc_documented_only": erratum readings widen a call only by names
    # some call documents as a return code (uDAPL readings also name
    # event statuses and flags, DAT_DTO_ERR_*, DAT_MEM_PRIV_*)
    only = None
    if spec.get("rc_documented_only"):
        only = {r["code"] for c in calls for r in c.get("return_codes", [])}
    nocmp = set(spec.get("nocompare", []))
    destroy = spec.get("destroy", {})
    out = []
    w = out.append
    w(f"/* Generated by fuzz/gen_table.py from vectors/{api}/calls.json,")
    w(f" * vectors/{api}/errata.json and fuzz/{api}/kinds.json: do not edit. */")
    w(f"#include <stdint.h>")
    w(f"#include <dlfcn.h>")
    w(f'#include "{spec["header"]}"')
    w(f'#include "prog.h"')
    w("")
    w(f"#define FZ_{api.upper()}_NCALLS {len(calls)}")
    w(f"#define FZ_{api.upper()}_NHANDLES {len(K.handles)}")
    w("")
    w(f"enum fz_{api}_handle {{")
    for i, h in enumerate(K.handles):
        w(f"\tFZ_{api.upper()}_H_{h.upper()} = {i},")
    w("};")
    w(f"static const char *const fz_{api}_handle_names[] = {{")
    for h in K.handles:
        w(f'\t"{h}",')
    w("};")
    w(f"static const unsigned fz_{api}_handle_sizes[] = {{")
    for h in K.handles:
        w(f"\tsizeof({spec['handles'][h]['type']}),")
    w("};")
    w(f"static const char *const fz_{api}_handle_types[] = {{")
    for h in K.handles:
        w(f"\t{cstr(spec['handles'][h]['type'])},")
    w("};")
    w(f'#define FZ_{api.upper()}_HEADER "{spec["header"]}"')
    w(f"enum fz_{api}_struct {{")
    for i, s in enumerate(K.structs):
        w(f"\tFZ_{api.upper()}_S_{s.upper()} = {i},")
    w("};")
    w("")
    for n, c in enumerate(calls):
        cid = c_ident(c["name"])
        params = c["params"]
        w(f"enum {{ FZ_{api.upper()}_{cid} = {n} }};")
        if params:
            w(f"static const struct fz_param fz_{api}_p_{cid}[] = {{")
            for i, p in enumerate(params):
                kind, arg, size = K.param(c["name"], i, p, params)
                cmp = 0 if f"{c['name']}.{p['name']}" in nocmp else 1
                pt = pointee(p, spec.get("byvalue"))
                w(f'\t{{ {kind}, {arg}, {size}, {cmp}, "{p["name"]}", '
                  f'{cstr(pt) if pt else "0"}, '
                  f'{"sizeof(%s)" % pt if pt else 0} }},')
            w("};")
        codes = allowed_codes(c, errata, prefix, only)
        if codes:
            w(f"static const struct fz_rc fz_{api}_rc_{cid}[] = {{")
            for code, why in codes:
                w(f'\t{{ {code}, "{code}", "{why}" }},')
            w("};")
    w("")
    w(f"static const struct fz_call fz_{api}_calls[] = {{")
    for c in calls:
        cid = c_ident(c["name"])
        codes = allowed_codes(c, errata, prefix, only)
        d = destroy.get(c["name"])
        dparam = -1
        if d:
            dparam = [p["name"] for p in c["params"]].index(d["param"])
        w(f'\t{{ "{c["name"]}", {len(c["params"])}, '
          f'{"fz_%s_p_%s" % (api, cid) if c["params"] else "0"}, '
          f'{len(codes)}, {"fz_%s_rc_%s" % (api, cid) if codes else "0"}, '
          f'{dparam}, {1 if d and d.get("cascade") else 0}, '
          f'{1 if c["returns"] == spec["return_type"] else 0}, '
          f'{cstr(c_template(c, spec.get("byvalue")))}, '
          f'{cstr(c["returns"])} }},')
    w("};")
    w("")
    cleanup = [c["name"] for c in calls if c["name"] in spec.get("cleanup", [])]
    w(f"static const int fz_{api}_cleanup[] = {{")
    for name in cleanup:
        w(f"\tFZ_{api.upper()}_{c_ident(name)},")
    w("\t-1")
    w("};")
    w("")
    w(f"struct fz_{api}_fns {{")
    for c in live:
        w(f"\t{fnptr_decl(c, c_ident(c['name']))};")
    w("};")
    w("")
    w(f"static inline void fz_{api}_bind_direct(struct fz_{api}_fns *f)")
    w("{")
    for c in live:
        w(f"\tf->{c_ident(c['name'])} = {c['name']};")
    w("}")
    w("")
    w("/* Resolve every call in a library opened with dlopen/dlmopen;")
    w(" * a missing symbol stays NULL. */")
    w(f"static inline void fz_{api}_bind_dl(struct fz_{api}_fns *f, void *dl)")
    w("{")
    for c in live:
        cid = c_ident(c["name"])
        w(f'\t*(void **)&f->{cid} = dlsym(dl, "{c["name"]}");')
    w("}")
    w("")
    w("/* Call function id with arguments a; 0 when the library lacks it. */")
    w(f"static inline int fz_{api}_invoke(const void *fns, int id,")
    w("\t\tconst uint64_t *a, uint64_t *ret)")
    w("{")
    w(f"\tconst struct fz_{api}_fns *f = fns;")
    w("")
    w("\t(void)a;")
    w("\tswitch (id) {")
    for n, c in enumerate(calls):
        if c["name"] in skip:
            continue
        cid = c_ident(c["name"])
        args = ", ".join(cast_arg(p, i, spec.get("byvalue"))
                         for i, p in enumerate(c["params"]))
        w(f"\tcase {n}:")
        w(f"\t\tif (!f->{cid})")
        w("\t\t\treturn 0;")
        if c["returns"] == "void":
            w(f"\t\tf->{cid}({args});")
            w("\t\t*ret = 0;")
        else:
            w(f"\t\t*ret = (uint64_t)f->{cid}({args});")
        w("\t\treturn 1;")
    w("\t}")
    w("\treturn 0;")
    w("}")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__.split("\n\n")[1])
    text = generate(argv[1], argv[2])
    tmp = argv[3] + ".tmp"
    os.makedirs(os.path.dirname(argv[3]) or ".", exist_ok=True)
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, argv[3])


if __name__ == "__main__":
    main(sys.argv)
