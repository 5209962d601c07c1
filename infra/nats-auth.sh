#!/usr/bin/env bash
# nats-auth.sh - the broker's users and what each may publish and subscribe.
#
#   infra/nats-auth.sh DIR [MONITOR_PORT] [SERVER_NAME]
#                            makes DIR/<user>.pass (random, 0600) for each user that has none,
#                            writes DIR/nats.conf (authorization + monitoring on loopback)
#                            and prints its path
#
# The users and their permissions are a table, infra/helm/console/broker-users.json, which the Helm
# chart's broker-users Secret is made from too (one source for both); infra/nats-conf.ts renders it.
# Every component connects as its own user (NATS_USER, NATS_PASSWORD_FILE; see services/kit) with
# its own inbox prefix (_INBOX_<user>) and may hear only that inbox: no component reads another's
# replies. Only the gateway publishes on api.>, each service subscribes only to its own
# api.<service>.>, the simulator only speaks the hub/wfl/host subjects. No component may create,
# update, purge or delete a stream or delete a stream's message: the `streams` user (the start-up
# step, services/kit/src/prepare-streams.ts) administers streams, and the `tests` user (tests, the NATS CLI, the
# demo seeding) may do anything. Anonymous connections are refused. A component that needs a new
# subject gets it in the table, in its own entry.
set -euo pipefail

DIR="${1:?usage: nats-auth.sh DIR}"
MONITOR_PORT="${2:-8223}"
SERVER_NAME="${3:-}"
mkdir -p "$DIR"
chmod 700 "$DIR"

node "$(dirname "$0")/nats-conf.ts" "$DIR" "$MONITOR_PORT" "$SERVER_NAME" >"$DIR/nats.conf.tmp"
chmod 600 "$DIR/nats.conf.tmp"
mv -f "$DIR/nats.conf.tmp" "$DIR/nats.conf"
printf '%s\n' "$DIR/nats.conf"
