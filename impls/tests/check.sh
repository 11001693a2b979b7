#!/bin/sh
# check.sh OUT  (make check-impls): the reference Provider works under a
# standard 1.2 registry, and a certification handles the registry's
# configuration (docs/implementations.md):
#
#  1. the stand-in registry (impls/standin-dat) is built and certified
#     with the reference Provider beneath it: CONFORMANT, every failure
#     a known cause of the stand-in (robustness garbage handles);
#  2. beside the reference registry's own run: every test that passes
#     there passes under the stand-in, known causes aside;
#  3. the harness warns when the registry under test ignores IMPL/dat.conf
#     (the stand-in reads DAT_OVERRIDE, else /etc/dat.conf);
#  4. the thread-safe IA is chosen among the IAs the registry lists: the
#     stand-in skips a "nondefault" threadsafe line;
#  5. the reference registry reads a stock OFA dat.conf: a bare library
#     name not beside the dat.conf is found through the loader's path;
#  6. with CLIENTS_SRC holding OFA's compat-dapl: the same as 1-2 for
#     OFA's registry (make certify-impl NAME=ofa-dat-1.2), its bugs aside.
#
# Environment: ROOT, BIN, LIB, PY (impls/module.mk), CLIENTS_SRC.
set -u
out=$1
fail=0
say() { echo "check-impls: $*"; }
bad() { echo "check-impls: FAIL: $*"; fail=1; }

# 2's baseline: the reference registry, uDAPL only
mkdir -p "$out"
"$PY" -m harness certify --impl "$LIB" --bin "$BIN" --vectors "$ROOT/vectors" \
    --api udapl --out "$out/reference-udapl" --quiet >"$out/reference-udapl.out" 2>&1
[ $? -eq 0 ] || bad "the reference registry is not CONFORMANT ($out/reference-udapl.out)"

# 1 and 2: the stand-in
if sh "$ROOT/impls/run.sh" standin-dat "" "$out"; then
    say "stand-in registry: certified as its recipe expects"
else
    bad "the stand-in registry's certification (see above)"
fi
"$PY" "$ROOT/impls/compare.py" "$out/reference-udapl/results.json" \
    "$out/standin-dat/report/results.json" "$ROOT/impls/standin-dat" ||
    bad "tests that pass under the reference registry fail under the stand-in"

# 3: no DAT_CONF: the stand-in reads /etc/dat.conf, not IMPL/dat.conf
impl=$out/standin-dat/impl
env -u DAT_OVERRIDE "$PY" -m harness certify --impl "$impl" --bin "$BIN" \
    --vectors "$ROOT/vectors" --api udapl --call ia_query --out "$out/no-dat-conf" \
    --quiet >"$out/no-dat-conf.out" 2>&1
if [ -f /etc/dat.conf ] && grep -q '^ *rdmacts0 ' /etc/dat.conf; then
    say "skipped the warning check: /etc/dat.conf names rdmacts0"
elif grep -q "warning: the registry under test ignores $impl/dat.conf" "$out/no-dat-conf.out"; then
    say "a run without DAT_CONF warns that the registry ignores IMPL/dat.conf"
else
    bad "no warning that the stand-in ignores IMPL/dat.conf ($out/no-dat-conf.out)"
fi

# 4: the thread-safe IA among the IAs the registry lists
conf=$out/nondefault.conf
cat >"$conf" <<'EOF'
rdmacts0 u1.2 nonthreadsafe default libdat_rdmacts.so rdmacts.1.0 "" ""
rdmacts0_mt u1.2 threadsafe nondefault libdat_rdmacts.so rdmacts.1.0 "" ""
rdmacts1_mt u1.2 threadsafe default libdat_rdmacts.so rdmacts.1.0 "" ""
EOF
"$PY" -m harness certify --impl "$impl" --bin "$BIN" --vectors "$ROOT/vectors" \
    --api udapl --call ia_query --dat-conf "$conf" --out "$out/nondefault" \
    --quiet >"$out/nondefault.out" 2>&1
mt=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["dapl_ia"]["threadsafe"])' \
    "$out/nondefault/results.json" 2>/dev/null)
[ "$mt" = rdmacts1_mt ] &&
    say "the thread-safe IA is one the registry lists (rdmacts1_mt, not the nondefault rdmacts0_mt)" ||
    bad "thread-safe IA ${mt:-none}, want rdmacts1_mt ($out/nondefault.out)"

# 5: the reference registry alone in a directory, its Provider elsewhere
bare=$out/bare-name
rm -rf "$bare" && mkdir -p "$bare"
cp "$LIB/libdat.so" "$bare/"
cp "$ROOT/impls/ofa-dat-1.2/dat.conf" "$bare/dat.conf"
if LD_LIBRARY_PATH="$bare:$LIB" DAT_OVERRIDE="$bare/dat.conf" RDMACTS_DAPL_IA=rdmacts0 \
        timeout 60 "$BIN/udapl-lifecycle" >"$bare/out" 2>&1; then
    say "the reference registry loads a bare library name through the loader's search path"
else
    bad "the reference registry did not load libdat_rdmacts.so by its bare name ($bare/out)"
fi

# 6: OFA's registry, when its sources are given
if [ -n "${CLIENTS_SRC:-}" ] && [ -d "$CLIENTS_SRC/compat-dapl" ]; then
    if sh "$ROOT/impls/run.sh" ofa-dat-1.2 "$CLIENTS_SRC" "$out"; then
        say "OFA's registry: certified as its recipe expects, every failure a known OFA bug"
    else
        bad "OFA's registry's certification (see above)"
    fi
    "$PY" "$ROOT/impls/compare.py" "$out/reference-udapl/results.json" \
        "$out/ofa-dat-1.2/report/results.json" "$ROOT/impls/ofa-dat-1.2" ||
        bad "tests that pass under the reference registry fail under OFA's, not through a known OFA bug"
else
    say "OFA's registry not checked: no compat-dapl in CLIENTS_SRC (make check-impls CLIENTS_SRC=dir)"
fi
exit $fail
