"""harness.mutation: a mutant only a capability profile shows is killed."""

import os

from harness import mutation


def test_profile_baselines_watch_what_the_profile_changes(monkeypatch):
    default = {"ugni.a.x.y": ("PASS", "conformance", True),
               "ugni.b.x.y": ("UNSUPPORTED", "conformance", True),
               "ugni.post_fma.x.y": ("PASS", "conformance", True)}
    under = {"privileged": dict(default, **{"ugni.b.x.y": ("PASS", "conformance", True)}),
             "aries": dict(default), "cray": dict(default)}
    monkeypatch.setattr(mutation, "certify",
                        lambda api, impl, out, timeout, profile="full": under[profile])
    got = {name: watch for name, _, watch in
           mutation.profile_baselines("ugni", "impl", "out", 1.0, default)}
    assert got["privileged"] == {"ugni.b.x.y"}          # verdict changed
    assert got["aries"] == {"ugni.post_fma.x.y"}         # a call it names
    assert got["cray"] == set()                          # nothing changed
    assert "minimal" not in got                          # uDAPL only


def test_profile_differences_runs_under_the_profile_env(monkeypatch):
    seen = []

    def fake(api, impl, baseline, timeout, only=None, launch_all=False):
        assert not launch_all   # neither profile launches every test
        seen.append((os.environ.get("RDMACTS_TC_PRIVILEGED"), sorted(only)))
        return ["ugni.b.x.y"] if os.environ.get("RDMACTS_TC_PRIVILEGED") else []

    monkeypatch.setattr(mutation, "first_differences", fake)
    monkeypatch.delenv("RDMACTS_TC_PRIVILEGED", raising=False)
    verdicts = {"ugni.b.x.y": ("PASS", "conformance", True)}
    killers, judged, name = mutation.profile_differences(
        "ugni", "impl", [("aries", verdicts, {"ugni.a.x.y"}),
                         ("privileged", verdicts, {"ugni.b.x.y"})], 1.0)
    assert (killers, name) == (["ugni.b.x.y"], "privileged")
    assert judged is verdicts
    assert seen == [(None, ["ugni.a.x.y"]), ("1", ["ugni.b.x.y"])]
    assert "RDMACTS_TC_PRIVILEGED" not in os.environ   # restored
