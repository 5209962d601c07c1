#!/usr/bin/env bash
# The NATS CLI against the console's broker: `bash infra/nats.sh micro ls` lists every running
# service instance. Builds the CLI into .dev-infra/bin on first use (from infra/natscli).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=infra/env.sh
. infra/env.sh
bin=.dev-infra/bin/nats
if [ ! -x "$bin" ] || [ infra/natscli/go.mod -nt "$bin" ]; then
  echo "nats.sh: building the NATS CLI (first time only)" >&2
  mkdir -p .dev-infra/bin
  (cd infra/natscli && GOBIN="$PWD/../../.dev-infra/bin" go install github.com/nats-io/natscli/nats)
fi
url=${NATS_URL:-$(grep -s '^NATS_URL=' .dev-infra/env | cut -d= -f2-)}
# Our own broker refuses anonymous clients: the CLI signs in as the `tests` user (infra/nats-auth.sh).
user=${NATS_USER:-$(grep -s '^NATS_USER=' .dev-infra/env | cut -d= -f2-)}
password=${NATS_PASSWORD:-$(grep -s '^NATS_PASSWORD=' .dev-infra/env | cut -d= -f2-)}
exec "$bin" -s "${url:-nats://127.0.0.1:4222}" ${user:+--user "$user" --password "$password"} "$@"
