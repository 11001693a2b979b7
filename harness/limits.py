"""Per-test resource limits (docs/certification.md): address space in
bytes, CPU seconds, processes of the user.  The runner applies them to
itself before the test body runs (RDMACTS_LIMITS); the harness names the
one a dead process most likely ran into."""

import re
import signal

from harness import verdicts as V

LIMIT_KEYS = {"as": "address space", "cpu": "CPU time", "nproc": "processes"}
DEFAULT_LIMITS = {"as": 16 << 30, "cpu": None, "nproc": 4096}
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_limits(specs, timeout):
    """{"as": bytes, "cpu": s, "nproc": n} from ["as=8G", "cpu=30,nproc=0"];
    0 or "none" lifts a limit.  cpu defaults to the timeout.  Raises
    ValueError with one line naming what is wrong."""
    limits = dict(DEFAULT_LIMITS, cpu=max(1, int(-(-timeout // 1))))
    for spec in specs or []:
        for item in filter(None, spec.split(",")):
            key, _, value = item.partition("=")
            key, value = key.strip().lower(), value.strip().lower()
            if key not in LIMIT_KEYS:
                raise ValueError(f"--limit {item}: unknown limit (known: "
                                 f"{', '.join(LIMIT_KEYS)})")
            m = re.fullmatch(r"(\d+)([kmgt]?)", value)
            if value == "none":
                limits[key] = None
            elif m and (key == "as" or not m.group(2)):
                n = int(m.group(1)) * _UNITS[m.group(2)]
                limits[key] = n or None
            else:
                raise ValueError(f"--limit {item}: not a number"
                                 + (" with an optional K/M/G/T suffix"
                                    if key == "as" else ""))
    return limits


def environment(limits):
    """RDMACTS_LIMITS for the runner: as=<bytes>,cpu=<s>,nproc=<n>, 0: none."""
    return ",".join(f"{k}={'0' if v is None else v}" for k, v in limits.items())


def describe_limits(limits):
    parts = []
    for key, n in limits.items():
        if n is None:
            continue
        shown = (f"{n >> 20} MiB" if key == "as" else f"{n} s" if key == "cpu"
                 else str(n))
        parts.append(f"{LIMIT_KEYS[key]} {shown}")
    return ", ".join(parts) or "none"


def limit_reached(limits, sig, usage):
    """The limit a dead process most likely ran into, or None.  usage has
    ru_utime and ru_stime in seconds, ru_maxrss in KiB."""
    cpu = limits.get("cpu")
    if sig == signal.SIGXCPU or (cpu and usage and
                                 usage.ru_utime + usage.ru_stime >= cpu):
        return f"CPU-time limit of {cpu} s reached"
    space = limits.get("as")
    if space and usage and usage.ru_maxrss * 1024 >= space // 2:
        return f"address-space limit of {space >> 20} MiB reached"
    return None


def judge_limits(verdict, detail, limits, rc, usage, strays=0):
    """detail, naming the limit a CRASH or TIMEOUT most likely ran into,
    else the limits in force where one may have played a part (a
    timeout, a SIGKILL, processes left behind: a fork storm)."""
    if verdict not in (V.CRASH, V.TIMEOUT) and not strays:
        return detail
    sig = -rc if rc is not None and rc < 0 else None
    hit = limit_reached(limits, sig, usage)
    if hit:
        return f"{detail} ({hit})"
    if verdict == V.TIMEOUT or sig == signal.SIGKILL or strays:
        return f"{detail} (per-test limits: {describe_limits(limits)})"
    return detail
