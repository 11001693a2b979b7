"""Helper process: resolves names in an implementation's library the way
the dynamic loader does for a corpus binary (harness/impl.py runs it).

    python3 resolve.py LIBNAME PATH NAME...

Started with the run's LD_LIBRARY_PATH, under a keeper.  It dlopen()s PATH (for the
loader's own message when the file cannot be loaded), then LIBNAME by
name, as the corpus binary's DT_NEEDED entry is found, checks that both
are the same object, and dlsym()s every name through that handle: the
library and everything it needs, so a thin library in front of a core
one counts what the core defines.  The answer is one line on the record
channel the keeper gives it (RDMACTS_RECORD_FD), "RDMACTS-RESOLVE <json>"
after a newline of its own, not on stdout, which the library's
constructors may write to."""

import ctypes
import json
import os
import sys


def resolve(libname, path, names):
    flags = os.RTLD_LAZY | os.RTLD_LOCAL
    try:
        by_path = ctypes.CDLL(path, mode=flags)
    except OSError as e:
        return dict(error=str(e))
    try:
        by_name = ctypes.CDLL(libname, mode=flags)
    except OSError as e:
        return dict(error=f"the loader cannot find {libname} by name: {e}")
    if by_name._handle != by_path._handle:
        return dict(error=f"the loader resolves {libname} to another file "
                          f"than {path} (check LD_LIBRARY_PATH)")
    found = []
    for n in names:
        try:
            getattr(by_name, n)
            found.append(n)
        except AttributeError:
            pass
    return dict(found=found)


def main():
    libname, path, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    fd = int(os.environ["RDMACTS_RECORD_FD"])
    answer = resolve(libname, path, names)
    os.write(fd, b"\nRDMACTS-RESOLVE " + json.dumps(answer).encode() + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
