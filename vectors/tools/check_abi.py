#!/usr/bin/python3
"""Check the common ABI headers against the machine-readable spec.

For each API:
  1. every header compiles alone as C99 and as C++11, with
     -Wall -Wextra -pedantic -Werror;
  2. the functions and exported objects the headers declare are exactly
     the calls vectors/<api>/calls.json and ext-calls.json (the extension
     tier, when present) list (kind function / data), and
     every call of kind macro is a macro;
  3. every listed function has C linkage when the header is used from C++
     (its symbol is not mangled).

Exit status 0 when all holds; otherwise every difference is printed.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INCLUDE = os.path.join(ROOT, "include")

# The header a client includes for each API, and every header of the API.
APIS = {
    "ugni": ("gni_pub.h", ["gni_pub.h"]),
    "dmapp": ("dmapp.h", ["dmapp.h"]),
    "udapl": ("dat/udat.h", None),  # None: every header under include/dat
    "pmi": ("pmi.h", ["pmi.h"]),
}
STRICT = ["-Wall", "-Wextra", "-pedantic", "-Werror", "-I", INCLUDE]


def api_headers(api):
    main, headers = APIS[api]
    if headers is None:
        headers = sorted("dat/" + f for f in os.listdir(os.path.join(INCLUDE, "dat"))
                         if f.endswith(".h"))
    return main, headers


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def compile_alone(header, tmp):
    """Return a list of problems compiling `header` as the only include."""
    problems = []
    src = os.path.join(tmp, "alone.c")
    with open(src, "w") as f:
        f.write('#include "%s"\nint main(void) { return 0; }\n' % header)
    for cc, lang in (("gcc", ["-std=c99", "-x", "c"]),
                     ("g++", ["-std=c++11", "-x", "c++"])):
        r = run([cc] + lang + STRICT + ["-fsyntax-only", src])
        if r.returncode != 0:
            problems.append("%s does not compile alone with %s %s:\n%s"
                            % (header, cc, " ".join(lang), r.stderr.strip()))
    return problems


def walk_decls(node, state, out):
    """Collect top-level FunctionDecl / extern VarDecl declared in the API's
    own headers (state["own"]), not in the headers they include.

    clang's JSON dump prints a location's file only when it changes, so the
    current file is tracked across every location in document order."""
    if isinstance(node, dict):
        loc = node.get("loc")
        if isinstance(loc, dict):
            where = loc.get("expansionLoc", loc)
            if "file" in where:
                state["file"] = where["file"]
        kind = node.get("kind")
        top = state["depth"] == 1
        own = os.path.abspath(state.get("file", "")) in state["own"]
        if top and own and not node.get("isImplicit"):
            if kind == "FunctionDecl":
                out.setdefault(node["name"], "function")
            elif kind == "VarDecl" and node.get("storageClass") == "extern":
                out.setdefault(node["name"], "data")
        for key, value in node.items():
            if key in ("loc",):
                continue
            if key == "inner":
                state["depth"] += 1
                for child in value:
                    walk_decls(child, state, out)
                state["depth"] -= 1
            elif isinstance(value, (dict, list)):
                walk_decls(value, state, out)
    elif isinstance(node, list):
        for child in node:
            walk_decls(child, state, out)


def declared_symbols(headers, tmp):
    src = os.path.join(tmp, "decls.c")
    with open(src, "w") as f:
        for h in headers:
            f.write('#include "%s"\n' % h)
    r = run(["clang", "-std=c99", "-I", INCLUDE, "-fsyntax-only",
             "-Xclang", "-ast-dump=json", src])
    if r.returncode != 0:
        raise SystemExit("clang could not parse %s:\n%s" % (headers, r.stderr))
    out = {}
    own = {os.path.join(INCLUDE, h) for h in headers}
    walk_decls(json.loads(r.stdout), {"depth": 0, "own": own}, out)
    return out


def is_macro(header, name, tmp):
    src = os.path.join(tmp, "macro.c")
    with open(src, "w") as f:
        f.write('#include "%s"\n#ifndef %s\n#error not a macro\n#endif\n' % (header, name))
    return run(["gcc", "-I", INCLUDE, "-fsyntax-only", src]).returncode == 0


def unmangled_from_cxx(header, names, tmp):
    """Names whose symbol stays unmangled when referenced from C++."""
    src = os.path.join(tmp, "linkage.cc")
    obj = os.path.join(tmp, "linkage.o")
    with open(src, "w") as f:
        f.write('#include "%s"\nvoid *rdmacts_refs[] = {\n' % header)
        for n in names:
            f.write("    (void *)&%s,\n" % n)
        f.write("};\n")
    r = run(["g++", "-std=c++11", "-fpermissive", "-w", "-I", INCLUDE, "-c", src, "-o", obj])
    if r.returncode != 0:
        return set(), r.stderr.strip()
    nm = run(["nm", "-u", obj]).stdout.split()
    return set(nm), None


def check_api(api, tmp):
    problems = []
    calls_file = os.path.join(ROOT, "vectors", api, "calls.json")
    main, headers = api_headers(api)
    if not os.path.exists(os.path.join(INCLUDE, main)):
        return ["%s: header include/%s is missing" % (api, main)]
    for h in headers:
        problems += compile_alone(h, tmp)
    declared = declared_symbols(headers, tmp)
    if not os.path.exists(calls_file):
        if api == "pmi":  # PMI is not part of the specification: no vectors
            return problems
        return problems + ["%s: %s is missing" % (api, calls_file)]
    with open(calls_file) as f:
        calls = json.load(f)["calls"]
    # the extension tier (vendor calls beyond the document), when present
    ext_file = os.path.join(ROOT, "vectors", api, "ext-calls.json")
    if os.path.exists(ext_file):
        with open(ext_file) as f:
            calls = calls + json.load(f)["calls"]
    listed = {c["name"]: c.get("kind", "function") for c in calls}
    for name, kind in sorted(listed.items()):
        if kind == "macro":
            if not is_macro(main, name, tmp):
                problems.append("%s: %s is listed as a macro but is not one" % (api, name))
        elif name not in declared:
            problems.append("%s: %s is in calls.json but not declared" % (api, name))
        elif declared[name] != kind:
            problems.append("%s: %s is listed as %s but declared as %s"
                            % (api, name, kind, declared[name]))
    for name in sorted(set(declared) - set(listed)):
        problems.append("%s: %s is declared but not in calls.json" % (api, name))
    funcs = [n for n, k in listed.items() if k == "function" and n in declared]
    syms, err = unmangled_from_cxx(main, funcs, tmp)
    if err:
        problems.append("%s: C++ linkage check did not compile:\n%s" % (api, err))
    else:
        for n in sorted(set(funcs) - syms):
            problems.append("%s: %s does not have C linkage in C++ (missing extern \"C\"?)"
                            % (api, n))
    counts = {}
    for kind in listed.values():
        counts[kind] = counts.get(kind, 0) + 1
    print("%-6s %3d calls in vectors (%s); %d headers compile alone as C99 and C++"
          % (api, len(listed), ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items())),
             len(headers)))
    return problems


def main(argv):
    apis = argv[1:] or ["ugni", "dmapp", "udapl", "pmi"]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for api in apis:
            problems += check_api(api, tmp)
    for p in problems:
        print("ABI-CHECK: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
