"""What an implementation directory offers: which APIs, which calls."""

import json
import os
import subprocess
import sys

LIBRARIES = {"ugni": "libugni.so", "dmapp": "libdmapp.so", "udapl": "libdat.so"}
APIS = list(LIBRARIES)
RESOLVE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "resolve.py")
RESOLVE_TIMEOUT = 60


def library(impl_dir, api):
    path = os.path.join(impl_dir, LIBRARIES[api])
    return path if os.path.exists(path) else None


class LoadError(Exception):
    """The library cannot be loaded as a corpus binary would load it."""


def resolve(lib_path, names, env):
    """The subset of names a corpus binary started with env (its
    LD_LIBRARY_PATH) gets from lib_path and the libraries it needs,
    resolved in a helper process (harness/resolve.py) with dlopen and
    dlsym.  Raises LoadError, with one line saying why, when the library
    cannot be loaded."""
    fd = os.memfd_create("rdmacts-resolve", os.MFD_CLOEXEC)
    try:
        try:
            p = subprocess.run(
                [sys.executable, RESOLVE, os.path.basename(lib_path),
                 lib_path, str(fd)], input="\n".join(names), env=env,
                capture_output=True, text=True, pass_fds=(fd,),
                timeout=RESOLVE_TIMEOUT, start_new_session=True)
        except subprocess.TimeoutExpired:
            raise LoadError(f"loading {lib_path} did not finish in "
                            f"{RESOLVE_TIMEOUT} s") from None
        raw = os.pread(fd, 1 << 20, 0)
    finally:
        os.close(fd)
    try:
        answer = json.loads(raw)
    except ValueError:
        status = (f"signal {-p.returncode}" if p.returncode < 0
                  else f"status {p.returncode}")
        err = p.stderr.strip().splitlines()
        raise LoadError(f"loading {lib_path} ended the process ({status})"
                        + (f": {err[-1]}" if err else "")) from None
    if "error" in answer:
        raise LoadError(answer["error"])
    return set(answer["found"])
