"""The default launcher must work from the scratch directory tests run in."""

import os
import stat

from harness import runner


def test_project_launcher_path_is_absolute(tmp_path, monkeypatch):
    monkeypatch.delenv("RDMACTS_LAUNCHER", raising=False)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / runner.PROJECT_LAUNCHER
    wrapper.write_text("#!/bin/sh\nexec mpiexec \"$@\"\n")
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    monkeypatch.chdir(tmp_path)
    launcher = runner.default_launcher("bin")
    first = launcher.split()[0].strip("'")
    assert os.path.isabs(first), launcher
    assert first == str(wrapper)
    assert launcher.endswith("-n {np}")


def test_environment_overrides_the_launcher(monkeypatch):
    monkeypatch.setenv("RDMACTS_LAUNCHER", "mylauncher -np {np}")
    assert runner.default_launcher("anywhere") == "mylauncher -np {np}"
