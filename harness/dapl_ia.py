"""The uDAPL IA names a certification opens (docs/certification.md).

The corpus opens the IA named by RDMACTS_DAPL_IA (default rdmacts0);
its multi-thread tests open the IA named by RDMACTS_DAPL_IA_MT with
thread safety requested.  When RDMACTS_DAPL_IA_MT is not set, the harness
takes the first entry marked "threadsafe" in the static registry the
implementation's libdat reads (DAT_OVERRIDE, else dat.conf next to its
libdat.so), so a registry that offers a thread-safe IA has it certified
without further setting; with none, the multi-thread tests open the
default IA and report UNSUPPORTED if it is not thread safe."""

import os

DEFAULT = "rdmacts0"


def _registry(impl_dir, environ):
    override = environ.get("DAT_OVERRIDE")
    return override if override else os.path.join(impl_dir, "dat.conf")


def _first_threadsafe(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                fields = line.split()
                if (len(fields) >= 3 and not fields[0].startswith("#")
                        and fields[2] == "threadsafe"):
                    return fields[0]
    except OSError:
        pass
    return None


def names(impl_dir, environ=None):
    """(default IA, thread-safe IA, where the latter came from)."""
    environ = os.environ if environ is None else environ
    default = environ.get("RDMACTS_DAPL_IA") or DEFAULT
    if environ.get("RDMACTS_DAPL_IA_MT"):
        return default, environ["RDMACTS_DAPL_IA_MT"], "RDMACTS_DAPL_IA_MT"
    registry = _registry(impl_dir, environ)
    found = _first_threadsafe(registry)
    if found:
        return default, found, f"the first threadsafe entry of {registry}"
    return default, default, "no threadsafe entry: the default IA"
