#!/bin/sh
# Installs Debian's nginx-light for the tested reverse-proxy example (docs/deploy.md,
# tests/reliability/test_deploy_proxy.py), once; safe to run again. The package's own service is
# not started: the test runs nginx on a private configuration and port.
set -eu

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
    echo "install-nginx: $(/usr/sbin/nginx -v 2>&1) already installed"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install-nginx: need root (or sudo) to apt-get install nginx-light; the proxy test will be skipped" >&2
        exit 0
    fi
fi

export DEBIAN_FRONTEND=noninteractive
# no service start during installation (Debian's policy-rc.d convention)
POLICY=/usr/sbin/policy-rc.d
CREATED=""
if [ ! -e "$POLICY" ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$POLICY" >/dev/null
    $SUDO chmod +x "$POLICY"
    CREATED=1
fi
OK=1
$SUDO apt-get install -y -q nginx-light || { $SUDO apt-get update -q && $SUDO apt-get install -y -q nginx-light; } || OK=""
if [ -n "$CREATED" ]; then
    $SUDO rm -f "$POLICY"
fi
if [ -z "$OK" ]; then
    echo "install-nginx: apt-get could not install nginx-light; the proxy test will be skipped" >&2
    exit 0
fi
/usr/sbin/nginx -v
