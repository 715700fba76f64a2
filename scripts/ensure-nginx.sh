#!/usr/bin/env bash
# Makes sure Debian's nginx is installed for `make test-cluster`, which runs
# it as the current user with a configuration of its own (no service is
# started). Exits 1 with the reason when it is missing and cannot be
# installed; the cluster test then says it skipped.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing nginx from Debian's packages for the cluster test..."
  flock /tmp/vitrine-apt.lock apt-get -o DPkg::Lock::Timeout=300 update -qq
  DEBIAN_FRONTEND=noninteractive flock /tmp/vitrine-apt.lock apt-get -o DPkg::Lock::Timeout=300 install -y -qq nginx >/dev/null
  exit 0
fi
echo "nginx is not installed; as root: apt-get install -y nginx" >&2
exit 1
