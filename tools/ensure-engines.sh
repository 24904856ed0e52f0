#!/bin/sh
# Installs the PostgreSQL and Redis *server packages* the tests start privately (Debian/Ubuntu).
# The tests never use a server that happens to be running: they run their own, on a free port.
set -eu
pg_ctl_found() { ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1; }
if pg_ctl_found && command -v redis-server >/dev/null 2>&1; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "installing the postgresql and redis-server packages for the tests..."
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends postgresql redis-server
