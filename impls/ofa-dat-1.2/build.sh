#!/bin/sh
# Builds compat-dapl's DAT 1.2 registry into $OUT (impls/run.sh sets OUT)
# as the package does (compat-dapl.spec: both patches, %configure with
# -fno-strict-aliasing and sysconfdir /etc/rdma/compat-dapl), but only
# the registry: `--disable-libcheck` and the one make target, so no verbs
# library is needed.  Run in a copy of the package's tree.
set -eu
patch -p1 -d src < compat-dapl-1.2.19-compile.patch
patch -p1 -d src < 0005-compat-dapl-add-s390x-platform-support.patch
cd src
./configure --disable-libcheck --sysconfdir=/etc/rdma/compat-dapl \
    CFLAGS="-O2 -g -fno-strict-aliasing"
make dat/udat/libdat.la
cp -P dat/udat/.libs/libdat.so dat/udat/.libs/libdat.so.1* "$OUT/"
