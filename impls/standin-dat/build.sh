#!/bin/sh
# Builds the stand-in registry into $OUT/libdat.so (impls/run.sh sets
# OUT, RECIPE and ROOT): libdat.c, with the reference's dat_strerror.c,
# which no Provider takes part in.
set -eu
${CC:-cc} -std=c11 -Wall -Wextra -Werror -O2 -g -fPIC -D_GNU_SOURCE \
    -I"$ROOT/include" -I"$ROOT/ref/udapl/registry" -shared \
    -o "$OUT/libdat.so" "$RECIPE/libdat.c" "$ROOT/ref/udapl/registry/dat_strerror.c" \
    -Wl,-soname,libdat.so -Wl,--version-script="$ROOT/ref/udapl/registry/libdat.map" -ldl
