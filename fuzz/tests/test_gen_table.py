"""Tests of fuzz/gen_table.py: the call table the fuzz targets check
return codes against."""

import json
import os
import re
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "fuzz"))

import gen_table  # noqa: E402

CALLS = {"api": "toy", "calls": [
    {"name": "TOY_Open", "kind": "function", "returns": "toy_return_t",
     "params": [{"name": "id", "type": "uint32_t", "dir": "in"},
                {"name": "h", "type": "toy_handle_t *", "dir": "out"}],
     "return_codes": [{"code": "TOY_RC_SUCCESS"},
                      {"code": "TOY_RC_INVALID_PARAM"}],
     "errata": ["E-1", "E-2"]},
    {"name": "TOY_Close", "kind": "function", "returns": "toy_return_t",
     "params": [{"name": "h", "type": "toy_handle_t", "dir": "in"}],
     "return_codes": [{"code": "TOY_RC_SUCCESS"}], "errata": []},
    {"name": "toy_table", "kind": "data", "returns": "int", "params": [],
     "return_codes": [], "errata": []},
]}
ERRATA = {"api": "toy", "errata": [
    {"id": "E-1", "readings": ["TOY_RC_NO_MATCH when the id is unknown",
                               "TOY_RC_SUCCESS"]},
    {"id": "E-2", "readings": []},
    {"id": "E-3", "readings": ["TOY_RC_TIMEOUT"]},
]}
KINDS = {"api": "toy", "header": "toy.h", "return_type": "toy_return_t",
         "handles": {"h": {"type": "toy_handle_t"}},
         "destroy": {"TOY_Close": {"param": "h"}},
         "cleanup": ["TOY_Close"]}


def generate(kinds=KINDS):
    d = tempfile.mkdtemp()
    for name, doc in (("calls.json", CALLS), ("errata.json", ERRATA),
                      ("kinds.json", kinds)):
        with open(os.path.join(d, name), "w") as f:
            json.dump(doc, f)
    return gen_table.generate(d, os.path.join(d, "kinds.json"))


def rcs(text, call):
    m = re.search(r"fz_toy_rc_%s\[\] = \{(.*?)\};" % call, text, re.S)
    return re.findall(r'"(TOY_RC_[A-Z_]+)", "([^"]+)"', m.group(1))


class GenTable(unittest.TestCase):
    def test_documented_codes_then_cited_errata_readings(self):
        self.assertEqual(rcs(generate(), "TOY_Open"),
                         [("TOY_RC_SUCCESS", "spec"),
                          ("TOY_RC_INVALID_PARAM", "spec"),
                          ("TOY_RC_NO_MATCH", "E-1")])

    def test_uncited_erratum_does_not_widen(self):
        self.assertNotIn("TOY_RC_TIMEOUT", generate())

    def test_handles_flow_from_out_to_in(self):
        text = generate()
        # (the last two fields: the type an out pointer points to, its size)
        self.assertIn('{ FZ_HANDLE_OUT, 0, sizeof(toy_handle_t), 1, "h", '
                      '"toy_handle_t", sizeof(toy_handle_t) }', text)
        self.assertIn('{ FZ_HANDLE, 0, 0, 1, "h", 0, 0 }', text)

    def test_destroy_and_cleanup(self):
        text = generate()
        self.assertRegex(text, r'\{ "TOY_Close", 1, fz_toy_p_TOY_Close, 1, '
                               r'fz_toy_rc_TOY_Close, 0, 0, 1, ')
        self.assertRegex(text, r"fz_toy_cleanup\[\] = \{\s*FZ_TOY_TOY_Close")

    def test_call_templates_for_finding_programs(self):
        # a finding program makes the call as the interpreter does: the
        # same casts, @<i> standing for argument i (fuzz/emit.c)
        text = generate()
        self.assertIn('"TOY_Open((uint32_t)(@0), (toy_handle_t *)(uintptr_t)(@1))", '
                      '"toy_return_t" }', text)
        self.assertIn('"TOY_Close((toy_handle_t)(@0))", "toy_return_t" }', text)
        self.assertIn('fz_toy_handle_types[] = {\n\t"toy_handle_t",', text)
        self.assertIn('#define FZ_TOY_HEADER "toy.h"', text)

    def test_data_objects_are_not_calls(self):
        self.assertIn("#define FZ_TOY_NCALLS 2", generate())

    def test_unknown_kind_is_an_error(self):
        kinds = dict(KINDS, params={"TOY_Open.id": "nonsense"})
        with self.assertRaises(SystemExit):
            generate(kinds)

    def test_ugni_table_covers_every_documented_call(self):
        text = gen_table.generate(os.path.join(ROOT, "vectors", "ugni"),
                                  os.path.join(ROOT, "fuzz", "ugni",
                                               "kinds.json"))
        with open(os.path.join(ROOT, "vectors", "ugni", "calls.json")) as f:
            calls = json.load(f)["calls"]
        with open(os.path.join(ROOT, "fuzz", "ugni", "kinds.json")) as f:
            skip = set(json.load(f)["skip"])
        for c in calls:
            if c.get("kind", "function") == "function":
                self.assertIn('{ "%s",' % c["name"], text)
                called = "f->%s(" % c["name"] in text
                self.assertEqual(called, c["name"] not in skip, c["name"])


if __name__ == "__main__":
    unittest.main()
