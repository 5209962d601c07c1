#!/usr/bin/env bash
# Installs what a fresh machine of this kind lacks to run the console: pnpm, the workspace's
# packages and, with --browser, Debian's Chromium for the browser tests. Safe to run again:
# each step is skipped when its result is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "bootstrap: $*" >&2; }

need_apt_update=1
apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    say "apt-get is not available; install $* by hand"
    return 1
  fi
  if [ "$need_apt_update" = 1 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    need_apt_update=0
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

if ! command -v node >/dev/null 2>&1; then
  say "installing Node.js from Debian"
  apt_install nodejs npm
fi
node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20 || (a===20 && b<19)) { console.error("Node >= 20.19 is required, found " + process.versions.node); process.exit(1); }'

if ! command -v pnpm >/dev/null 2>&1; then
  say "installing pnpm 10"
  npm install -g pnpm@10.34.9 >&2
fi

if [ ! -d node_modules/.pnpm ] || [ pnpm-lock.yaml -nt node_modules/.modules.yaml ]; then
  say "installing workspace packages"
  CI=true pnpm install --frozen-lockfile >&2
fi

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium for the browser tests"
  apt_install chromium
fi

if ! command -v go >/dev/null 2>&1 && [ ! -x /usr/local/go/bin/go ]; then
  say "installing Go from Debian (needed to build nats-server, FerretDB and the mail capture)"
  apt_install golang-go
fi
