#!/usr/bin/env bash
# Installs what a fresh machine lacks to run the console: Node 24 (from the npm registry's
# node-linux-* package, into .dev-infra/node, when the machine's Node is older), the pnpm of
# package.json's packageManager (into .dev-infra/node too), the workspace's packages, Go and,
# with --browser, Debian's Chromium for the browser tests. Safe to run again: each step is
# skipped when its result is already there. Entry scripts then `. infra/env.sh` to use them.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=infra/env.sh
. infra/env.sh

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

local_node=.dev-infra/node
node_version="$(tr -d '[:space:]' <.node-version)"
pnpm_version="$(sed -n 's/.*"packageManager": *"pnpm@\([^"]*\)".*/\1/p' package.json)"

# npm is the client that fetches Node and pnpm from the registry; Debian's brings a Node to run it.
if ! command -v npm >/dev/null 2>&1; then
  say "installing npm (and a Node to run it) from Debian"
  apt_install nodejs npm
fi

# The project's Node: kept when the machine's is of the same major or newer, else installed.
have="$(node -p process.versions.node 2>/dev/null || echo none)"
need_node() {
  if [ -x "$local_node/bin/node" ]; then
    [ "$have" != "$node_version" ] # ours, from an older .node-version
  else
    [ "$have" = none ] || [ "${have%%.*}" -lt "${node_version%%.*}" ]
  fi
}
if need_node; then
  case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) say "no node-linux package for $(uname -m); install Node $node_version by hand"; exit 1 ;;
  esac
  say "installing Node $node_version into $local_node (this machine has $have)"
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-$arch@$node_version" >/dev/null)
  mkdir -p "$tmp/x" "$local_node/bin"
  tar xzf "$tmp"/node-linux-*.tgz -C "$tmp/x" package/bin/node package/LICENSE
  mv -f "$tmp/x/package/bin/node" "$local_node/bin/node"
  mv -f "$tmp/x/package/LICENSE" "$local_node/LICENSE"
  rm -rf "$tmp"
  hash -r
fi

# pnpm lives beside the project's Node, at exactly package.json's version (whatever the machine has).
if [ "$("$local_node/bin/pnpm" --version 2>/dev/null || true)" != "$pnpm_version" ]; then
  say "installing pnpm $pnpm_version into $local_node"
  npm install --global --prefix "$local_node" --no-audit --no-fund --loglevel=error "pnpm@$pnpm_version" >&2
  hash -r
fi

# Reinstalled when missing, when the lockfile changed, or when another pnpm laid them out.
if [ ! -d node_modules/.pnpm ] || [ pnpm-lock.yaml -nt node_modules/.modules.yaml ] ||
  ! grep -q "pnpm@$pnpm_version" node_modules/.modules.yaml 2>/dev/null; then
  say "installing workspace packages"
  CI=true pnpm install --frozen-lockfile >&2
fi

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium for the browser tests"
  apt_install chromium
fi

if ! command -v go >/dev/null 2>&1; then
  say "installing Go from Debian (needed to build nats-server, FerretDB, Mailpit and the NATS CLI)"
  apt_install golang-go
fi
