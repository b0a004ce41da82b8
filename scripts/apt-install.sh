#!/usr/bin/env bash
# Sourced by setup.sh, lint.sh, tests/fuzz/run.sh and .ci/run: one way to install what a step needs (Debian 12).
#   apt_install [--quiet] PKG...   installs the packages given (none: does nothing), through sudo when not root
#   apt_missing PKG...             prints, one per line, those of the packages dpkg does not have installed
apt_install() {
  local quiet=0
  if [[ ${1:-} == --quiet ]]; then quiet=1; shift; fi
  (($#)) || return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "== installing $*"
  $sudo apt-get update -qq
  if ((quiet)); then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  else
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@"
  fi
}

apt_missing() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null | grep -qx installed || echo "$p"
  done
}
