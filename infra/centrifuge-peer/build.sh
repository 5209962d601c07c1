#!/usr/bin/env bash
# Builds this folder into .dev-infra/bin/centrifuge-peer when the binary is missing or any Go
# source, go.mod or go.sum is newer, then prints the binary's path (the only line on stdout).
# The first build downloads the pinned modules through the Go module proxy (about a minute).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/.dev-infra/bin/centrifuge-peer"
if [[ ! -x "$out" ]] || [[ -n "$(find "$here" \( -name '*.go' -o -name go.mod -o -name go.sum \) -newer "$out" -print -quit)" ]]; then
	go="$(command -v go || true)"
	[[ -n "$go" ]] || go=/usr/local/go/bin/go
	[[ -x "$go" ]] || { echo "centrifuge-peer: Go is needed to build it (https://go.dev/dl/)" >&2; exit 1; }
	echo "centrifuge-peer: building ${out#"$root"/}" >&2
	mkdir -p "$(dirname "$out")"
	# -buildvcs=false as in dev-infra.sh: VCS stamping fails in odd checkouts and buys nothing here.
	(cd "$here" && "$go" build -buildvcs=false -o "$out.tmp" .) >&2
	mv -f "$out.tmp" "$out"
fi
printf '%s\n' "$out"
