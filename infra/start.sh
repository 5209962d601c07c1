#!/usr/bin/env bash
# Starts the whole console with demo data: infrastructure, schema and demo records, every
# service, the websocket fan-out and the gateway serving the built console. Ctrl-C stops the services; the
# infrastructure keeps running (stop it with `bash infra/dev-infra.sh down`).
set -euo pipefail
cd "$(dirname "$0")/.."

bash infra/bootstrap.sh
# shellcheck source=infra/env.sh
. infra/env.sh # the project's Node 24 and pnpm first on PATH, for everything below

echo "== infrastructure" >&2
set -a
# shellcheck disable=SC1091
eval "$(bash infra/dev-infra.sh up)"
set +a

# One session signing key for every gateway and fan-out instance of this machine (the fan-out reads
# the gateway's session cookie itself), kept across restarts.
mkdir -p .dev-infra
if [ ! -s .dev-infra/jwt-secret ]; then
  node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("base64url"))' > .dev-infra/jwt-secret
  chmod 600 .dev-infra/jwt-secret
fi
export JWT_SECRET="$(cat .dev-infra/jwt-secret)"
# The key the gateway signs caller assertions with and every service verifies (services/kit).
if [ ! -s .dev-infra/caller-assertion-key ]; then
  node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("base64url"))' > .dev-infra/caller-assertion-key
  chmod 600 .dev-infra/caller-assertion-key
fi
export CALLER_ASSERTION_KEY="$(cat .dev-infra/caller-assertion-key)"

echo "== build the console" >&2
pnpm --filter @console/web build >/dev/null

echo "== demo data" >&2
DEMO_SEED="${DEMO_SEED:-1}" DEMO_CUSTOMERS="${DEMO_CUSTOMERS:-2000}" node infra/demo/seed.ts

echo "== services" >&2
export DEMO_SEED="${DEMO_SEED:-1}" DEMO_CUSTOMERS="${DEMO_CUSTOMERS:-2000}"
# A living demo (services/simulator/README.md): the world keeps growing from its now at rates that
# put something in every "today" within minutes, and a few hubs are busy (several messages a second).
export SIM_GROWTH="${SIM_GROWTH:-on}"
export SIM_GROWTH_CUSTOMERS_PER_DAY="${SIM_GROWTH_CUSTOMERS_PER_DAY:-480}"
export SIM_GROWTH_LINKS_PER_DAY="${SIM_GROWTH_LINKS_PER_DAY:-144}"
export SIM_GROWTH_DEVICES_PER_DAY="${SIM_GROWTH_DEVICES_PER_DAY:-1440}"
export SIM_GROWTH_COMMANDS_PER_DAY="${SIM_GROWTH_COMMANDS_PER_DAY:-14400}"
export SIM_GROWTH_NOTES_PER_DAY="${SIM_GROWTH_NOTES_PER_DAY:-288}"
export SIM_BUSY_HUBS="${SIM_BUSY_HUBS:-3}"
# A demo stopped for days catches up one day at its next start (about a minute of writing).
export SIM_GROWTH_CATCH_UP_DAYS="${SIM_GROWTH_CATCH_UP_DAYS:-1}"
# The stand-in for the third-party link clouds (/philipshue, /sonos), over the same world.
export LINK_CLOUD_PORT="${LINK_CLOUD_PORT:-8095}"
LINK_CLOUD_SEED="$DEMO_SEED" LINK_CLOUD_CUSTOMERS="$DEMO_CUSTOMERS" node infra/link-cloud/server.ts &
export LINK_CLOUD_URL="${LINK_CLOUD_URL:-http://127.0.0.1:$LINK_CLOUD_PORT}"
exec node infra/run-services.ts "$@"
