"""spec_tests/support: the command line and output of a corpus binary,
exactly as docs/corpus-protocol.md states them."""

import os
import re
import subprocess

from conftest import programs_dir, program

NAME = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+){3,}$")
FAIL_LINE = re.compile(r"^RDMACTS-FAIL clause=(\S+) at=(\S+):(\d+) "
                       r"expected=(\S+) observed=(\S+) msg=(.*)$")


def run(prog, *args, env=None):
    return subprocess.run([program(prog), *args], capture_output=True,
                          text=True, env=env, timeout=30)


def run_test(name):
    return run("verdicts", "--run", name)


def fail_lines(p):
    return [FAIL_LINE.match(line) for line in p.stdout.splitlines()
            if line.startswith("RDMACTS-FAIL")]


def test_list_format():
    p = run("verdicts", "--list")
    assert p.returncode == 0
    rows = [line.split("\t") for line in p.stdout.splitlines()]
    assert len(rows) == 18
    for row in rows:
        assert len(row) == 3, row
        assert NAME.match(row[0]), row
        assert row[1] and " " not in row[1]
    by_name = {r[0]: r for r in rows}
    assert by_name["ugni.smsg_send.unsupported.faults"][2] == "needs=faults"
    assert by_name["ugni.cq_create.robust.stale_handle"][2] == "tier=robustness"
    assert by_name["ugni.cdm_create.pass.arithmetic"] == [
        "ugni.cdm_create.pass.arithmetic", "T-UGNI-CDM-1", "-"]


def test_run_by_hand_prints_its_verdict():
    """Without a record channel the verdict is the last line on stdout."""
    p = run_test("ugni.cdm_create.pass.arithmetic")
    assert p.returncode == 0
    assert p.stdout == "PASS        ugni.cdm_create.pass.arithmetic\n"
    p = run_test("ugni.cq_create.fail.eq_int")
    assert p.stdout.splitlines()[-1] == "FAIL        ugni.cq_create.fail.eq_int"
    p = run_test("ugni.smsg_send.unsupported.faults")
    assert p.stdout.splitlines()[-1] == \
        "UNSUPPORTED ugni.smsg_send.unsupported.faults"


def test_eq_int_failure_names_clause_expected_and_observed():
    p = run_test("ugni.cq_create.fail.eq_int")
    assert p.returncode == 1
    (m,) = fail_lines(p)
    assert m, p.stdout
    clause, at, line, expected, observed, msg = m.groups()
    assert clause == "T-UGNI-CQ-1"
    assert at.endswith("verdicts.c") and int(line) > 0
    assert expected == "2(FAKE_RC_INVALID_PARAM)"
    assert observed == "0(FAKE_RC_SUCCESS)"  # through rt_set_value_namer
    assert msg == "rc == FAKE_RC_INVALID_PARAM"


def test_rc_in_lists_every_accepted_reading():
    (m,) = fail_lines(run_test("ugni.cq_create.fail.rc_in"))
    assert m.group(4) == "one-of{2(FAKE_RC_INVALID_PARAM),3(FAKE_RC_NOT_DONE)}"
    assert m.group(5) == "7"


def test_mem_eq_shows_first_differing_bytes():
    (m,) = fail_lines(run_test("ugni.mem_register.fail.mem_eq"))
    assert m.group(4) == "@5:abababababababab"
    assert m.group(5) == "@5:01ababababababab"
    assert "1 of 16 bytes differ" in m.group(6)


def test_u64_shows_hex_and_decimal():
    (m,) = fail_lines(run_test("ugni.mem_register.fail.u64"))
    assert (m.group(4), m.group(5)) == ("0x100(256)", "0xff(255)")


def test_require_ends_the_test():
    p = run_test("ugni.cq_create.fail.require")
    assert p.returncode == 1
    assert len(fail_lines(p)) == 1


def test_a_test_without_checks_fails():
    p = run_test("ugni.cq_create.fail.no_check")
    assert p.returncode == 1
    (m,) = fail_lines(p)
    assert m.group(4) == "at-least-one-check"


def test_unsupported_exits_77_with_reason():
    p = run_test("ugni.smsg_send.unsupported.faults")
    assert p.returncode == 77
    assert ("RDMACTS-UNSUPPORTED no test-control interface for fault "
            "injection") in p.stdout.splitlines()


def test_unsupported_after_a_failure_stays_fail():
    p = run_test("ugni.smsg_send.fail.then_unsupported")
    assert p.returncode == 1


def test_crashes_are_real_signals():
    assert run_test("ugni.mem_register.crash.segv").returncode == -11
    assert run_test("ugni.mem_register.crash.abort").returncode == -6


def test_unknown_test_and_bad_usage_exit_2():
    p = run_test("ugni.no_such.test.here")
    assert p.returncode == 2
    assert "no test named" in p.stderr
    assert run("verdicts", "--bogus").returncode == 2


def test_invalid_declarations_are_refused():
    p = run("badreg", "--list")
    assert p.returncode == 2
    assert "already used" in p.stderr
    assert "np must be" in p.stderr
    assert "UGNI.CqCreate" in p.stderr
    assert p.stdout == ""


def test_plain_run_runs_everything_in_process():
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(programs_dir(), "impl"))
    p = run("allpass", env=env)
    assert p.returncode == 0
    assert sum(1 for line in p.stdout.splitlines()
               if line.startswith("PASS")) == 4
    assert "4 passed, 0 failed" in p.stdout


def test_plain_run_skips_multi_process_tests():
    p = run("ranks")
    assert p.returncode == 0
    assert p.stdout.count("SKIPPED") == 4


NONCE = "0123456789abcdef0123456789abcdef"


def run_recorded(name, nonce=NONCE):
    """`--run name` with a verdict record channel, as the harness runs it:
    (process, record text)."""
    fd = os.memfd_create("record")
    try:
        env = dict(os.environ, RDMACTS_RECORD_FD=str(fd),
                   RDMACTS_RECORD_NONCE=nonce)
        p = subprocess.run([program("verdicts"), "--run", name],
                           capture_output=True, text=True, env=env,
                           pass_fds=(fd,), timeout=30)
        return p, os.pread(fd, 1 << 16, 0).decode()
    finally:
        os.close(fd)


def test_record_ends_with_the_nonce_and_the_verdict():
    """Each record line starts after a newline of its own."""
    p, rec = run_recorded("ugni.cdm_create.pass.arithmetic")
    assert p.returncode == 0
    assert re.fullmatch(f"\nRDMACTS-END {NONCE} PASS checks=1 failures=0 "
                        r"pid=\d+\n", rec), rec
    assert "RDMACTS-END" not in p.stdout  # the record is not on stdout


def test_record_holds_fail_and_unsupported_lines():
    p, rec = run_recorded("ugni.cq_create.fail.require")
    lines = [line for line in rec.splitlines() if line]
    assert lines[0].startswith("RDMACTS-FAIL clause=T-UGNI-CQ-1 ")
    assert lines[-1].startswith(f"RDMACTS-END {NONCE} FAIL checks=1 "
                                "failures=1 pid=")
    p, rec = run_recorded("ugni.smsg_send.unsupported.faults")
    assert p.returncode == 77
    lines = [line for line in rec.splitlines() if line]
    assert lines[0] == ("RDMACTS-UNSUPPORTED no test-control interface for "
                        "fault injection")
    assert lines[1].startswith(f"RDMACTS-END {NONCE} UNSUPPORTED checks=0 "
                               "failures=0 pid=")


def test_a_crash_leaves_its_failures_but_no_end():
    p, rec = run_recorded("ugni.mem_register.crash.segv")
    assert p.returncode == -11
    assert "RDMACTS-END" not in rec


def test_record_channel_leaves_the_environment():
    """The test body sees neither variable: the code under test cannot
    read the nonce from its environment."""
    fd = os.memfd_create("record")
    try:
        env = dict(os.environ, RDMACTS_RECORD_FD=str(fd),
                   RDMACTS_RECORD_NONCE=NONCE, RECORDENV_GIVEN_FD=str(fd))
        p = subprocess.run([program("recordenv"), "--run",
                            "ugni.smsg_send.env.record_hidden"],
                           capture_output=True, text=True, env=env,
                           pass_fds=(fd,), timeout=30)
        assert p.returncode == 0, p.stdout + p.stderr
        assert os.pread(fd, 4096, 0).decode().startswith(
            f"\nRDMACTS-END {NONCE} PASS checks=4 failures=0 pid=")
    finally:
        os.close(fd)


def test_the_list_goes_on_the_record_channel():
    """Under the harness, --list writes on the record, not on stdout."""
    fd = os.memfd_create("record")
    try:
        env = dict(os.environ, RDMACTS_RECORD_FD=str(fd),
                   RDMACTS_RECORD_NONCE=NONCE)
        p = subprocess.run([program("verdicts"), "--list"],
                           capture_output=True, text=True, env=env,
                           pass_fds=(fd,), timeout=30)
        rec = os.pread(fd, 1 << 20, 0).decode()
    finally:
        os.close(fd)
    assert p.returncode == 0 and p.stdout == ""
    lines = [line for line in rec.split("\n") if line]
    listed = [line for line in lines if line.startswith("RDMACTS-LIST\t")]
    assert len(listed) == 18
    assert "RDMACTS-LIST\tugni.cdm_create.pass.arithmetic\tT-UGNI-CDM-1\t-" \
        in listed
    assert re.fullmatch(f"RDMACTS-END {NONCE} LIST count=18 pid=\\d+",
                        lines[-1]), lines[-1]


def test_a_malformed_record_channel_is_a_usage_error():
    for fd, nonce in (("9999", NONCE), ("1", "short"), ("x", NONCE)):
        env = dict(os.environ, RDMACTS_RECORD_FD=fd,
                   RDMACTS_RECORD_NONCE=nonce)
        p = run("verdicts", "--run", "ugni.cdm_create.pass.arithmetic",
                env=env)
        assert p.returncode == 2 and "RDMACTS_RECORD" in p.stderr, (fd, p)
