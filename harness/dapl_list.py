"""Helper process: what the uDAPL registry under test lists (harness/
dapl_ia.py runs it).

    python3 dapl_list.py

Started with the run's environment (LD_LIBRARY_PATH with IMPL first, and
DAT_OVERRIDE when the run gives the registry a dat.conf), under a
keeper.  It loads libdat.so by name, as the corpus binaries do, and
calls dat_registry_list_providers with room for 64 entries: the IAs the
registry reads from its static registry, with the version and thread
safety it took from each (a registry that skips some lines, OFA's
"nondefault" ones, does not list them).  The answer is one line on the
record channel (RDMACTS_RECORD_FD), "RDMACTS-DAPL-LIST <json>": {"rc":
the DAT_RETURN, "entries": [[name, major, minor, thread_safe], ...]} or
{"error": why}.  stdout belongs to the library (OFA's registry prints
its parse errors there)."""

import ctypes
import json
import os
import sys

MAX = 64
NAME_MAX = 256  # DAT_NAME_MAX_LENGTH


class ProviderInfo(ctypes.Structure):
    """DAT_PROVIDER_INFO (dat/dat_registry.h)."""
    _fields_ = [("ia_name", ctypes.c_char * NAME_MAX),
                ("dapl_version_major", ctypes.c_uint32),
                ("dapl_version_minor", ctypes.c_uint32),
                ("is_thread_safe", ctypes.c_int)]


def listing():
    try:
        dat = ctypes.CDLL("libdat.so", mode=os.RTLD_LAZY | os.RTLD_LOCAL)
        call = dat.dat_registry_list_providers
    except (OSError, AttributeError) as e:
        return dict(error=str(e))
    call.restype = ctypes.c_uint32
    infos = (ProviderInfo * MAX)()
    ptrs = (ctypes.POINTER(ProviderInfo) * MAX)(
        *[ctypes.pointer(i) for i in infos])
    count = ctypes.c_int(-1)
    rc = call(MAX, ctypes.byref(count), ptrs)
    entries = []
    if rc == 0:
        for i in infos[:max(0, min(count.value, MAX))]:
            entries.append([i.ia_name.decode("utf-8", "replace"),
                            i.dapl_version_major, i.dapl_version_minor,
                            i.is_thread_safe == 1])
    return dict(rc=rc, count=count.value, entries=entries)


def main():
    fd = int(os.environ["RDMACTS_RECORD_FD"])
    answer = listing()
    os.write(fd, b"\nRDMACTS-DAPL-LIST " + json.dumps(answer).encode() + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
