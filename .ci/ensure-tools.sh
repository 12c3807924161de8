#!/usr/bin/env bash
# Makes sure the machine has what the full test suite needs beyond Node.js and npm:
#   - Chromium from Debian's packages (/usr/bin/chromium) for the Playwright journeys;
#   - PostgreSQL answering on 127.0.0.1:5432 as postgres/postgres for the second database pass.
# Installs them with apt-get when missing (needs root); otherwise says what is missing.
set -euo pipefail

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "ensure-tools: need root to run: $*" >&2; return 1
  fi
}

apt_updated=0
apt_install() {
  if ! command -v apt-get >/dev/null; then
    echo "ensure-tools: please install $* (no apt-get on this machine)" >&2
    return 1
  fi
  if [[ $apt_updated -eq 0 ]]; then as_root apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

if [[ ! -x /usr/bin/chromium ]]; then
  echo "ensure-tools: installing Chromium from Debian's packages"
  apt_install chromium
fi

pg_ready() { command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; }
if ! pg_ready; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    echo "ensure-tools: installing PostgreSQL from Debian's packages"
    apt_install postgresql
  fi
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  echo "ensure-tools: starting PostgreSQL $version"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do pg_ready && break; sleep 1; done
  pg_ready || { echo "ensure-tools: PostgreSQL did not start on 127.0.0.1:5432" >&2; exit 1; }
fi
# Password login for the test URL (harmless where the server trusts local connections).
if ! PGPASSWORD=postgres psql -h 127.0.0.1 -U postgres -d postgres -Atqc 'select 1' >/dev/null 2>&1; then
  as_root su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\""
fi
echo "ensure-tools: Chromium and PostgreSQL are ready"
