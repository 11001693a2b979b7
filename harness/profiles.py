"""Capability profiles: the reference run as an implementation that lacks
the optional capabilities the spec allows it to lack, or whose caller is
privileged, so that both branches of every capability-conditional test
run (include/rdmacts_test_control.h, docs/certification.md).

A profile is a set of environment settings of the optional test-control
interface (RDMACTS_TC_DECLINE, RDMACTS_TC_PRIVILEGED, RDMACTS_TC_ARIES,
RDMACTS_TC_CRAY) given to every test process, the APIs whose behaviour it
changes, and how tests start (launch "all": every test a launched job).  An implementation that
does not read them runs as it always does; the report names the profile.

    python3 -m harness.profiles run IMPL BIN OUT_PREFIX [PROFILE ...]

certifies IMPL (corpus binaries BIN) under each profile other than full
(or those named), with the APIs and calls the profile changes, into
OUT_PREFIX<profile>, one summary line each; and

    python3 -m harness.profiles REPORT_DIR ...

lists the tests that were UNSUPPORTED in every report that ran them (the
branches no profile exercised) and fails when there are any, or when a
report is not CONFORMANT.
"""
import json
import os
import subprocess
import sys

PROFILES = {
    "full": dict(env={}, apis=("ugni", "dmapp", "udapl"),
                 about="every optional capability offered; unprivileged "
                       "caller (the reference as it ships)"),
    "minimal": dict(env={"RDMACTS_TC_DECLINE": "all"}, apis=("udapl",),
                    about="the uDAPL Provider lacks every optional "
                          "capability: SRQs, RMRs, watermarks, unsignalled "
                          "completions, stream merging, shared-virtual "
                          "LMRs, OS wait proxy agents, qos other than best "
                          "effort, DAT_PSP_PROVIDER_FLAG, receive queries, "
                          "post-time checks of local segments"),
    # RDMACTS_CAP_SRQ_OTHER_PZ | RDMACTS_CAP_SRQ_WATERMARKS: what lacking
    # SRQs altogether (minimal) hides
    # the calls whose tests take the branches minimal cannot reach
    "basic-srq": dict(env={"RDMACTS_TC_DECLINE": "6"}, apis=("udapl",),
                      calls=("srq_set_lw", "ep_create_with_srq"),
                      about="the uDAPL Provider has SRQs, without SRQ "
                            "watermarks and without SRQs in another PZ "
                            "than their Endpoints'"),
    "privileged": dict(env={"RDMACTS_TC_PRIVILEGED": "1"}, apis=("ugni",),
                       about="a caller with effective uid 0 is privileged "
                             "(uGNI 3.10: NULL-NIC error subscriptions, "
                             "any ptag)"),
    # mutation_calls: the calls whose tests harness.mutation reruns under
    # the profile although their verdicts do not change (the same PASS on
    # a Gemini and an Aries, through other branches of the reference)
    "aries": dict(env={"RDMACTS_TC_ARIES": "1"}, apis=("ugni",),
                  mutation_calls=("get_device_type", "cq_entry",
                                  "ep_set_event_data", "smsg_set_delivery_mode",
                                  "post_fma"),
                  about="the NIC is an Aries (uGNI extension tier: "
                        "GNI_GetDeviceType, second-generation AMOs, "
                        "24-bit inst_id)"),
    # launch: every test a launched job (--launch all), as on a Cray,
    # where nothing else gets credentials
    # may_lack: the only capabilities whose lack may make a test
    # UNSUPPORTED that is not UNSUPPORTED under full (check() holds it)
    "cray": dict(env={"RDMACTS_TC_CRAY": "1"}, apis=("ugni", "dmapp"),
                 launch="all",
                 may_lack=("second-protection-domain",
                           "privileged-job-configuration"),
                 about="the NIC has a Cray driver's job rule: a user "
                       "process attaches only with the ptag and cookie "
                       "the launcher gave its job (PMI_GNI_PTAG, "
                       "PMI_GNI_COOKIE), configuring jobs is privileged, "
                       "and every test runs as a launched job"),
}


def apply(name):
    """Sets the profile's environment for the test processes; returns it."""
    p = PROFILES[name]
    for key in ("RDMACTS_TC_DECLINE", "RDMACTS_TC_PRIVILEGED", "RDMACTS_TC_ARIES",
                "RDMACTS_TC_CRAY"):
        os.environ.pop(key, None)
    os.environ.update(p["env"])
    return dict(name=name, about=p["about"], env=dict(p["env"]),
                apis=list(p["apis"]))


def never_run(reports):
    """Tests UNSUPPORTED in every report that ran them, with the reasons.
    A test of an extension-tier call the implementation does not offer
    (lacks "ext:<call>", CONTRACT of the extension tier) is no branch a
    profile can reach: it is left out."""
    seen = {}
    for doc in reports:
        for t in doc["tests"]:
            if str(t.get("lacks", "")).startswith("ext:"):
                continue  # an extension call declined by design (docs/extension.md)
            key = (t["api"], t["name"])
            s = seen.setdefault(key, dict(ran=False, reasons=[]))
            if t["verdict"] == "UNSUPPORTED":
                s["reasons"].append(f"{doc.get('profile', {}).get('name', '?')}: "
                                    f"{t['unsupported_reason']}")
            else:
                s["ran"] = True
    return {k: v["reasons"] for k, v in seen.items() if not v["ran"]}


def unexpected_unsupported(reports):
    """Tests a profile with may_lack made UNSUPPORTED for another reason
    than lacking one of those capabilities (and that the full profile's
    report does not have UNSUPPORTED too): [(profile, name, reason)]."""
    full = next((r for r in reports
                 if r.get("profile", {}).get("name", "full") == "full"), None)
    before = {(t["api"], t["name"]) for t in (full or {}).get("tests", [])
              if t["verdict"] == "UNSUPPORTED"}
    out = []
    for doc in reports:
        name = doc.get("profile", {}).get("name", "full")
        allowed = PROFILES.get(name, {}).get("may_lack")
        if allowed is None:
            continue
        for t in doc["tests"]:
            if (t["verdict"] == "UNSUPPORTED" and t.get("lacks") not in allowed
                    and not str(t.get("lacks", "")).startswith("ext:")
                    and (t["api"], t["name"]) not in before):
                out.append((name, t["name"], t["unsupported_reason"]))
    return out


def check(dirs):
    reports = []
    for d in dirs:
        with open(os.path.join(d, "results.json"), encoding="utf-8") as f:
            reports.append(json.load(f))
    missing = never_run(reports)
    names = ", ".join(f"{r.get('profile', {}).get('name', '?')} "
                      f"({len(r['tests'])} tests, {r['overall']})"
                      for r in reports)
    print(f"profiles: {names}")
    bad = [r for r in reports if r["overall"] != "CONFORMANT"]
    for r in bad:
        print(f"  not CONFORMANT under profile "
              f"{r.get('profile', {}).get('name', '?')}: {r['overall']}")
    for (api, name), reasons in sorted(missing.items()):
        print(f"  UNSUPPORTED under every profile: {name}")
        for why in reasons:
            print(f"      {why}")
    odd = unexpected_unsupported(reports)
    for prof, name, why in odd:
        print(f"  UNSUPPORTED under profile {prof} for a reason it does not "
              f"allow: {name}: {why}")
    if not missing and not bad:
        print("every test ran (PASS) under at least one profile")
    return 1 if missing or bad or odd else 0


def run(impl, bin_dir, out_prefix, names):
    """Certifies impl under each named profile (default: all but full);
    1 when one of them is not CONFORMANT."""
    status = 0
    for name in names or [n for n in PROFILES if n != "full"]:
        p = PROFILES[name]
        cmd = [sys.executable, "-m", "harness", "certify", "--impl", impl,
               "--bin", bin_dir, "--vectors",
               os.path.join(os.path.dirname(os.path.dirname(
                   os.path.abspath(__file__))), "vectors"),
               "--out", out_prefix + name, "--profile", name, "--quiet"]
        cmd += [a for api in p["apis"] for a in ("--api", api)]
        cmd += [a for call in p.get("calls", ()) for a in ("--call", call)]
        r = subprocess.run(cmd, capture_output=True, text=True)
        lines = [l for l in r.stdout.splitlines()
                 if l.startswith(("  ugni", "  dmapp", "  udapl", "Overall"))]
        print(f"profile {name}:", *lines, sep="\n  ")
        status |= r.returncode != 0
    return status


if __name__ == "__main__":
    if sys.argv[1:2] == ["run"]:
        if len(sys.argv) < 5:
            sys.exit("usage: python3 -m harness.profiles run IMPL BIN OUT_PREFIX [PROFILE ...]")
        sys.exit(run(*sys.argv[2:5], sys.argv[5:]))
    sys.exit(check(sys.argv[1:]))
