#!/usr/bin/env bash
# One-step setup for a fresh Debian 12 machine (root or sudo):
#   scripts/setup.sh run   installs what is missing, builds, starts the app on the default scenario
#   scripts/setup.sh test  installs what is missing, builds, runs all tests (ctest's summary last)
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-run}"

PKGS=(cmake ninja-build g++ qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev
      qt6-qpa-plugins libeigen3-dev libyaml-cpp-dev libtomlplusplus-dev xvfb xauth fonts-dejavu-core fonts-noto-cjk
      libopenmpi-dev openmpi-bin
      appstream dpkg-dev)  # appstream: appstreamcli for the packaging_metainfo test; dpkg-dev: dpkg-shlibdeps for cpack
source scripts/apt-install.sh
mapfile -t missing < <(apt_missing "${PKGS[@]}")
apt_install "${missing[@]}"

cmake --preset dev >/dev/null
cmake --build --preset dev -j"$(nproc)"
case "$mode" in
  run)
    exec build/bin/shardscope ;;
  test)
    export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
    ctest --preset dev -j2 ;;
  *)
    echo "usage: scripts/setup.sh run|test" >&2; exit 2 ;;
esac
