#!/usr/bin/env bash
# Makes sure ffmpeg and ffprobe are installed for the media tests (video
# metadata, thumbnails and the browser test's sample video). Without them, and
# without root to install them, those tests are skipped, not failed.
set -euo pipefail
if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing ffmpeg from Debian's packages for the media tests..."
  flock /tmp/vitrine-apt.lock apt-get -o DPkg::Lock::Timeout=300 update -qq
  DEBIAN_FRONTEND=noninteractive flock /tmp/vitrine-apt.lock apt-get -o DPkg::Lock::Timeout=300 install -y -qq ffmpeg >/dev/null
  exit 0
fi
echo "ffmpeg is not installed: the video tests will be skipped (apt-get install -y ffmpeg)." >&2
