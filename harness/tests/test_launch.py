"""Certifying where the implementation lives: every test a launched job
(--launch all), ranks found through any site launcher's variable, rank
records on a scratch directory of the user's choosing, and the report
saying where the job credentials came from."""

import os
import stat

import pytest

from test_certify import MIXED, _with_call


def _script(path, body):
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def _logging_launcher(tmp_path):
    """hydra's mpiexec behind a script that logs each launch."""
    log = tmp_path / "launches.log"
    script = _script(tmp_path / "launch.sh",
                     f'printf "%s\\n" "$*" >> {log}\nexec mpiexec "$@"\n')
    return f"{script} -n {{np}}", log


def test_launch_all_keeps_every_verdict(layout, tmp_path):
    """A one-process test as a launched job of size 1 earns the verdict it
    earns when started directly: the record, not the launcher, decides."""
    launcher, log = _logging_launcher(tmp_path)
    lay = layout({"ugni": "verdicts", "dmapp": "ranks"},
                 libs=["libugni.so", "libdmapp.so", "libdat.so"])
    _with_call(lay, "GNI_PostFma")
    run = lay.certify("--launcher", launcher, "--launch", "all")
    assert run.verdicts() == MIXED, run.stdout + run.stderr
    assert run.results["launch"] == "all"
    assert all(t["launched"] for t in run.results["tests"])
    launches = log.read_text().splitlines()
    singles = [x for x in launches if x.startswith("-n 1 ")]
    # every one-process test went through the launcher, once
    assert len(singles) == sum(1 for n in MIXED if not n.startswith("dmapp."))
    assert "every test a launched job" in run.stdout


def test_default_launches_only_multi_process_tests(layout, tmp_path):
    launcher, log = _logging_launcher(tmp_path)
    lay = layout({"ugni": "verdicts", "dmapp": "ranks"},
                 libs=["libugni.so", "libdmapp.so", "libdat.so"])
    run = lay.certify("--launcher", launcher, "--call", "init,cdm_create")
    assert run.results["launch"] == "multi"
    assert all(x.startswith("-n 2 ") for x in log.read_text().splitlines())
    launched = {t["name"]: t["launched"] for t in run.results["tests"]}
    assert launched["ugni.cdm_create.pass.arithmetic"] is False
    assert launched["dmapp.init.ranks.both_pass"] is True


@pytest.mark.parametrize("variable", ["SLURM_PROCID", "ALPS_APP_PE",
                                      "PMIX_RANK", "OMPI_COMM_WORLD_RANK"])
def test_rank_from_any_site_launcher(layout, tmp_path, variable):
    """A launcher that names the rank only in its own variable (srun:
    SLURM_PROCID, aprun: ALPS_APP_PE, ...): every rank's record is found,
    so a two-rank test that passes on both ranks is PASS, and one whose
    second rank fails is FAIL, not a rank that never reported."""
    launcher = _script(tmp_path / "site-launcher", f"""
n=$2; shift 2
unset PMI_RANK PMIX_RANK OMPI_COMM_WORLD_RANK ALPS_APP_PE SLURM_PROCID
i=0
while [ $i -lt $n ]; do
    PMI_SIZE=$n {variable}=$i "$@" &
    i=$((i + 1))
done
wait
""")
    lay = layout({"dmapp": "ranks"}, libs=["libdmapp.so"])
    run = lay.certify("--launcher", f"{launcher} -n {{np}}", "--call", "init")
    t = run.test("dmapp.init.ranks.both_pass")
    assert t["verdict"] == "PASS", t
    assert [r["verdict"] for r in t["ranks"]] == ["PASS", "PASS"]


def test_scratch_holds_the_rank_records_and_is_cleaned(layout, tmp_path):
    scratch = tmp_path / "shared"
    scratch.mkdir()
    seen = tmp_path / "rankdirs.log"
    # the launcher notes the directory the ranks' keepers report to
    # (launch.sh -n 2 KEEPER --rank-report RANKDIR ...)
    launcher = _script(tmp_path / "launch.sh",
                       f'printf "%s\\n" "$5" >> {seen}\nexec mpiexec "$@"\n')
    lay = layout({"dmapp": "ranks"}, libs=["libdmapp.so"])
    run = lay.certify("--launcher", f"{launcher} -n {{np}}", "--call", "init",
                      "--scratch", str(scratch))
    assert run.verdicts()["dmapp.init.ranks.both_pass"] == "PASS"
    dirs = seen.read_text().split()
    assert dirs and all(d.startswith(str(scratch) + os.sep) for d in dirs)
    # private to the run, and removed after it
    assert os.listdir(scratch) == []
    assert run.results["scratch"] == str(scratch)


@pytest.mark.parametrize("problem", ["missing", "file", "readonly"])
def test_unusable_scratch_is_a_usage_error(layout, tmp_path, problem):
    path = tmp_path / "scratch"
    if problem == "file":
        path.write_text("")
    elif problem == "readonly":
        if os.geteuid() == 0:
            pytest.skip("root writes to a read-only directory")
        path.mkdir()
        path.chmod(0o500)
    lay = layout({"ugni": "verdicts"})
    run = lay.certify("--scratch", str(path))
    assert run.status == 2, run.stdout + run.stderr
    assert "--scratch" in run.stderr
    assert run.results is None


def test_report_says_where_credentials_came_from(layout, tmp_path,
                                                 monkeypatch):
    lay = layout({"ugni": "recordenv"})
    monkeypatch.delenv("PMI_GNI_PTAG", raising=False)
    run = lay.certify("--call", "cdm_create")
    assert run.results["credentials"]["counts"] == {"built-in": 1}
    assert "built-in test values in 1 test(s): not a launched job" in run.stdout
    # a launcher that gives the job its credentials, as a Cray's does
    launcher = _script(tmp_path / "cray-launcher",
                       'PMI_GNI_PTAG=7 PMI_GNI_COOKIE=1234 exec mpiexec "$@"\n')
    run = lay.certify("--call", "cdm_create", "--launch", "all",
                      "--launcher", f"{launcher} -n {{np}}")
    assert run.verdicts()["ugni.cdm_create.env.credentials_noted"] == "PASS"
    assert run.results["credentials"]["counts"] == {"job": 1}
    assert "credentials: job (PMI_GNI_*) in 1 test(s)" in run.stdout
    assert "job (PMI_GNI_*) in 1 test(s)" in run.read("report.html")


def test_cray_profile_allows_only_its_declared_lacks(tmp_path):
    """profiles-check: under the cray profile a test may be UNSUPPORTED only
    for want of a second protection domain or of privilege (or as under
    the full profile); anything else fails the check."""
    import json
    from harness import profiles

    def report(name, tests):
        d = tmp_path / name
        d.mkdir()
        (d / "results.json").write_text(json.dumps(dict(
            overall="CONFORMANT", profile=dict(name=name),
            tests=[dict(api="ugni", name=n, verdict=v, lacks=lk,
                        unsupported_reason=f"lacks={lk} why" if lk else "why")
                   for n, v, lk in tests])))
        return str(d)
    full = report("full", [("t.a", "PASS", ""), ("t.b", "PASS", ""),
                           ("t.c", "UNSUPPORTED", "")])
    good = report("cray", [("t.a", "UNSUPPORTED", "second-protection-domain"),
                           ("t.b", "UNSUPPORTED", "privileged-job-configuration"),
                           ("t.c", "UNSUPPORTED", "")])
    priv = report("privileged", [("t.c", "PASS", "")])
    assert profiles.check([full, good, priv]) == 0
    (tmp_path / "cray").rename(tmp_path / "cray-good")
    bad = report("cray", [("t.a", "PASS", ""),
                          ("t.b", "UNSUPPORTED", "")])    # no credentials, say
    assert profiles.check([full, bad, priv]) == 1
    assert [x[1] for x in profiles.unexpected_unsupported(
        [json.load(open(full + "/results.json")),
         json.load(open(bad + "/results.json"))])] == ["t.b"]
