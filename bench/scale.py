"""scale.py BINDIR OUTDIR [PES...]: the scale table (make bench-scale).

One job of build/bin/bench-scale (bench/scale.c: the spec's dmapp_put.c
pattern, dmapp_init, a 1 MiB neighbour PUT round, dmapp_finalize) per
size, 64, 256, 1,024 and 4,096 PEs unless PES are given, smallest
first, all in this run.  The job's wall time is measured here, around
rdmacts-run; every figure is also given as a ratio to the 64-PE job of
the same run (the first size), and per PE, so that 1.00 in the last
ratio column means the job grows like its number of PEs.  Memory is
the sum of the PEs' proportional set sizes (private pages plus each
one's share of what they share, the fabric among it) over the number
of PEs.  Writes OUTDIR/scale.txt (also printed) and OUTDIR/scale.json.
"""
import json
import os
import resource
import subprocess
import sys
import time

SIZES = [64, 256, 1024, 4096]
HEAP = "16M"            # XT_SYMMETRIC_HEAP_SIZE, as the figures
TIMEOUT = 600


def limits_allow(npes):
    """None, or why this machine's limits cannot start npes processes:
    hydra's proxy holds about four descriptors per rank (its stdout and
    stderr pipes, the PMI socket, the rank's pid descriptor)."""
    nofile = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    nproc = resource.getrlimit(resource.RLIMIT_NPROC)[0]
    if nofile != resource.RLIM_INFINITY and nofile < 4 * npes + 64:
        return "ulimit -n is %d, hydra needs about %d" % (nofile, 4 * npes + 64)
    if nproc != resource.RLIM_INFINITY and nproc < npes + 64:
        return "ulimit -u is %d, the job needs %d processes" % (nproc, npes + 64)
    return None


def run(bindir, npes):
    env = dict(os.environ, XT_SYMMETRIC_HEAP_SIZE=HEAP)
    t0 = time.monotonic()
    p = subprocess.run([os.path.join(bindir, "rdmacts-run"), "-n", str(npes),
                        os.path.join(bindir, "bench-scale")],
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=TIMEOUT, text=True)
    wall = time.monotonic() - t0
    rows = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
    if p.returncode != 0 or len(rows) != 1 or rows[0]["bad"] != 0:
        return {"npes": npes, "error": "status %d: %s" % (
            p.returncode, (p.stderr.strip().splitlines() or ["no output"])[-1])}
    r = rows[0]
    r["wall_s"] = wall
    return r


def table(rows):
    base = next((r for r in rows if "wall_s" in r), None)
    lines = ["Scale: the spec's dmapp_put.c pattern (dmapp_init, 1 MiB PUT to PE "
             "npes-1-pe, dmapp_finalize), one job per size, same run",
             "%6s | %8s %7s %9s | %9s %9s | %9s %9s %10s" % (
                 "PEs", "job s", "x first", "per PE x", "init s", "round s",
                 "KiB/PE", "private", "launcher")]
    for r in rows:
        if "error" in r:
            lines.append("%6d | not run: %s" % (r["npes"], r["error"]))
            continue
        x = r["wall_s"] / base["wall_s"]
        per = x / (r["npes"] / base["npes"])
        r["x_first"], r["per_pe_x_first"] = x, per
        lines.append("%6d | %8.2f %7.2f %9.2f | %9.3f %9.4f | %9.0f %9.0f %10d" % (
            r["npes"], r["wall_s"], x, per, r["init_max_s"], r["round_s"],
            r["pss_kib"] / r["npes"], r["private_kib"] / r["npes"],
            r["launcher_kib"]))
    lines.append("job s: wall time of rdmacts-run; x first: / the %d-PE job; "
                 "per PE x: the same per PE (1.00 = linear); init s: slowest "
                 "dmapp_init; round s: PE 0's barrier-to-barrier PUT round; "
                 "KiB/PE: proportional set size per PE (the 2 MiB of arrays "
                 "the program writes included); launcher: hydra proxy RSS"
                 % (base["npes"] if base else 0))
    return lines


def main(bindir, outdir, sizes):
    os.makedirs(outdir, exist_ok=True)
    rows = []
    for n in sizes:
        why = limits_allow(n)
        print("bench: scale, %d PEs%s" % (n, " (skipped: %s)" % why if why else ""),
              file=sys.stderr)
        rows.append({"npes": n, "error": why} if why else run(bindir, n))
    lines = table(rows)
    with open(os.path.join(outdir, "scale.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(outdir, "scale.json"), "w") as f:
        json.dump({"heap": HEAP, "cpus": os.cpu_count(), "rows": rows}, f, indent=1)
    print("\n".join(lines))
    return 0 if all("error" not in r for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], [int(a) for a in sys.argv[3:]] or SIZES))
