#!/bin/sh
# Installs the Debian packages rdmacts needs, only those missing.
# Quiet (no output) when everything is already present; idempotent.
set -e
# Extra package names may be given as arguments (make clients adds its own).
PKGS="build-essential clang lcov libcunit1-dev mpich python3-pytest valgrind libclang-rt-14-dev pkgconf chromium $*"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "rdmacts: installing missing Debian packages:$missing"
SUDO=""
if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || {
        echo "rdmacts: need root (or sudo) to install:$missing" >&2; exit 1; }
    SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
# A fresh machine may still be installing something of its own: wait for
# the package locks instead of failing (apt-get update has no lock
# timeout of its own, so it is retried; install waits up to 10 minutes).
tries=0
until $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq; do
    tries=$((tries + 1))
    [ "$tries" -lt 60 ] || { echo "rdmacts: apt-get update kept failing" >&2; exit 1; }
    echo "rdmacts: apt-get update failed (a package lock held?); retrying in 10 s" >&2
    sleep 10
done
$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing >/dev/null
