#!/bin/sh
# install.sh PREFIX STAGE BINDIR NAME:MAJOR:VERSION...  (make install)
#
# Copies the headers, the versioned libraries relinked in STAGE (with
# their libNAME.so.MAJOR and libNAME.so links), rdmacts-run, the
# pkg-config files under the vendor's names, and a dat.conf registering
# every IA of ref/udapl/dat.conf with the installed Provider named by
# absolute path: PREFIX/etc/dat.conf (the OFA place; DAT_OVERRIDE may
# name it) and PREFIX/lib/dat.conf linking to it, the file libdat reads
# by default (dat.conf next to libdat.so).
set -eu
prefix=$1 stage=$2 bindir=$3
shift 3
case $prefix in
    /*) ;;
    *) prefix=$(pwd)/$prefix ;;
esac
here=$(dirname "$0")
inc=$prefix/include lib=$prefix/lib

mkdir -p "$inc/dat" "$lib/pkgconfig" "$prefix/etc" "$prefix/bin"
for h in gni_pub.h dmapp.h pmi.h; do
    install -m 644 include/$h "$inc/$h"
done
install -m 644 include/dat/*.h "$inc/dat/"

subst=""
for spec in "$@"; do
    name=${spec%%:*} rest=${spec#*:}
    major=${rest%%:*} version=${rest#*:}
    file=lib$name.so.$version
    install -m 755 "$stage/$file" "$lib/$file"
    ln -sf "$file" "$lib/lib$name.so.$major"
    ln -sf "lib$name.so.$major" "$lib/lib$name.so"
    subst="$subst -e s|@VERSION_$name@|$version|g"
done
install -m 755 "$bindir/rdmacts-run" "$prefix/bin/rdmacts-run"

for pc in "$here"/pkgconfig/*.pc.in; do
    out=$lib/pkgconfig/$(basename "$pc" .in)
    # shellcheck disable=SC2086  # $subst is a list of sed arguments
    sed -e "s|@PREFIX@|$prefix|g" $subst "$pc" | grep -v '^#' >"$out"
done

# Every IA the build registers (ref/udapl/dat.conf: rdmacts0 and the
# thread-safe rdmacts0_mt), the Provider named by its installed path.
provider=$(cd "$lib" && ls libdat_rdmacts.so.? | head -n 1)
{
    echo "# dat.conf: static registry of the rdmacts uDAPL 1.2 Provider (see dat.conf(5))."
    echo "# ia_name api_version thread_safety default library provider_version instance_data platform_info"
    grep -v '^#' ref/udapl/dat.conf | grep . |
        sed -e "s| libdat_rdmacts\.so | $lib/$provider |"
} >"$prefix/etc/dat.conf"
ln -sf ../etc/dat.conf "$lib/dat.conf"
echo "installed the rdmacts reference in $prefix (PKG_CONFIG_PATH=$lib/pkgconfig)"
