"""report.py RAW TXT JSON: the benchmark table from the programs' JSON lines.

Ratios are speeds relative to a baseline measured in the same run:
uGNI bandwidth / memcpy bandwidth of the same size, DMAPP bandwidth
(or AMO rate) / the same transfer posted through uGNI directly.
"""
import json
import os
import platform
import sys

TARGET_SIZE, TARGET_RATIO = 1 << 20, 0.5
UGNI_OPS = ["rdma_put", "rdma_get", "fma_put", "fma_get"]


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


def main(raw, txt, out):
    rows = [json.loads(line) for line in open(raw) if line.startswith("{")]
    for r in rows:
        if "memcpy_ns" in r:
            r["ratio"] = r["memcpy_ns"] / r["ns"]
            r["gbps"] = r["size"] / r["ns"]
            r["memcpy_gbps"] = r["size"] / r["memcpy_ns"]
        elif "ugni_ns" in r:
            r["ratio"] = r["ugni_ns"] / r["ns"]
    ug = {(r["procs"], r["op"], r["size"]): r for r in rows if r["bench"] == "ugni"}
    dm = {(r["op"], r["size"]): r for r in rows if r["bench"] == "dmapp"}
    sizes = sorted({k[2] for k in ug if k[1] in UGNI_OPS})
    lines = []
    put = lines.append

    put("uGNI bandwidth as a ratio to memcpy of the same size (1.00 = memcpy speed)")
    put("%-8s | %-35s | %-35s | %s" % ("", "one process (two domains)",
                                       "two processes", "memcpy"))
    hdr = " ".join("%8s" % o for o in UGNI_OPS)
    put("%-8s | %s | %s | %s" % ("size", hdr, hdr, "GB/s"))
    for s in sizes:
        cells = []
        for procs in (1, 2):
            cells.append(" ".join(
                "%8.3f" % ug[(procs, o, s)]["ratio"] if (procs, o, s) in ug
                else "%8s" % "-" for o in UGNI_OPS))
        mc = ug.get((2, "rdma_put", s)) or ug.get((1, "rdma_put", s))
        put("%-8s | %s | %s | %6.1f" % (size_name(s), cells[0], cells[1],
                                        mc["memcpy_gbps"] if mc else 0))
    put("")
    for procs in (1, 2):
        r = ug.get((procs, "smsg_send", 8))
        if r:
            put("SMSG, 8-byte messages, %s: %.0f messages/s (%.2f us each)" % (
                "one process" if procs == 1 else "two processes",
                1e9 / r["ns"], r["ns"] / 1000))
    t = ug.get((2, "rdma_put", TARGET_SIZE))
    f = ug.get((2, "fma_put", TARGET_SIZE))
    met = bool(t and t["ratio"] >= TARGET_RATIO)
    if t:
        put("Target: 1 MiB PUT across processes at >= 50%% of memcpy: %s "
            "(RDMA %.0f%%, FMA %.0f%%)" % ("met" if met else "NOT met",
                                          100 * t["ratio"], 100 * f["ratio"]))
    put("")
    if dm:
        put("DMAPP over uGNI, two PEs: DMAPP speed as a ratio to the same "
            "transfer posted through uGNI directly (1.00 = no overhead)")
        put("%-8s | %8s %8s" % ("size", "put", "get"))
        for s in sorted({k[1] for k in dm if k[0] in ("put", "get")}):
            put("%-8s | %s" % (size_name(s), " ".join(
                "%8.3f" % dm[(o, s)]["ratio"] if (o, s) in dm else "%8s" % "-"
                for o in ("put", "get"))))
        a = dm.get(("afadd_qw", 8))
        if a:
            put("AMO (dmapp_afadd_qw vs GNI_PostFma FADD): %.0f/s vs %.0f/s, "
                "ratio %.3f" % (1e9 / a["ns"], 1e9 / a["ugni_ns"], a["ratio"]))
    put("")
    put("machine: %s, %d CPUs, %s %s" % (cpu_model(), os.cpu_count() or 0,
                                        platform.system(), platform.release()))
    text = "\n".join(lines) + "\n"
    with open(txt, "w") as fh:
        fh.write(text)
    doc = {
        "machine": {"cpu": cpu_model(), "cpus": os.cpu_count(),
                    "kernel": platform.release()},
        "target": {"what": "1 MiB RDMA PUT across processes / memcpy",
                   "ratio": t["ratio"] if t else None, "goal": TARGET_RATIO,
                   "met": met},
        "results": rows,
    }
    with open(out, "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
