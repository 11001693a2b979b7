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
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
