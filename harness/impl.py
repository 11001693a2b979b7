"""What an implementation directory offers: which APIs, which calls."""

import json
import os
import sys

from harness import text

LIBRARIES = {"ugni": "libugni.so", "dmapp": "libdmapp.so", "udapl": "libdat.so"}
APIS = list(LIBRARIES)
RESOLVE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "resolve.py")
RESOLVE_TIMEOUT = 60
ANSWER = "RDMACTS-RESOLVE "  # the helper's line on its record channel


def library(impl_dir, api):
    path = os.path.join(impl_dir, LIBRARIES[api])
    return path if os.path.exists(path) else None


class LoadError(Exception):
    """The library cannot be loaded as a corpus binary would load it."""


def resolve(lib_path, names, ctx, env):
    """The subset of names a corpus binary started with env (its
    LD_LIBRARY_PATH) gets from lib_path and the libraries it needs,
    resolved in a helper process (harness/resolve.py) with dlopen and
    dlsym, under a keeper like any test (a constructor may start
    processes).  Raises LoadError, with one line saying why, when the
    library cannot be loaded."""
    answer = helper([RESOLVE, os.path.basename(lib_path), lib_path, *names],
                    f"loading {lib_path}", ANSWER, ctx, env)
    if "error" in answer:
        raise LoadError(text.bounded(str(answer["error"])))
    return set(answer.get("found", []))


def helper(argv, what, tag, ctx, env):
    """Runs a Python helper script (argv) with env under a keeper and
    returns the JSON object it wrote on its record channel after tag;
    LoadError, naming `what`, when it wrote none."""
    cwd = ctx.workdir()
    try:
        rep = ctx.keep([sys.executable, *argv], env, cwd, cwd + ".keep",
                       RESOLVE_TIMEOUT, record=True)
    finally:
        ctx.done(cwd)
    if rep is None:
        raise LoadError(f"{what}: the helper's keeper was killed")
    if rep.timed_out:
        raise LoadError(f"{what} did not finish in {RESOLVE_TIMEOUT} s")
    answer = None
    for line in rep.rec.splitlines():
        if line.startswith(tag):
            try:
                answer = json.loads(line[len(tag):])
            except ValueError:
                pass
    if not isinstance(answer, dict):
        status = (f"signal {-rep.status}" if rep.status < 0
                  else f"status {rep.status}")
        err = text.last_line(rep.err)
        raise LoadError(f"{what} ended the process ({status})"
                        + (f": {err}" if err else ""))
    return answer
