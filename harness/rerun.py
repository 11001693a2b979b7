"""--rerun-failures (RERUN=1): a rerun is a rerun of the same thing.

Each run records in results.json a fingerprint of what decided its
verdicts: a digest of every file in IMPL, of each corpus binary and of
the build's libpmi.so, of the vectors of each API, and the settings
(profile, limits, timeout, launch, launcher, core-only).  A rerun whose
fingerprint differs is refused, naming what changed: its merged report
would mix verdicts of two implementations.  A rerun takes the previous
run's filters (and says it is a filtered run when they filter), and runs
the selected tests that did not pass or that the previous run did not
have."""

import hashlib
import json
import os

from harness import impl, limits

RESULTS = "results.json"
FORMAT = "rdmacts-results-1"


def digest(path):
    """sha256 of a file's content, or None when it cannot be read."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    except OSError:
        return None
    return h.hexdigest()


def tree_digests(root):
    """{relative path: digest} of every file under root (the symbolic
    links to files followed, as the loader follows them)."""
    out = {}
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(d, name)
            if os.path.isfile(path):
                out[os.path.relpath(path, root)] = digest(path)
    return out


def fingerprint(impl_dir, bin_dir, vectors_dir, apis, settings):
    corpus = {api: digest(os.path.join(bin_dir, f"{api}_tests"))
              for api in apis}
    corpus["libpmi.so"] = digest(os.path.join(bin_dir, "pmi", "libpmi.so"))
    vecs = {}
    for api in apis:
        files = tree_digests(os.path.join(vectors_dir, api))
        vecs[api] = digest_of(files)
    return dict(impl=tree_digests(impl_dir), corpus=corpus, vectors=vecs,
                settings=settings)


def digest_of(mapping):
    return hashlib.sha256(json.dumps(mapping, sort_keys=True)
                          .encode()).hexdigest()


def settings(args, profile):
    return dict(profile=profile, limits=args.limits, timeout=args.timeout,
                launch=args.launch, launcher=args.launcher,
                core_only=bool(getattr(args, "core_only", False)),
                dat_conf=getattr(args, "dat_conf", None))


def load_previous(out_dir, impl_dir):
    """The previous run's results; ValueError naming why there are none
    usable."""
    path = os.path.join(out_dir, RESULTS)
    try:
        with open(path, encoding="utf-8") as f:
            prev = json.load(f)
    except (OSError, ValueError) as e:
        raise ValueError(f"--rerun-failures needs the results of a previous "
                         f"run in {path}: {e}") from None
    if not isinstance(prev, dict) or prev.get("format") != FORMAT:
        raise ValueError(f"{path} is not an rdmacts results file")
    if prev.get("impl") != impl_dir:
        raise ValueError(f"{path} holds results for {prev.get('impl')}, "
                         f"not {impl_dir}: rerun the same implementation")
    if not prev.get("fingerprint"):
        raise ValueError(f"{path} records no fingerprint of what it "
                         "certified (an older harness made it): certify "
                         "again without --rerun-failures")
    return prev


def inherit_filters(args, prev):
    """Sets args' filters to the previous run's; an error line when the
    rerun asks for other ones, else None."""
    before = prev.get("filters") or {}
    for key in ("call", "clause"):
        old = before.get(key) or []
        if getattr(args, key) and sorted(getattr(args, key)) != sorted(old):
            return (f"--rerun-failures keeps the previous run's filters: "
                    f"--{key} {','.join(old) or '(none)'}, not "
                    f"{','.join(getattr(args, key))}")
        setattr(args, key, list(old))
    old_apis = before.get("api") or list(impl.APIS)
    extra = [a for a in args.api if a not in old_apis]
    if extra:
        return (f"--rerun-failures: the previous run did not select "
                f"{', '.join(extra)}")
    args.api = args.api or list(before.get("api") or [])
    return None


def differences(old, new):
    """What differs between two fingerprints, one phrase each."""
    out = []
    o, n = old.get("impl", {}), new["impl"]
    changed = sorted(k for k in set(o) | set(n) if o.get(k) != n.get(k))
    if changed:
        shown = ", ".join(changed[:5]) + (" ..." if len(changed) > 5 else "")
        out.append(f"the files of IMPL ({shown})")
    for kind, what in (("corpus", "the corpus binary"),
                       ("vectors", "the vectors of")):
        for key, value in new[kind].items():
            if key in old.get(kind, {}) and old[kind][key] != value:
                out.append(f"{what} {key}")
    for key, value in new["settings"].items():
        was = old.get("settings", {}).get(key)
        if was != value:
            out.append(f"the {key.replace('_', '-')} ({_shown(key, was)} -> "
                       f"{_shown(key, value)})")
    return out


def _shown(key, value):
    if key == "limits" and isinstance(value, dict):
        return limits.describe_limits(value)
    if key == "timeout" and isinstance(value, (int, float)):
        return f"{value:g} s"
    return str(value)
