"""A harness a CI pipeline can lean on (docs/certification.md): nothing a
test starts outlives it, output is bounded, the harness's channels are
its own, the build's libpmi.so serves an IMPL without one, exit codes
mean one thing, a signal stops the run at once, one run per OUT, JUnit a
CI can gate on, reruns that cannot go stale, failing tests rerun by hand.

The implementations are built as test_hostile.py builds them: the
reference behind a libugni.so that misbehaves inside GNI_CdmCreate
($HOSTILE) or in its constructor ($HOSTILE_CTOR), running the real uGNI
corpus; the run's own machinery is tried with the small corpus programs
of conftest.py."""

import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET

import pytest

from conftest import REPO, build_dir, keeper_path
from test_certify import MIXED
from test_hostile import CLAUSE, ONE, certify, impls  # noqa: F401 (fixture)

# Two tests, one of one process and one of two, both creating a domain:
# what holds for the first must hold for every rank of the second.
BOTH = "UGNI-3.2.3-address-matches-attach"
SINGLE = "ugni.cdm_get_nic_address.data.matches_attach"
RANKS = "ugni.cdm_get_nic_address.multiprocess.before_attach"


def _helpers(run):
    return glob.glob(os.path.join(run.notes, "*.helper"))


# --- nothing a test starts outlives it -----------------------------------

@pytest.mark.parametrize("mode", ["daemon", "daemon_quiet"])
def test_a_helper_with_its_own_environment_is_found_and_named(
        impls, tmp_path, mode):
    """A call starts a helper the way daemons are started (setsid, execve
    with its own environment), keeping the test's stdout or not: the test
    is CRASH, the helper named, and it does not outlive the run."""
    run = certify(impls["hostile"], "--clause", CLAUSE, mode=mode,
                  where=str(tmp_path))
    t = run.test(ONE)
    assert t["verdict"] == "CRASH", t
    assert re.search(r"left 1 process\(es\) running after it ended: "
                     r"sleep 30 \(pid \d+\)", t["detail"]), t["detail"]
    assert _helpers(run)  # it did start one; certify() checked it is gone
    assert run.results["apis"]["ugni"]["status"] == "NOT CONFORMANT"


def test_every_rank_is_held_to_the_same_rules(impls, tmp_path):
    """The helper of each rank of a two-process test is found, named and
    killed as the one of a one-process test is."""
    run = certify(impls["hostile"], "--clause", BOTH, mode="daemon",
                  where=str(tmp_path))
    one, two = run.test(SINGLE), run.test(RANKS)
    assert one["verdict"] == two["verdict"] == "CRASH", (one, two)
    assert "left 1 process(es) running after it ended: sleep 30" in \
        one["detail"]
    assert [r["verdict"] for r in two["ranks"]] == ["CRASH", "CRASH"]
    assert all("sleep 30" in r["detail"] for r in two["ranks"]), two
    assert len(_helpers(run)) == 3


def test_a_rank_speaks_only_through_its_own_process(impls, tmp_path):
    """A forked child that finishes the test while the process the
    launcher started exits 0 speaks for no rank."""
    run = certify(impls["hostile"], "--clause", BOTH, mode="fork_and_exit",
                  where=str(tmp_path), timeout=5)
    assert run.test(SINGLE)["verdict"] == "CRASH"
    two = run.test(RANKS)
    assert two["verdict"] == "CRASH", two
    assert "PASS" not in [r["verdict"] for r in two["ranks"]]


def test_launched_one_process_test_leaves_nothing(impls, tmp_path):
    run = certify(impls["hostile"], "--clause", CLAUSE, "--launch", "all",
                  mode="daemon", where=str(tmp_path))
    t = run.test(ONE)
    assert t["launched"] and t["verdict"] == "CRASH", t
    assert "sleep 30" in t["detail"]


# --- output is bounded ---------------------------------------------------

def _harness_peak_rss(args, env):
    """Exit status and peak resident memory (KiB) of the harness itself,
    run in a process of its own."""
    probe = ("import resource, sys\n"
             "from harness.cli import main\n"
             "status = main(sys.argv[1:])\n"
             "print(status, resource.getrusage(resource.RUSAGE_SELF)"
             ".ru_maxrss, file=sys.stderr)\n")
    p = subprocess.run([sys.executable, "-c", probe, *args], cwd=REPO,
                       env=env, capture_output=True, text=True, timeout=300)
    status, rss = p.stderr.split()[-2:]
    return int(status), int(rss)


def test_a_flood_of_output_costs_neither_memory_nor_disk(impls, tmp_path):
    """Every process of both tests writes without end on stdout, stderr
    and every descriptor it has, the record's among them: TIMEOUT, with
    a bounded tail of it; the harness stays within its bound.  (The ranks
    also write into their launcher's PMI connection, which may end the
    job first: CRASH.)"""
    out = tmp_path / "out"
    env = dict(os.environ, HOSTILE="flood", TMPDIR=str(tmp_path))
    status, rss = _harness_peak_rss(
        ["certify", "--impl",
         impls["hostile"], "--bin", os.path.join(build_dir(), "bin"),
         "--vectors", os.path.join(REPO, "vectors"), "--out", str(out),
         "--api", "ugni", "--clause", BOTH, "--timeout", "2"], env)
    doc = json.load(open(out / "results.json"))
    tests = {t["name"]: t for t in doc["tests"]}
    assert status == 1 and tests[SINGLE]["verdict"] == "TIMEOUT", tests
    assert tests[RANKS]["verdict"] in ("TIMEOUT", "CRASH"), tests[RANKS]
    kept = tests[SINGLE]["stdout"]
    dropped = int(re.match(r"\[\.\.\. (\d+) bytes before\]", kept).group(1))
    assert dropped > 10 << 20 and len(kept) < 9000  # GBs at full speed
    assert len(tests[RANKS]["stdout"]) < 9000
    assert len(tests[RANKS]["stderr"]) < 9000
    # docs/certification.md: under 100 MiB + 150 KiB per test
    assert rss < (100 << 10) + 2 * 150, f"harness peak RSS {rss} KiB"
    for name in ("results.json", "junit.xml", "report.html"):
        assert os.path.getsize(out / name) < 1 << 20, name


def test_a_long_line_is_cut_and_cleaned_in_every_format(impls, tmp_path):
    """20 MB of one line, opened by terminal escape sequences, then exit:
    the detail holds its bounded, cleaned end, and so does every report."""
    run = certify(impls["hostile"], "--clause", CLAUSE, mode="long_line",
                  where=str(tmp_path), timeout=10)
    t = run.test(ONE)
    assert t["verdict"] == "CRASH"
    assert t["detail"].startswith("exited with status 3 without a verdict: "
                                  "xxx"), t["detail"]
    assert "more characters]" in t["detail"] and len(t["detail"]) < 500
    assert "?[2J?[31m" in t["stderr"] and "[... " in t["stderr"]
    assert len(t["stderr"]) < 9000
    assert "\x1b" not in run.stdout + run.stderr
    for name in ("results.json", "junit.xml", "report.html"):
        data = open(os.path.join(run.out, name), encoding="utf-8").read()
        assert "\x1b" not in data and "\\u001b" not in data, name
        assert len(data) < 1 << 20, name


def test_the_keeper_keeps_bounded_tails(tmp_path):
    """What a rank's keeper leaves on the scratch storage is capped, how
    much ever the rank writes."""
    report = tmp_path / "rank0.keep"
    p = subprocess.run([keeper_path(), "--report", str(report), "--record",
                        "--timeout", "1", "--",
                        "sh", "-c", "yes; exit 0"], timeout=30)
    assert p.returncode == -signal.SIGKILL  # as its command ended
    size = os.path.getsize(report)
    assert size < 20 << 10, size
    from harness import keeper
    rep = keeper.read_report(str(report))
    assert rep.timed_out and rep.dropped["out"] > 1 << 20
    assert len(rep.out) == 8192 and set(rep.out) == {"y", "\n"}


# --- the harness's channels are its own ----------------------------------

def test_a_partial_line_cannot_swallow_the_record(impls, tmp_path):
    """The library leaves half a line on every descriptor, the record's
    too, then the test goes on and passes: the end record still counts."""
    run = certify(impls["hostile"], "--clause", CLAUSE, mode="partial_line",
                  where=str(tmp_path))
    assert run.verdicts() == {ONE: "PASS"}, run.test(ONE)


@pytest.fixture(scope="module")
def listed(impls, tmp_path_factory):
    """How many tests the uGNI corpus lists against the split library."""
    run = certify(impls["split"], "--clause", CLAUSE,
                  where=str(tmp_path_factory.mktemp("listed")))
    return run.results["apis"]["ugni"]["tests_listed"]


@pytest.mark.parametrize("ctor", ["print", "fork"])
def test_a_constructor_that_prints_or_forks(impls, tmp_path, listed, ctor):
    """A library constructor prints on stdout (a banner, a line shaped
    like a test), or forks a copy of the process that goes on: the list
    is whole and counted once, and the test runs once."""
    run = certify(impls["hostile"], "--clause", CLAUSE, mode="note",
                  where=str(tmp_path), env={"HOSTILE_CTOR": ctor})
    u = run.results["apis"]["ugni"]
    assert u["status"] == "CONFORMANT", u
    assert u["tests_listed"] == listed
    assert run.verdicts() == {ONE: "PASS"}
    ran = [n for n in os.listdir(run.notes) if n.isdigit()]
    assert len(ran) == 1, ran


FAKE_LIST = """#!{python}
import os
fd, nonce = int(os.environ["RDMACTS_RECORD_FD"]), os.environ["RDMACTS_RECORD_NONCE"]
names = ["ugni.cdm_create.pass.one", "ugni.cdm_create.pass.two"]
if "{mode}" == "dup":
    names.append(names[0])
lines = "".join(f"\\nRDMACTS-LIST\\t{{n}}\\tT-UGNI-CDM-1\\t-\\n" for n in names)
if "{mode}" == "twice":
    lines *= 2  # the list as two processes would write it
os.write(fd, (lines + f"\\nRDMACTS-END {{nonce}} LIST count={{len(names)}} "
              f"pid={{os.getpid()}}\\n").encode())
"""


@pytest.mark.parametrize("mode,why", [
    ("dup", "names ugni.cdm_create.pass.one twice"),
    ("twice", "4 tests on the record channel, 2 announced")])
def test_a_list_with_a_name_twice_is_refused(layout, mode, why):
    lay = layout({"ugni": "allpass"})
    prog = os.path.join(lay.bin, "ugni_tests")
    os.unlink(prog)
    with open(prog, "w") as f:
        f.write(FAKE_LIST.format(python=sys.executable, mode=mode))
    os.chmod(prog, 0o755)
    run = lay.certify()
    u = run.results["apis"]["ugni"]
    assert u["status"] == "INCOMPLETE" and run.status == 3
    assert any(why in n for n in u["notes"]), u["notes"]
    assert run.results["tests"] == []


# --- the build's libpmi.so -----------------------------------------------

def test_an_impl_of_libugni_alone_is_certified(impls, tmp_path):
    """docs/certification.md: any subset of the libraries.  The corpus
    binaries need a libpmi.so; the build's serves an IMPL without one."""
    impl = tmp_path / "only"
    impl.mkdir()
    shutil.copy(os.path.join(build_dir(), "lib", "libugni.so"), impl)
    assert os.listdir(impl) == ["libugni.so"]
    run = certify(str(impl), "--clause", BOTH, where=str(tmp_path / "run"))
    assert run.results["apis"]["ugni"]["status"] == "CONFORMANT", run.stdout
    assert set(run.verdicts().values()) == {"PASS"}


# --- exit codes mean one thing -------------------------------------------

def test_an_internal_error_is_exit_4_with_one_line(layout):
    """A bug of the harness is neither a verdict nor a usage error: exit
    4, one line naming it and the log that holds its traceback."""
    lay = layout({"ugni": "allpass"})
    boom = ("import sys\n"
            "from harness import certify, cli\n"
            "def broken(*a, **k):\n"
            "    raise KeyError('a bug')\n"
            "certify._decide_all = broken\n"
            "sys.exit(cli.main(sys.argv[1:]))\n")
    p = subprocess.run([sys.executable, "-c", boom, "certify", "--impl",
                        lay.impl, "--bin", lay.bin, "--vectors", lay.vectors,
                        "--out", lay.out], cwd=REPO, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 4, p.stderr
    assert p.stderr.count("\n") == 1
    m = re.search(r"internal error of the harness \(KeyError: 'a bug'\); "
                  r"traceback in (\S+)$", p.stderr.strip())
    assert m, p.stderr
    assert "Traceback" in open(m.group(1)).read()
    os.unlink(m.group(1))


@pytest.mark.parametrize("where", ["file", "readonly"])
def test_an_unusable_out_is_refused_before_any_test(impls, tmp_path, where):
    out = tmp_path / "blocked"
    if where == "file":
        out.write_text("")
        out = out / "out"
    else:
        if os.geteuid() == 0:
            pytest.skip("root writes to a read-only directory")
        out.mkdir()
        out.chmod(0o500)
        out = out / "out"
    run = certify(impls["hostile"], "--clause", CLAUSE, "--out", str(out),
                  mode="note", where=str(tmp_path / "run"))
    assert run.status == 2 and "--out" in run.stderr, run.stderr
    assert run.stderr.count("\n") == 1
    assert os.listdir(run.notes) == []  # no test ran


def test_make_certify_names_the_status(tmp_path):
    """make can only exit 2 for a failed recipe: the harness's own status
    is named on the last line."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    # -o all: the build is make check's business, not this test's
    p = subprocess.run(["make", "-s", "--no-print-directory", "-o", "all",
                        "certify", f"IMPL={tmp_path}/missing"], cwd=REPO,
                       env=env, capture_output=True, text=True, timeout=600)
    assert p.returncode == 2
    assert "the harness exited with status 2" in p.stderr, p.stderr


# --- a signal stops the run at once --------------------------------------

def _wait_for(predicate, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def _start(impl, where, *args, mode="hang", timeout=60):
    """A run in the background whose tests hang inside a call."""
    notes, tmp = os.path.join(where, "notes"), os.path.join(where, "tmp")
    os.makedirs(notes, exist_ok=True)
    os.makedirs(tmp, exist_ok=True)
    env = dict(os.environ, HOSTILE=mode, HOSTILE_NOTES=notes, TMPDIR=tmp,
               HOSTILE_ID=f"stop-{os.getpid()}")
    cmd = [sys.executable, "-m", "harness", "certify", "--impl", impl,
           "--bin", os.path.join(build_dir(), "bin"), "--vectors",
           os.path.join(REPO, "vectors"), "--out",
           os.path.join(where, "out"), "--api", "ugni", "--timeout",
           str(timeout), *args]
    p = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    return p, notes, tmp


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM,
                                 signal.SIGHUP])
def test_a_signal_stops_the_run_at_once(impls, tmp_path, sig):
    """Tests hang for a minute each: the signal cancels the queued ones,
    kills the running ones, removes the fabric and scratch directories,
    keeps the previous report, and the run exits 128 + the signal."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "results.json").write_text('{"previous": true}\n')
    p, notes, tmp = _start(impls["hostile"], str(tmp_path), "--call",
                           "cdm_create")
    try:
        assert _wait_for(lambda: any(n.isdigit() for n in os.listdir(notes)),
                         60), "no test started"
        sent = time.monotonic()
        p.send_signal(sig)
        stdout, stderr = p.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 128 + sig, (p.returncode, stderr)
    assert took < 10, took
    assert f"stopped by {signal.Signals(sig).name}" in stderr
    assert (out / "results.json").read_text() == '{"previous": true}\n'
    assert os.listdir(tmp) == []
    fabrics = [open(os.path.join(notes, n)).read().split("\n")[1]
               for n in os.listdir(notes) if n.isdigit()]
    assert fabrics
    time.sleep(0.5)  # a late test would make them again now
    for d in fabrics:
        assert not glob.glob(glob.escape(d) + "*"), d
    from test_hostile import _processes_with
    assert _processes_with(f"HOSTILE_ID=stop-{os.getpid()}\0".encode()) == []


# --- one run per OUT -----------------------------------------------------

def test_a_second_run_into_the_same_out_refuses(impls, tmp_path):
    p, notes, _ = _start(impls["hostile"], str(tmp_path), "--clause", CLAUSE)
    try:
        assert _wait_for(lambda: os.listdir(notes), 60), "no test started"
        second = certify(impls["split"], "--clause", CLAUSE, "--out",
                         str(tmp_path / "out"), where=str(tmp_path / "two"))
        assert second.status == 2, second.stderr
        assert f"another certification (pid {p.pid})" in second.stderr
        assert second.stderr.count("\n") == 1
    finally:
        p.send_signal(signal.SIGTERM)
        p.communicate(timeout=30)


def test_temporary_files_have_names_of_their_own(tmp_path):
    """Two writers of one report file never share a temporary file."""
    from harness import outdir
    path = str(tmp_path / "results.json")
    errors = []

    def write(n):
        try:
            for i in range(200):
                outdir.write(path, f"{n} {i}\n")
        except OSError as e:
            errors.append(e)
    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and os.listdir(tmp_path) == ["results.json"]


# --- JUnit a CI can gate on ----------------------------------------------

def test_junit_keeps_robustness_apart(layout):
    run = layout({"ugni": "verdicts"}).certify(
        "--clause", "T-UGNI-CDM-1", "--clause", "T-UGNI-CQ-ROB", "--api",
        "ugni")
    assert run.results["overall"] == "CONFORMANT" and run.status == 0
    root = ET.fromstring(run.read("junit.xml"))
    main = root.find("testsuite[@name='rdmacts.ugni']")
    rob = root.find("testsuite[@name='rdmacts.ugni.robustness']")
    assert (main.get("failures"), main.get("errors")) == ("0", "0")
    assert rob.get("failures") == "1"


def test_junit_shows_a_library_that_cannot_load(tmp_path):
    impl = tmp_path / "text"
    impl.mkdir()
    (impl / "libugni.so").write_bytes(b"not a library\n")
    run = certify(str(impl), where=str(tmp_path / "run"))
    root = ET.fromstring(open(os.path.join(run.out, "junit.xml")).read())
    suite = root.find("testsuite[@name='rdmacts.ugni']")
    assert int(suite.get("tests")) >= 2 and suite.get("failures") == "1"
    case = suite.find("testcase[@name='ugni.library.loads']")
    assert "cannot be loaded" in case.find("failure").get("message")


# --- reruns that cannot go stale -----------------------------------------

@pytest.fixture
def mixed_run(layout):
    """The small corpus of every verdict, certified once."""
    lay = layout({"ugni": "verdicts"})
    run = lay.certify("--api", "ugni", timeout=2)
    assert run.status == 1
    return lay, run


def test_a_rerun_refuses_a_swapped_library(mixed_run, tmp_path):
    lay, _ = mixed_run
    lib = os.path.join(lay.impl, "libugni.so")
    data = open(os.path.realpath(lib), "rb").read()
    os.unlink(lib)
    with open(lib, "wb") as f:
        f.write(data + b"\0")  # another build in the same place
    run = lay.certify("--rerun-failures", "--api", "ugni", timeout=2)
    assert run.status == 2, run.stdout
    assert "the files of IMPL (libugni.so)" in run.stderr
    assert run.stderr.count("\n") == 1


def test_a_rerun_refuses_other_settings_or_corpus(mixed_run):
    lay, _ = mixed_run
    run = lay.certify("--rerun-failures", "--api", "ugni", timeout=3)
    assert run.status == 2 and "the timeout (2 s -> 3 s)" in run.stderr
    prog = os.path.join(lay.bin, "ugni_tests")
    data = open(os.path.realpath(prog), "rb").read()
    os.unlink(prog)
    with open(prog, "wb") as f:
        f.write(data)
        f.write(b"\0")
    os.chmod(prog, 0o755)
    run = lay.certify("--rerun-failures", "--api", "ugni", timeout=2)
    assert run.status == 2 and "the corpus binary ugni" in run.stderr


def test_a_rerun_keeps_the_filters(layout):
    lay = layout({"ugni": "verdicts"})
    first = lay.certify("--call", "cdm_create", "--api", "ugni")
    again = lay.certify("--rerun-failures")
    assert set(again.verdicts()) == set(first.verdicts()) == {
        n for n in MIXED if n.startswith("ugni.cdm_create.")}
    assert again.results["filters"]["call"] == ["cdm_create"]
    assert again.results["filters"]["api"] == ["ugni"]
    assert "filtered run" in again.stdout
    other = lay.certify("--rerun-failures", "--call", "cq_create")
    assert other.status == 2 and "keeps the previous run's filters" in \
        other.stderr


def test_a_rerun_runs_the_tests_the_previous_run_did_not_have(mixed_run):
    lay, _ = mixed_run
    path = os.path.join(lay.out, "results.json")
    doc = json.load(open(path))
    gone = "ugni.cdm_create.pass.arithmetic"
    doc["tests"] = [t for t in doc["tests"] if t["name"] != gone]
    with open(path, "w") as f:
        json.dump(doc, f)
    run = lay.certify("--rerun-failures", "--api", "ugni", timeout=2)
    t = run.test(gone)
    assert t["verdict"] == "PASS" and t["rerun"] is True
    assert set(run.verdicts()) == {n for n in MIXED if n.startswith("ugni.")}


# --- failing tests rerun by hand -----------------------------------------

def test_a_failing_test_is_rerun_by_hand(layout):
    lay = layout({"ugni": "verdicts", "dmapp": "ranks"},
                 libs=["libugni.so", "libdmapp.so"])
    run = lay.certify("--call", "cq_create,init")
    for name in ("ugni.cq_create.fail.eq_int", "dmapp.init.ranks.rank1_fails"):
        cmd = run.test(name)["rerun_command"]
        assert cmd.startswith(f"LD_LIBRARY_PATH={lay.impl}"), cmd
        p = subprocess.run(cmd, shell=True, capture_output=True, text=True,
                           timeout=60)
        assert p.returncode != 0
        assert re.search(rf"^FAIL +{re.escape(name)}$", p.stdout, re.M), \
            p.stdout
    assert "-n 2" in run.test("dmapp.init.ranks.rank1_fails")["rerun_command"]
    assert "rerun_command" not in run.test("dmapp.init.ranks.both_pass")
    assert "by hand: LD_LIBRARY_PATH=" in run.stdout
    assert "Rerun it by hand" in run.read("report.html")


# --- and the smaller things ----------------------------------------------

def test_progress_lines_are_whole_and_tagged(layout):
    lay = layout({"ugni": "verdicts"})
    run = lay.certify("--api", "ugni", "--jobs", "8")
    progress = run.stdout.split("rdmacts certification of")[0].splitlines()
    assert progress[0].startswith("rdmacts: running ")
    shape = re.compile(r"^  (FAIL|CRASH|TIMEOUT|UNSUPPORTED) +ugni\.[a-z0-9_.]+"
                       r"( \[robustness\])?( \[extension\])?(  \(.*\))?$")
    for line in progress[1:]:
        assert shape.match(line), line
    assert any(line.startswith("  FAIL        ugni.cq_create.robust."
                               "stale_handle [robustness]")
               for line in progress), progress


def test_the_report_states_the_real_parallelism(layout):
    lay = layout({"ugni": "allpass"})
    run = lay.certify("--jobs", "3")
    assert run.results["jobs"] == 3
    assert "up to 3 test process(es) at once" in run.read("report.html")
    run = lay.certify()
    assert run.results["jobs"] == 4 * os.cpu_count()


@pytest.mark.parametrize("value", ["inf", "nan", "-1"])
def test_a_timeout_must_be_finite_and_positive(layout, value):
    run = layout({"ugni": "allpass"}).certify(timeout=value)
    assert run.status == 2 and "--timeout" in run.stderr
    assert run.results is None


def test_errors_name_the_absolute_path_tried(layout, tmp_path):
    lay = layout({"ugni": "allpass"})
    p = subprocess.run([sys.executable, "-m", "harness", "certify", "--impl",
                        "no/such/impl", "--bin", lay.bin, "--vectors",
                        lay.vectors, "--out", lay.out], cwd=REPO,
                       capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=REPO))
    assert p.returncode == 2
    assert os.path.join(REPO, "no/such/impl") in p.stderr
