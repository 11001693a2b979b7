"""report.py RAW TXT JSON: the benchmark table from the programs' JSON lines.

Every figure is a ratio between two speeds measured side by side in the
same run, one ratio per run (bench/timing.h), shown as the lowest and the
median of the runs: a uGNI transfer / memcpy of the same size between
two buffers of the same kind of memory; a DMAPP transfer / memcpy, and
/ the same transfer posted through uGNI directly.
"""
import json
import os
import platform
import statistics
import sys

UGNI_OPS = ["rdma_put", "rdma_get", "fma_put", "fma_get"]
MIB = 1 << 20
# (what, goal): checked on the median of the runs at 1 MiB
TARGETS = [
    ("1 MiB dmapp_put into the symmetric heap / memcpy", 0.9),
    ("1 MiB dmapp_get from the symmetric heap / memcpy", 0.9),
    ("1 MiB RDMA PUT into user memory on huge pages, two processes / memcpy", 0.8),
    ("1 MiB RDMA GET from user memory on huge pages, two processes / memcpy", 0.8),
]


def size_name(n):
    for unit, shift in (("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return "%d %s" % (n >> shift, unit)
    return "%d B" % n


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def ratios(base, op):
    """Per run: base time / op time (a speed ratio)."""
    return [b / a for a, b in zip(op, base)]


def low_med(rs):
    return (min(rs), statistics.median(rs)) if rs else (None, None)


def cell(rs):
    lo, med = low_med(rs)
    return "%5.2f %5.2f" % (lo, med) if rs else "%11s" % "-"


def main(raw, txt, out):
    rows = [json.loads(line) for line in open(raw) if line.startswith("{")]
    ug, dm, placed = {}, {}, {}
    for r in rows:
        if r["bench"] == "ugni" and r["op"] == "placement":
            placed[(r["procs"], r["memory"])] = r
        elif r["bench"] == "ugni" and "base_ns" in r:
            r["ratios"] = ratios(r["base_ns"], r["ns"])
            ug[(r["procs"], r["memory"], r["op"], r["size"])] = r
        elif r["bench"] == "ugni":
            ug[(r["procs"], r["op"], r["size"])] = r   # smsg
        elif r["bench"] == "dmapp":
            r["ratios"] = ratios(r["memcpy_ns"], r["ns"])
            r["ugni_ratios"] = ratios(r["memcpy_ns"], r["ugni_ns"])
            r["over_ugni"] = ratios(r["ugni_ns"], r["ns"])
            dm[(r["op"], r["size"])] = r
    lines = []
    put = lines.append
    sizes = sorted({k[3] for k in ug if len(k) == 4})

    put("Each cell: lowest and median of the runs' ratios (1.00 = the "
        "baseline's speed).")
    put("")
    for procs in (1, 2):
        for mem in ("4k", "huge"):
            if not any(k[:2] == (procs, mem) for k in ug if len(k) == 4):
                continue
            p = placed.get((procs, mem))
            on = (" (%d of %d KiB of the source on huge pages)" %
                  (p["huge_kib"], p["kib"])) if p and mem == "huge" else ""
            put("uGNI, %s, registered user memory on %s%s: transfer / "
                "memcpy" % ("one process (two domains)" if procs == 1
                            else "two processes",
                            "4 KiB pages" if mem == "4k" else "huge pages",
                            on))
            put("%-8s | %s | memcpy GB/s" % (
                "size", " | ".join("%11s" % o for o in UGNI_OPS)))
            for s in sizes:
                rs = [ug.get((procs, mem, o, s)) for o in UGNI_OPS]
                mc = rs[0]["base_ns"] if rs[0] else None
                put("%-8s | %s | %6.1f" % (
                    size_name(s), " | ".join(cell(r["ratios"]) if r else
                                             "%11s" % "-" for r in rs),
                    s / statistics.median(mc) if mc else 0))
            put("")
    # the page-pinning share: what a 4 KiB-page transfer spends beyond
    # the same transfer on huge pages, two processes, 1 MiB
    pin = {}
    for o in ("rdma_put", "rdma_get"):
        a, b = ug.get((2, "4k", o, MIB)), ug.get((2, "huge", o, MIB))
        if a and b:
            pin[o] = 1 - statistics.median(b["ns"]) / statistics.median(a["ns"])
    if pin:
        put("Page pinning and walking, 1 MiB across processes: share of the "
            "4 KiB-page transfer's time beyond the same on huge pages: " +
            ", ".join("%s %.0f%%" % (o, 100 * v) for o, v in pin.items()))
    for procs in (1, 2):
        r = ug.get((procs, "smsg_send", 8))
        if r:
            put("SMSG, 8-byte messages, %s: %.0f messages/s (%.2f us each)" % (
                "one process" if procs == 1 else "two processes",
                1e9 / r["ns"], r["ns"] / 1000))
    put("")
    if dm:
        put("DMAPP, two PEs, symmetric heap to symmetric heap (memory the "
            "model owns: one memcpy)")
        put("%-8s | %-23s | %-23s | %-23s" % (
            "", "dmapp / memcpy", "uGNI direct / memcpy", "dmapp / uGNI"))
        put("%-8s | %s | %s | %s" % ("size", *(
            "%11s %11s" % ("put", "get"),) * 3))
        for s in sorted({k[1] for k in dm if k[0] in ("put", "get")}):
            cells = []
            for key in ("ratios", "ugni_ratios", "over_ugni"):
                cells.append(" ".join(
                    cell(dm[(o, s)][key]) if (o, s) in dm else "%11s" % "-"
                    for o in ("put", "get")))
            put("%-8s | %s" % (size_name(s), " | ".join(cells)))
        a = dm.get(("afadd_qw", 8))
        if a:
            lo, med = low_med(a["over_ugni"])
            put("AMO (dmapp_afadd_qw vs GNI_PostFma FADD): %.0f/s vs %.0f/s, "
                "ratio lowest %.2f, median %.2f" % (
                    1e9 / statistics.median(a["ns"]),
                    1e9 / statistics.median(a["ugni_ns"]), lo, med))
        put("")
    found = [
        dm.get(("put", MIB), {}).get("ratios"),
        dm.get(("get", MIB), {}).get("ratios"),
        ug.get((2, "huge", "rdma_put", MIB), {}).get("ratios"),
        ug.get((2, "huge", "rdma_get", MIB), {}).get("ratios"),
    ]
    targets = []
    for (what, goal), rs in zip(TARGETS, found):
        lo, med = low_med(rs or [])
        met = med is not None and med >= goal
        targets.append(dict(what=what, goal=goal, lowest=lo, median=med,
                            met=met))
        put("Target: %s >= %.2f: %s" % (
            what, goal, "no figure" if med is None else "%s (median %.2f, "
            "lowest %.2f)" % ("met" if met else "NOT met", med, lo)))
    put("")
    put("machine: %s, %d CPUs, %s %s; load average %.1f" % (
        cpu_model(), os.cpu_count() or 0, platform.system(),
        platform.release(), os.getloadavg()[0]))
    text = "\n".join(lines) + "\n"
    with open(txt, "w") as fh:
        fh.write(text)
    doc = {
        "machine": {"cpu": cpu_model(), "cpus": os.cpu_count(),
                    "kernel": platform.release(),
                    "load": os.getloadavg()[0]},
        "targets": targets,
        "pinning_share": pin,
        "results": rows,
    }
    with open(out, "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
