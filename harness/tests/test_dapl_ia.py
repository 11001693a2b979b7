"""The uDAPL IA names a run uses (harness/dapl_ia.py) when the registry
cannot be asked: the dat.conf it would read stands in, and only its
"default" lines, which every registry loads (E-UDAPL-071).  What the
registry under test lists, and the warning when it ignores IMPL/dat.conf,
are checked against real registries by `make check-impls`."""

from harness import dapl_ia

CONF = """# comment
rdmacts0 u1.2 nonthreadsafe default libdat_rdmacts.so rdmacts.1.0 "" ""
skipped_mt u1.2 threadsafe nondefault libdat_rdmacts.so rdmacts.1.0 "" ""
loaded_mt u1.2 threadsafe default libdat_rdmacts.so rdmacts.1.0 "" ""
"""


def test_a_nondefault_line_is_never_the_thread_safe_ia(tmp_path):
    (tmp_path / "dat.conf").write_text(CONF)
    ia = dapl_ia.names(str(tmp_path), environ={})
    assert (ia["default"], ia["threadsafe"]) == ("rdmacts0", "loaded_mt")
    assert "default threadsafe line" in ia["threadsafe_from"]


def test_dat_override_names_the_file_read(tmp_path):
    (tmp_path / "dat.conf").write_text("")
    other = tmp_path / "other.conf"
    other.write_text(CONF)
    ia = dapl_ia.names(str(tmp_path), environ={"DAT_OVERRIDE": str(other)})
    assert ia["threadsafe"] == "loaded_mt"


def test_the_environment_decides_first(tmp_path):
    (tmp_path / "dat.conf").write_text(CONF)
    ia = dapl_ia.names(str(tmp_path), environ={"RDMACTS_DAPL_IA": "x",
                                               "RDMACTS_DAPL_IA_MT": "y"})
    assert (ia["default"], ia["threadsafe"], ia["threadsafe_from"]) == (
        "x", "y", "RDMACTS_DAPL_IA_MT")


def test_without_a_thread_safe_ia_the_default_one_is_used(tmp_path):
    (tmp_path / "dat.conf").write_text(CONF.replace("threadsafe default", "x y"))
    ia = dapl_ia.names(str(tmp_path), environ={})
    assert ia["threadsafe"] == "rdmacts0"
