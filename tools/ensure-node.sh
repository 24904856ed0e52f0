#!/bin/sh
# Installs Node.js from the system's packages for the client's unit tests (Debian/Ubuntu),
# and fails when there is still no node: tests/web is never skipped in silence.
set -eu
if command -v node >/dev/null 2>&1; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "installing nodejs from the system's packages for tests/web..."
if command -v apt-get >/dev/null 2>&1; then
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends nodejs
fi
if ! command -v node >/dev/null 2>&1; then
  echo "node not found, and the system's nodejs package could not be installed: tests/web cannot run" >&2
  exit 1
fi
