#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the .deb with cpack, installs it with apt, runs /usr/bin/shardscope --version and estimate,
# and removes it again. Exit 77 (ctest: skipped) unless root with apt-get and dpkg-shlibdeps.
set -euo pipefail
build=$1 version=$2
if [[ $(id -u) -ne 0 ]]; then echo "SKIP: installing a .deb needs root"; exit 77; fi
for tool in apt-get dpkg cpack dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not available"; exit 77; }
done
work=$(mktemp -d)
was_installed=no
dpkg-query -W -f='${db:Status-Status}' shardscope 2>/dev/null | grep -qx installed && was_installed=yes
cleanup() {
  if [[ $was_installed == no ]]; then
    DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq shardscope >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" >/dev/null)
deb="$work/shardscope_${version}_amd64.deb"
[[ -f $deb ]] || { echo "FAIL: cpack did not write $(basename "$deb")"; ls "$work"; exit 1; }
echo "== $(basename "$deb")"
dpkg-deb -I "$deb" | sed -n '/Package:/,$p'
depends=$(dpkg-deb -f "$deb" Depends)
for need in qt6-qpa-plugins libqt6charts6 libqt6widgets6 libc6; do
  [[ $depends == *"$need"* ]] || { echo "FAIL: Depends lacks $need: $depends"; exit 1; }
done
contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/shardscope ./usr/share/applications/io.github.shardscope.ShardScope.desktop \
         ./usr/share/metainfo/io.github.shardscope.ShardScope.metainfo.xml \
         ./usr/share/icons/hicolor/scalable/apps/shardscope.svg ./usr/share/man/man1/shardscope.1.gz; do
  grep -q " $f\$" <<<"$contents" || { echo "FAIL: $f missing from the package"; exit 1; }
done

DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$deb" >/dev/null
out=$(/usr/bin/shardscope --version)
[[ $out == "shardscope $version" ]] || { echo "FAIL: --version printed '$out'"; exit 1; }
est=$(/usr/bin/shardscope estimate --model llama-2-7b --gpus 8 --stage 3 --format json)
grep -q '"fits": true' <<<"$est" || { echo "FAIL: estimate from /usr/bin: $est"; exit 1; }
man -w shardscope >/dev/null 2>&1 || zcat /usr/share/man/man1/shardscope.1.gz | grep -q "^.TH SHARDSCOPE 1"
echo "installed, ran --version ($out) and estimate from /usr/bin"
DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq shardscope >/dev/null
[[ ! -e /usr/bin/shardscope || $was_installed == yes ]] || { echo "FAIL: /usr/bin/shardscope left after removal"; exit 1; }
echo "removed"
