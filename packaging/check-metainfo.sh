#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Validates the AppStream metainfo (appstreamcli, Debian package appstream) and the desktop entry.
# Exit 77 (ctest: skipped) when appstreamcli is missing.
set -euo pipefail
metainfo=$1 desktop=$2
if ! command -v appstreamcli >/dev/null; then
  echo "SKIP: appstreamcli not installed (apt-get install appstream)"; exit 77
fi
appstreamcli validate --no-net --explain "$metainfo"
grep -qx 'Exec=shardscope' "$desktop"
grep -qx 'Icon=shardscope' "$desktop"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$desktop"; fi
echo "metainfo and desktop entry valid"
