#!/bin/sh
# Installs Chromium from the system's packages for the browser tests (Debian/Ubuntu).
set -eu
if command -v chromium >/dev/null 2>&1; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "installing chromium from the system's packages for the browser tests..."
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends chromium fonts-noto-cjk
