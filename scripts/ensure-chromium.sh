#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium from Debian's packages for the browser tests..."
  flock /tmp/vitrine-apt.lock apt-get -o DPkg::Lock::Timeout=300 update -qq
  DEBIAN_FRONTEND=noninteractive flock /tmp/vitrine-apt.lock apt-get -o DPkg::Lock::Timeout=300 install -y -qq chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at /usr/bin/chromium." >&2
echo "Install it as root: apt-get install -y chromium" >&2
exit 1
