"""What an implementation directory offers: which APIs, which symbols."""

import os
import subprocess

LIBRARIES = {"ugni": "libugni.so", "dmapp": "libdmapp.so", "udapl": "libdat.so"}
APIS = list(LIBRARIES)


def library(impl_dir, api):
    path = os.path.join(impl_dir, LIBRARIES[api])
    return path if os.path.exists(path) else None


def exported_symbols(lib_path):
    """Defined dynamic symbols of lib_path (version suffixes removed).
    Raises RuntimeError when nm cannot read the file."""
    p = subprocess.run(["nm", "-D", "--defined-only", lib_path],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"nm -D {lib_path}: {p.stderr.strip()}")
    names = set()
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        kind, name = parts[-2], parts[-1]
        if kind == "A":  # version definitions, not symbols
            continue
        names.add(name.split("@")[0])
    return names
