#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests: the headless
# shell the tests run on (chromium-headless-shell, a fifth to a third less CPU per
# flow than the desktop browser) and the desktop browser the benchmarks use.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium from Debian's packages for the browser tests..."
  flock /tmp/vitrine-apt.lock apt-get -o DPkg::Lock::Timeout=300 update -qq
  DEBIAN_FRONTEND=noninteractive flock /tmp/vitrine-apt.lock apt-get -o DPkg::Lock::Timeout=300 install -y -qq chromium chromium-headless-shell fonts-dejavu-core >/dev/null
  exit 0
fi
if [ -x /usr/bin/chromium ]; then
  echo "chromium-headless-shell is not installed: the browser tests run on /usr/bin/chromium, slower." >&2
  echo "Install it as root: apt-get install -y chromium-headless-shell" >&2
  exit 0
fi
echo "The browser tests need Chromium at /usr/bin/chromium." >&2
echo "Install it as root: apt-get install -y chromium chromium-headless-shell" >&2
exit 1
