"""The process boundary, tried by hostile implementations.

Each test certifies a libugni.so built here (once per session) from the
reference's own objects: a "split" one (a thin libugni.so in front of a
core library, a common packaging) and a hostile one that misbehaves inside
GNI_CdmCreate (harness/tests/programs/hostile_ugni.c, chosen by $HOSTILE)
and is the reference otherwise.  They run the real uGNI corpus, a clause
or a call at a time, and check the verdict, the report, and that nothing
is left behind: no process, no fabric or working directory, no temporary
file.  docs/certification.md says what these guarantee."""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

from conftest import REPO, build_dir

NOBODY = 65534
CLAUSE = "UGNI-3.2.1-success"  # one test, ugni.cdm_create.success.handle
ONE = "ugni.cdm_create.success.handle"


def _cc(*args):
    p = subprocess.run(["cc", *args], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr


@pytest.fixture(scope="session")
def impls(tmp_path_factory):
    """{"split": dir, "hostile": dir}: two implementation directories."""
    build = build_dir()
    root = tmp_path_factory.mktemp("impls")
    objs = sorted(glob.glob(os.path.join(build, "obj/ref/nic/*.o")) +
                  glob.glob(os.path.join(build, "obj/ref/ugni/*.o")))
    assert objs, "the reference's objects are not built"
    split, hostile = root / "split", root / "hostile"
    split.mkdir()
    hostile.mkdir()
    core = str(split / "libugni_core.so")
    _cc("-shared", "-o", core, *objs, "-Wl,-soname,libugni_core.so",
        "-lpthread", "-Wl,--version-script=" +
        os.path.join(REPO, "ref/ugni/libugni.map"))
    thin = root / "thin.c"
    thin.write_text("/* every call is in libugni_core.so */\n"
                    "int rdmacts_thin_wrapper;\n")
    _cc("-shared", "-fPIC", "-o", str(split / "libugni.so"), str(thin),
        "-Wl,--no-as-needed", f"-L{split}", "-lugni_core",
        "-Wl,-soname,libugni.so")
    os.symlink(core, hostile / "libugni_core.so")
    _cc("-shared", "-fPIC", "-I" + os.path.join(REPO, "include"),
        "-o", str(hostile / "libugni.so"),
        os.path.join(REPO, "harness/tests/programs/hostile_ugni.c"),
        "-Wl,--no-as-needed", f"-L{hostile}", "-lugni_core", "-ldl",
        "-Wl,-soname,libugni.so")
    # no libpmi.so in either: the build's serves them (bin/pmi)
    return {"split": str(split), "hostile": str(hostile), "root": str(root)}


class Certified:
    def __init__(self, proc, out, notes, tmp):
        self.status, self.stdout, self.stderr = (proc.returncode, proc.stdout,
                                                 proc.stderr)
        self.out, self.notes, self.tmp = out, notes, tmp
        path = os.path.join(out, "results.json")
        self.results = json.load(open(path)) if os.path.exists(path) else None

    def verdicts(self):
        return {t["name"]: t["verdict"] for t in self.results["tests"]}

    def test(self, name):
        return next(t for t in self.results["tests"] if t["name"] == name)


def _processes_with(marker):
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if marker in f.read():
                    found.append(int(pid))
        except OSError:
            pass
    return found


def certify(impl, *args, mode=None, where, timeout=2, env=None,
            vectors=None, as_user=None, repo=REPO, bin_dir=None):
    """Certifies impl (API ugni) with $HOSTILE=mode; checks that nothing
    of the run is left behind."""
    out = os.path.join(where, "out")
    notes = os.path.join(where, "notes")
    tmp = os.path.join(where, "tmp")
    for d in (notes, tmp):
        os.makedirs(d, exist_ok=True)
    marker = f"HOSTILE_ID={os.path.basename(where)}-{os.getpid()}"
    run_env = dict(os.environ, TMPDIR=tmp, HOSTILE_NOTES=notes,
                   HOSTILE_ID=marker.split("=", 1)[1], **(env or {}))
    if mode:
        run_env["HOSTILE"] = mode
    build = build_dir()
    cmd = [sys.executable, "-m", "harness", "certify", "--impl", impl,
           "--bin", bin_dir or os.path.join(build, "bin"),
           "--vectors", vectors or os.path.join(REPO, "vectors"),
           "--out", out, "--api", "ugni", "--timeout", str(timeout), *args]
    pre = None
    if as_user is not None:
        for d in (where, notes, tmp):
            os.chown(d, as_user, as_user)

        def pre():
            os.setgroups([])
            os.setresgid(as_user, as_user, as_user)
            os.setresuid(as_user, as_user, as_user)
    p = subprocess.run(cmd, cwd=repo, env=run_env, capture_output=True,
                       text=True, timeout=300, preexec_fn=pre)
    run = Certified(p, out, notes, tmp)
    # Nothing of the run is left: no process, no temporary file, no
    # working or fabric directory of a test.
    assert _processes_with(marker.encode() + b"\0") == [], "left processes"
    assert os.listdir(tmp) == [], "left temporary files"
    for n in filter(str.isdigit, os.listdir(notes)):
        for d in filter(None, open(os.path.join(notes, n)).read().split("\n")):
            assert not glob.glob(glob.escape(d) + "*"), f"left {d}"
    # helpers started with an environment of their own carry no marker
    for n in glob.glob(os.path.join(notes, "*.helper")):
        pid = int(open(n).read())
        assert not _alive(pid), f"left helper {pid}"
    return run


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def test_split_library_counts_every_call_and_is_conformant(impls, tmp_path):
    run = certify(impls["split"], "--call", "cdm_create,cq_create",
                  where=str(tmp_path))
    u = run.results["apis"]["ugni"]
    assert (u["calls_exported"], u["calls_total"]) == (86, 86)
    assert u["missing_calls"] == []
    assert u["status"] == "CONFORMANT", run.stdout
    assert "86 of 86 calls exported" in run.stdout


def test_working_and_fabric_directories_are_private(impls, tmp_path):
    run = certify(impls["hostile"], "--clause", CLAUSE, mode="note",
                  where=str(tmp_path))
    assert run.verdicts() == {ONE: "PASS"}
    (modes,) = glob.glob(os.path.join(run.notes, "*.modes"))
    assert open(modes).read().split() == ["700", "700"]


def test_exit0_in_cdm_create_is_not_conformant(impls, tmp_path):
    """The issue's own example: exit(0) inside GNI_CdmCreate used to be 835
    PASS.  Every test that creates a domain is a CRASH now."""
    run = certify(impls["hostile"], "--call", "cdm_create", mode="exit0",
                  where=str(tmp_path))
    v = run.verdicts()
    assert len(v) > 10 and set(v.values()) == {"CRASH"}, v
    assert run.results["apis"]["ugni"]["status"] == "NOT CONFORMANT"
    assert run.status == 1
    assert "exited with status 0 without a verdict" in run.test(ONE)["detail"]


@pytest.mark.parametrize("mode,verdict,detail", [
    ("_exit0", "CRASH", "exited with status 0 without a verdict"),
    ("exit77", "CRASH", "exited with status 77 without a verdict"),
    ("abort", "CRASH", "SIGABRT"),
    # the runner's own record format, fake PASS lines, FAIL and
    # UNSUPPORTED lines on stdout and stderr, then an exit status to match
    ("forge_exit0", "CRASH", "exited with status 0 without a verdict"),
    ("forge_exit77", "CRASH", "exited with status 77 without a verdict"),
    # ... and written to every descriptor, the record's among them
    ("forge_fds", "CRASH", "exited with status 0 without a verdict"),
    # forged FAIL/UNSUPPORTED lines do not fail a test that passed either
    ("forge_return", "PASS", ""),
    # a forked child finishes the test (its end record is not the word of
    # the process the harness started), the parent exits 0
    ("fork_and_exit", "CRASH", "exited with status 0 without a verdict"),
    ("hang", "TIMEOUT", "no verdict after 1 s"),
    ("ignore_term", "TIMEOUT", "no verdict after 1 s"),
    ("kill_group", "CRASH", "SIGTERM"),
    # the test kills its keeper and hangs: the harness, the reaper of the
    # keepers' orphans, kills it
    ("kill_keeper", "CRASH", "its keeper was killed"),
    # setsid() and a grandchild that outlives the test, with or without
    # the test's stdout and stderr
    ("stray", "CRASH", "left 1 process(es) running"),
    ("stray_quiet", "CRASH", "left 1 process(es) running"),
    # ... and then hangs: a TIMEOUT that still leaves nothing behind (what
    # runs at the timeout is killed with the test, not "left")
    ("stray_hang", "TIMEOUT", "no verdict after 1 s"),
])
def test_misbehaviour_inside_a_call(impls, tmp_path, mode, verdict, detail):
    run = certify(impls["hostile"], "--clause", CLAUSE, mode=mode,
                  where=str(tmp_path), timeout=1)
    t = run.test(ONE)
    assert (t["verdict"], detail in t["detail"]) == (verdict, True), t
    if mode in ("forge_exit0", "forge_exit77", "forge_return"):
        # stdout and stderr never reach the verdict's record
        assert t["failures"] == [] and t["unsupported_reason"] == ""
    assert run.results["apis"]["ugni"]["status"] == (
        "CONFORMANT" if verdict == "PASS" else "NOT CONFORMANT")


def test_allocation_storm_meets_the_address_space_limit(impls, tmp_path):
    run = certify(impls["hostile"], "--clause", CLAUSE, "--limit", "as=256M",
                  mode="storm", where=str(tmp_path))
    t = run.test(ONE)
    assert t["verdict"] == "CRASH"
    assert "address-space limit of 256 MiB reached" in t["detail"], t


def test_busy_loop_meets_the_cpu_limit(impls, tmp_path):
    run = certify(impls["hostile"], "--clause", CLAUSE, "--limit", "cpu=1",
                  mode="busy", where=str(tmp_path), timeout=10)
    t = run.test(ONE)
    assert t["verdict"] == "CRASH"
    assert "CPU-time limit of 1 s reached" in t["detail"], t


def _processes_of(uid):
    n = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("Uid:"):
                        n += int(line.split()[1]) == uid
                        break
        except OSError:
            pass
    return n


def test_fork_bomb_meets_the_process_limit(impls):
    """RLIMIT_NPROC binds every user but root: as root, the harness runs
    as nobody here (docs/certification.md)."""
    user = NOBODY if os.geteuid() == 0 else None
    where = tempfile.mkdtemp(prefix="rdmacts-ht-bomb-")
    try:
        os.chmod(where, 0o755)
        impl = os.path.join(where, "impl")
        shutil.copytree(impls["hostile"], impl, symlinks=False)
        # what the run needs, where nobody can read it whatever the
        # permissions of the checkout
        shutil.copytree(os.path.join(REPO, "harness"),
                        os.path.join(where, "harness"),
                        ignore=shutil.ignore_patterns("tests", "__pycache__"))
        shutil.copytree(os.path.join(REPO, "vectors", "ugni"),
                        os.path.join(where, "vectors", "ugni"))
        os.mkdir(os.path.join(where, "bin"))
        for prog in ("ugni_tests", "rdmacts-keeper"):
            shutil.copy(os.path.join(build_dir(), "bin", prog),
                        os.path.join(where, "bin"))
        shutil.copytree(os.path.join(build_dir(), "bin", "pmi"),
                        os.path.join(where, "bin", "pmi"))
        headroom = 30
        limit = _processes_of(os.geteuid() if user is None else user) + \
            headroom
        counts = os.path.join(where, "count")
        os.mkdir(counts)
        if user is not None:
            os.chown(counts, user, user)
        count = os.path.join(counts, "forked")
        run = certify(impl, "--clause", CLAUSE, "--limit", f"nproc={limit}",
                      mode="fork_bomb", where=os.path.join(where, "run"),
                      env={"HOSTILE_COUNT": count}, as_user=user,
                      repo=where, bin_dir=os.path.join(where, "bin"),
                      vectors=os.path.join(where, "vectors"))
        assert run.results is not None, run.stderr
        t = run.test(ONE)
        assert t["verdict"] == "CRASH" and "SIGABRT" in t["detail"], t
        assert f"processes {limit})" in t["detail"], t
        forked = int(open(count).read())
        assert forked <= headroom, f"{forked} processes under nproc={limit}"
    finally:
        shutil.rmtree(where, ignore_errors=True)


def test_writing_into_the_report_and_the_vectors(impls, tmp_path):
    """The library overwrites the report and the vectors it can find with
    forged records: the report still says what happened."""
    vec = tmp_path / "vectors"
    shutil.copytree(os.path.join(REPO, "vectors/ugni"), vec / "ugni")
    out = tmp_path / "run" / "out"
    out.mkdir(parents=True)
    targets = [str(out / "results.json"), str(out / "report.html"),
               str(vec / "ugni/calls.json"), str(vec / "ugni/clauses.json")]
    run = certify(impls["hostile"], "--clause", CLAUSE, mode="scribble",
                  where=str(tmp_path / "run"), vectors=str(vec),
                  env={"HOSTILE_TARGETS": ":".join(targets)})
    assert open(targets[2]).read().startswith("RDMACTS-END")  # it did write
    assert run.verdicts() == {ONE: "PASS"}
    u = run.results["apis"]["ugni"]
    assert u["calls_total"] == 86 and u["status"] == "CONFORMANT"
    assert "RDMACTS-END" not in open(targets[1]).read()
    # what it planted where it stood went with its working directory
    assert not glob.glob(str(tmp_path / "run" / "tmp" / "**" / "planted"),
                         recursive=True)


def _library(tmp_path, name, content):
    d = tmp_path / name
    d.mkdir()
    (d / "libugni.so").write_bytes(content)
    return str(d)


def test_library_that_is_not_elf(tmp_path):
    impl = _library(tmp_path, "text", b"this is not a library\n")
    run = certify(impl, where=str(tmp_path / "run"))
    u = run.results["apis"]["ugni"]
    assert u["status"] == "NOT CONFORMANT" and run.status == 1
    assert "libugni.so cannot be loaded" in u["load_error"]
    assert run.results["tests"] == []  # no test started
    assert sum("cannot be loaded" in line for line in
               run.stdout.splitlines()) == 1


def test_library_for_another_architecture(impls, tmp_path):
    elf = bytearray(open(os.path.join(impls["split"], "libugni_core.so"),
                         "rb").read())
    # e_machine: a machine this host is not (EM_S390 or, on s390, EM_ARM)
    machine = 22 if int.from_bytes(elf[18:20], "little") != 22 else 40
    elf[18:20] = machine.to_bytes(2, "little")
    impl = _library(tmp_path, "foreign", bytes(elf))
    run = certify(impl, where=str(tmp_path / "run"))
    u = run.results["apis"]["ugni"]
    assert u["status"] == "NOT CONFORMANT" and run.status == 1
    assert "cannot be loaded" in u["load_error"]
    assert run.results["tests"] == []


def test_library_with_half_its_symbols(tmp_path):
    calls = json.load(open(os.path.join(REPO, "vectors/ugni/calls.json")))
    names = [c["name"] for c in calls["calls"]
             if c.get("kind", "function") == "function"]
    half = names[:len(names) // 2]
    src = tmp_path / "half.c"
    src.write_text("".join(f"void {n}(void) {{}}\n" for n in half))
    d = tmp_path / "half"
    d.mkdir()
    _cc("-shared", "-fPIC", "-o", str(d / "libugni.so"), str(src),
        "-Wl,-soname,libugni.so")
    run = certify(str(d), "--clause", CLAUSE, where=str(tmp_path / "run"))
    u = run.results["apis"]["ugni"]
    assert u["calls_exported"] == len(half)
    assert set(u["missing_calls"]) == {
        c["name"] for c in calls["calls"] if c["name"] not in half}
    assert u["status"] == "NOT CONFORMANT" and run.status == 1
    assert sum("documented call(s) not exported" in line for line in
               run.stdout.splitlines()) == 1
    # the extension tier is accounted apart: none of its calls is there
    x = u["extension"]
    assert x["kinds"]["not exported"] and x["calls_exported"] == 0


def test_library_in_a_path_with_spaces(impls, tmp_path):
    impl = tmp_path / "an implementation" / "with spaces"
    shutil.copytree(impls["split"], impl, symlinks=True)
    run = certify(str(impl), "--clause", CLAUSE, where=str(tmp_path / "run"))
    assert run.verdicts() == {ONE: "PASS"}
    assert run.results["apis"]["ugni"]["status"] == "CONFORMANT"


@pytest.mark.parametrize("impl,message", [
    ("", "IMPL is empty"),
    ("/nonexistent/rdmacts-impl", "not a directory"),
    ("/tmp/a:b", "':' or ';'"),
])
def test_impl_missing_or_empty(tmp_path, impl, message):
    if ":" in impl:
        impl = str(tmp_path / "a:b")
        os.mkdir(impl)
    run = certify(impl, where=str(tmp_path / "run"))
    assert run.status == 2 and message in run.stderr
    assert run.stderr.count("\n") == 1
    assert not os.path.exists(run.out)


def test_unknown_api_is_one_line(impls, tmp_path):
    run = certify(impls["split"], "--api", "verbs",
                  where=str(tmp_path / "run"))
    assert run.status == 2 and "unknown API verbs" in run.stderr
    assert run.stderr.count("\n") == 1
    assert not os.path.exists(run.out)


def test_rerun_without_a_previous_run_writes_nothing(impls, tmp_path):
    run = certify(impls["split"], "--rerun-failures",
                  where=str(tmp_path / "run"))
    assert run.status == 2 and "previous run" in run.stderr
    assert run.stderr.count("\n") == 1
    assert not os.path.exists(run.out)
