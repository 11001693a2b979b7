#!/bin/sh
# check.sh PREFIX WORK  (make check-install, after make install PREFIX=...)
#
# Builds examples as an outside client would: the compiler and link
# flags come from pkg-config alone (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig,
# vendor names cray-ugni, cray-pmi, cray-dmapp), uDAPL from -ldat and the
# installed dat.conf.  Then checks the installed layout (sonames, links,
# what each library needs) and runs the programs from the installed tree
# through the installed rdmacts-run, and opens every IA the installed
# dat.conf registers.  Exits non-zero on the first failure.
set -eu
prefix=$1 work=$2
cc=${CC:-cc}
src=$(pwd)/examples
mkdir -p "$work"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
export PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig"   # nothing from the system
fail() { echo "check-install: FAIL: $*" >&2; exit 1; }
step() { echo "  $*"; }

# 1. pkg-config knows the vendor's names and points into PREFIX.
for m in cray-ugni cray-gni-headers cray-pmi cray-dmapp; do
    pkg-config --exists "$m" || fail "pkg-config does not find $m"
done
[ "$(pkg-config --variable=libdir cray-ugni)" = "$prefix/lib" ] ||
    fail "cray-ugni libdir is not $prefix/lib"
case " $(pkg-config --libs --static cray-dmapp) " in
    *" -ldmapp "*"-lugni "*"-lpmi "*) ;;
    *) fail "cray-dmapp --static does not bring -lugni and -lpmi" ;;
esac
step "pkg-config: cray-ugni cray-gni-headers cray-pmi cray-dmapp"

# 2. The versioned names: soname = libNAME.so.MAJOR, links resolve.
soname() { readelf -d "$1" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p'; }
for lib in ugni.so.0 pmi.so.0 dmapp.so.1 dat.so.1 dat_rdmacts.so.1; do
    f=$prefix/lib/lib$lib
    [ -f "$f" ] || fail "$f missing"
    [ "$(soname "$f")" = "lib$lib" ] || fail "soname of $f is $(soname "$f")"
    [ "$(readlink -f "$prefix/lib/lib${lib%.so.*}.so")" = "$(readlink -f "$f")" ] ||
        fail "lib${lib%.so.*}.so does not lead to $f"
done
readelf -d "$prefix/lib/libdmapp.so.1" | grep -q 'NEEDED.*\[libugni\.so\.0\]' ||
    fail "libdmapp.so.1 does not need libugni.so.0"
step "sonames: libugni.so.0 libpmi.so.0 libdmapp.so.1 libdat.so.1 libdat_rdmacts.so.1"

# 3. Build through pkg-config alone (no -I or -L of this tree).
ugni_flags="$(pkg-config --cflags cray-ugni cray-pmi)"
ugni_libs="$(pkg-config --libs cray-ugni cray-pmi)"
dmapp_flags="$(pkg-config --cflags cray-dmapp cray-pmi)"
dmapp_libs="$(pkg-config --libs cray-dmapp cray-pmi)"
cd "$work"
cp "$src/ugni/dgram_put.c" "$src/ugni/job.h" "$src/dmapp/dmapp_put.c" \
   "$src/udapl/rdma_write.c" "$src/../install/ia_open.c" .
# shellcheck disable=SC2086  # flag lists
$cc -std=gnu11 $ugni_flags -o dgram_put dgram_put.c $ugni_libs
# shellcheck disable=SC2086
$cc -std=gnu11 $dmapp_flags -o dmapp_put dmapp_put.c $dmapp_libs
$cc -std=gnu11 -I"$prefix/include" -o rdma_write rdma_write.c -L"$prefix/lib" -ldat -lpmi
$cc -std=gnu11 -I"$prefix/include" -o ia_open ia_open.c -L"$prefix/lib" -ldat
readelf -d dgram_put | grep -q 'NEEDED.*\[libugni\.so\.0\]' || fail "dgram_put does not need libugni.so.0"
readelf -d rdma_write | grep -q 'NEEDED.*\[libdat\.so\.1\]' || fail "rdma_write does not need libdat.so.1"
step "built dgram_put (cray-ugni), dmapp_put (cray-dmapp), rdma_write (-ldat)"

# 4. Run from the installed tree only (the loader path names PREFIX/lib).
export LD_LIBRARY_PATH="$prefix/lib"
run="$prefix/bin/rdmacts-run"
ldd ./dgram_put | grep -q "libugni.so.0 => $prefix/lib/" || fail "dgram_put loads libugni.so.0 from elsewhere"
timeout 60 "$run" -n 2 ./dgram_put >out.ugni 2>&1 || { cat out.ugni; fail "dgram_put on 2 ranks"; }
step "rdmacts-run -n 2 dgram_put"
timeout 60 "$run" -n 2 ./dmapp_put >out.dmapp 2>&1 || { cat out.dmapp; fail "dmapp_put on 2 PEs"; }
[ "$(grep -c PASSED out.dmapp)" -eq 2 ] || { cat out.dmapp; fail "dmapp_put: not 2 PASSED lines"; }
step "rdmacts-run -n 2 dmapp_put: 2 PASSED"
# The registry finds PREFIX/lib/dat.conf next to libdat.so.1 by itself ...
unset DAT_OVERRIDE || true
timeout 60 "$run" -n 2 ./rdma_write >out.dat 2>&1 || { cat out.dat; fail "rdma_write on 2 processes"; }
# ... and the OFA way, the file DAT_OVERRIDE names.
DAT_OVERRIDE="$prefix/etc/dat.conf" timeout 60 ./rdma_write >out.dat2 2>&1 ||
    { cat out.dat2; fail "rdma_write with DAT_OVERRIDE"; }
# A dat.conf naming no usable Provider must make it fail: the registry
# really read the file named.
printf 'none0 u1.2 nonthreadsafe default %s/nosuch.so x "" ""\n' "$work" >bad.conf
if DAT_OVERRIDE="$work/bad.conf" timeout 60 ./rdma_write >out.bad 2>&1; then
    fail "rdma_write succeeded with a dat.conf naming no Provider"
fi
step "rdma_write: dat.conf next to libdat.so.1, and DAT_OVERRIDE=PREFIX/etc/dat.conf"

# 5. The installed registry has every IA the build registers, each with
# its thread safety, and each opens (ia_open lists and opens them all).
grep -v '^#' "$src/../ref/udapl/dat.conf" | grep . | awk '{print $1, $3}' >ias.want
timeout 60 ./ia_open >ias.got 2>&1 || { cat ias.got; fail "ia_open"; }
diff ias.want ias.got >/dev/null || { diff ias.want ias.got; fail "the installed IAs differ from ref/udapl/dat.conf's"; }
step "ia_open: $(tr '\n' ' ' <ias.got)"
echo "check-install: passed"
