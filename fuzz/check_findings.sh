#!/bin/sh
# The finding programs reproduce their findings (part of make check).
#   check_findings.sh REPLAY LIBDIR OUT
# Each fuzz/mutants/<name>.diff is a deliberately broken copy of the
# reference uGNI library; its first line names the fuzz target and the
# checked-in regression input that shows the break.  For each: build the
# mutant (OUT/<name>/lib), turn the input into a finding program against
# it (fuzz-replay --emit), build the program with the cc line its
# comment states, and require that it fails (returns 1 or crashes)
# against the mutant and passes (returns 0) against the reference
# (LIBDIR).  Exit 1 on any miss.
replay=$1 libdir=$2 out=$3
status=0
CC=${CC:-cc}
for diff in fuzz/mutants/*.diff; do
    name=$(basename "$diff" .diff)
    set -- $(head -1 "$diff")
    target=$2 input=${3%:}
    dir=$out/$name
    rm -rf "$dir"
    mkdir -p "$dir/src/ref" "$dir/lib"
    cp -r ref/nic ref/ugni "$dir/src/ref/"
    if ! patch -s -p0 -d "$dir/src" <"$diff" ||
       ! $CC -std=c11 -D_GNU_SOURCE -Iinclude -fPIC -O1 -shared \
            -o "$dir/lib/libugni.so" "$dir"/src/ref/nic/*.c "$dir"/src/ref/ugni/*.c \
            -lpthread -Wl,--version-script=ref/ugni/libugni.map \
            -Wl,-soname,libugni.so; then
        echo "  FAILED  $name: the mutant does not build"; status=1; continue
    fi
    res=$(LD_LIBRARY_PATH="$dir/lib" RDMACTS_EMIT_LIBDIR="$dir/lib" \
        "$replay" --emit "$dir/findings" "$target" "$input" 2>/dev/null)
    prog=$(printf '%s\n' "$res" | sed -n 's/^FINDING \([^:]*\): .*/\1/p')
    if [ -z "$prog" ]; then
        echo "  FAILED  $name: $input gives no finding against the mutant"
        status=1; continue
    fi
    # the cc line the program states, as an implementer would run it
    line=$(sed -n 's/^ \*   \(cc .*\) && .*/\1/p' "$prog")
    bin=${prog%.c}
    if ! sh -c "$line" 2>"$dir/cc.log"; then
        echo "  FAILED  $name: $prog does not build: $line"; status=1; continue
    fi
    LD_LIBRARY_PATH="$dir/lib" "$bin" >/dev/null 2>&1; mrc=$?
    LD_LIBRARY_PATH="$libdir" "$bin" >/dev/null 2>&1; rrc=$?
    if [ $mrc -ne 0 ] && [ $rrc -eq 0 ]; then
        echo "  ok      $name: $(basename "$prog") fails against the mutant (status $mrc), passes against the reference"
    else
        echo "  FAILED  $name: $prog returns $mrc against the mutant, $rrc against the reference"
        status=1
    fi
done
exit $status
