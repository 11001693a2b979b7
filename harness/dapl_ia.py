"""The uDAPL IA names a certification opens, and what the registry under
test reads (docs/certification.md, "uDAPL: the registry's dat.conf").

The corpus opens the IA named by RDMACTS_DAPL_IA (default rdmacts0);
its multi-thread tests open the IA named by RDMACTS_DAPL_IA_MT with
thread safety requested.  When RDMACTS_DAPL_IA_MT is not set, the harness
asks the registry under test itself which IAs it will load
(dat_registry_list_providers, in a helper process started like a test:
harness/dapl_list.py) and takes the first one it lists as thread safe,
so an entry the registry skips (OFA's registry ignores "nondefault"
lines) is never chosen.  When the registry cannot list, the first
"default" threadsafe line of the dat.conf it would read stands in.
With none, the multi-thread tests open the default IA and report
UNSUPPORTED if it is not thread safe.

The registry's dat.conf is an input of the run (--dat-conf, make certify
DAT_CONF=file), given to the tests as DAT_OVERRIDE, the variable both
the reference's libdat and OFA's read.  Without it, a registry that does
not read IMPL/dat.conf (OFA's reads DAT_OVERRIDE, its sysconfdir, then
/etc/dat.conf) would certify whatever the machine's file says: when
IMPL/dat.conf names IAs the registry does not list, the run says so."""

import os

from harness import impl

DEFAULT = "rdmacts0"
LISTER = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      "dapl_list.py")
ANSWER = "RDMACTS-DAPL-LIST "


def _conf_lines(path):
    """[(name, thread safe, default)] of a dat.conf's entry lines."""
    out = []
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                fields = line.split()
                if len(fields) >= 4 and not fields[0].startswith("#"):
                    out.append((fields[0], fields[2] == "threadsafe",
                                fields[3] == "default"))
    except OSError:
        pass
    return out


def registry_list(ctx, env):
    """The registry's own list [(name, major, minor, thread safe)], or
    None with the reason."""
    try:
        answer = impl.helper([LISTER], "listing the uDAPL registry",
                             ANSWER, ctx, env)
    except impl.LoadError as e:
        return None, str(e)
    if "error" in answer:
        return None, str(answer["error"])
    if answer.get("rc") != 0:
        return None, (f"dat_registry_list_providers returned "
                      f"0x{answer.get('rc', 0):08x} (no static registry?)")
    return [tuple(e) for e in answer.get("entries", [])], None


def names(impl_dir, ctx=None, env=None, environ=None):
    """dict(default, threadsafe, threadsafe_from, listed, warnings): the
    IA names, the registry's list (None when it could not list) and what
    the run must warn about."""
    environ = os.environ if environ is None else environ
    default = environ.get("RDMACTS_DAPL_IA") or DEFAULT
    override = environ.get("DAT_OVERRIDE")
    conf = override or os.path.join(impl_dir, "dat.conf")
    listed, why = (registry_list(ctx, env) if ctx is not None
                   else (None, "not asked"))
    out = dict(default=default, listed=listed, warnings=[])
    mine = [n for n, _, _ in _conf_lines(conf)]
    if mine and (listed is not None or why.startswith("dat_registry")):
        theirs = {e[0] for e in listed or []}
        if not theirs & set(mine):
            out["warnings"].append(
                f"the registry under test ignores {conf}"
                + (" (DAT_OVERRIDE)" if override else "") + ": "
                + (f"it lists {', '.join(sorted(theirs)) or 'no IA'}"
                   if listed is not None else why)
                + (".  Give it a dat.conf with DAT_CONF=file (exported as "
                   "DAT_OVERRIDE; docs/certification.md)" if not override
                   else ""))
    if environ.get("RDMACTS_DAPL_IA_MT"):
        out.update(threadsafe=environ["RDMACTS_DAPL_IA_MT"],
                   threadsafe_from="RDMACTS_DAPL_IA_MT")
        return out
    if listed is not None:
        safe = [e[0] for e in listed if e[3]]
        if safe:
            out.update(threadsafe=safe[0], threadsafe_from=(
                "the first thread-safe IA the registry lists"))
            return out
    else:
        safe = [n for n, ts, dflt in _conf_lines(conf) if ts and dflt]
        if safe:
            out.update(threadsafe=safe[0], threadsafe_from=(
                f"the first default threadsafe line of {conf} (the "
                f"registry could not list: {why})"))
            return out
    out.update(threadsafe=default,
               threadsafe_from="no thread-safe IA listed: the default IA")
    return out
