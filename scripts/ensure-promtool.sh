#!/usr/bin/env bash
# Makes sure promtool is at hand for `make check-deploy`, which checks and
# unit-tests deploy/prometheus/rules.yml. Debian ships promtool in its
# prometheus package, which also installs (and, under systemd, enables and
# starts) a Prometheus server listening on :9090; only promtool is wanted
# here, so the service is stopped and disabled right after the install.
# Exits 1 with the reason when promtool is missing and cannot be installed.
set -euo pipefail
if command -v promtool >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing promtool (Debian's prometheus package) for the alert rules check..."
  flock /tmp/vitrine-apt.lock apt-get -o DPkg::Lock::Timeout=300 update -qq
  DEBIAN_FRONTEND=noninteractive flock /tmp/vitrine-apt.lock apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends prometheus >/dev/null
  if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
    systemctl disable --now prometheus.service >/dev/null 2>&1 || true
  else
    # No systemd running: the package could only have started the server
    # through its init script; stop it, and drop the unit's enabling link
    # so a later boot under systemd does not start it either.
    if [ -x /etc/init.d/prometheus ]; then
      /etc/init.d/prometheus stop >/dev/null 2>&1 || true
      update-rc.d prometheus disable >/dev/null 2>&1 || true
    fi
    rm -f /etc/systemd/system/multi-user.target.wants/prometheus.service
  fi
  exit 0
fi
echo "promtool is not installed; as root: apt-get install -y --no-install-recommends prometheus" >&2
exit 1
