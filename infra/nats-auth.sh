#!/usr/bin/env bash
# nats-auth.sh - the broker's users and what each may publish and subscribe.
#
#   infra/nats-auth.sh DIR   makes DIR/<user>.pass (random, 0600) for each user that has none,
#                            writes DIR/nats.conf (authorization + monitoring on loopback)
#                            and prints its path
#
# Every component connects as its own user (NATS_USER, NATS_PASSWORD_FILE; see services/kit):
# only the gateway publishes on api.>, each service subscribes only to its own api.<service>.>,
# the simulator only speaks the hub/wfl/host subjects, and JetStream's API is limited to what
# each one uses (no stream deletion or purge except for the `tests` user, which tests, the NATS
# CLI and the demo seeding use). Anonymous connections are refused. Subjects start with the
# deployment's prefix (one token), hence the leading `*`.
# A component that needs a new subject gets it here, in its own block.
set -euo pipefail

DIR="${1:?usage: nats-auth.sh DIR}"
MONITOR_PORT="${2:-8223}"
mkdir -p "$DIR"
chmod 700 "$DIR"

USERS=(gateway auth search hub-control stats supervisor simulator tests)
for u in "${USERS[@]}"; do
	if [[ ! -s "$DIR/$u.pass" ]]; then
		(umask 077 && head -c 24 /dev/urandom | base64 | tr -d '/+=\n' >"$DIR/$u.pass")
	fi
done
pass() { cat "$DIR/$1.pass"; }

# What every API service needs: its own endpoints, service discovery, replies to its requests.
service_subs() { printf '"*.api.%s.>", "$SRV.>", "_INBOX.>"' "$1"; }
# Making sure the streams exist (the gateway, hub-control and the simulator each do at start).
JS_ENSURE='"$JS.API.INFO", "$JS.API.STREAM.INFO.*", "$JS.API.STREAM.CREATE.*", "$JS.API.STREAM.UPDATE.*", "$JS.API.STREAM.NAMES"'
# Reading the hub stream: ordered consumers, direct gets.
JS_READ='"$JS.API.CONSUMER.>", "$JS.API.STREAM.MSG.GET.*", "$JS.API.DIRECT.GET.>", "$JS.FC.>", "$JS.ACK.>"'

# A Link2 page (the browser as a hub, services/gateway/src/live/raw/) is held by the gateway as a
# connection worker holds a hub: it announces the hub's presence and puts its messages on the socket
# log (it already hears hub.<id>.cmd under *.hub.> and answers through allow_responses).
GATEWAY_LINK2='"*.hub.*.presence", "*.hub.*.msg.>"'

cat >"$DIR/nats.conf.tmp" <<EOF
# Written by infra/nats-auth.sh; edit that script instead.
http: "127.0.0.1:$MONITOR_PORT"
authorization {
  users = [
    { user: gateway, password: "$(pass gateway)", permissions: {
        publish: { allow: ["*.api.>", "\$SRV.>", "*.audit.raw-channel", $JS_ENSURE, $JS_READ, $GATEWAY_LINK2] }
        subscribe: { allow: ["_INBOX.>", "*.hub.>", "*.live.hub.>", "*.wfl.>", "*.host.>", "*.client.*.*.presence", "*.audit.>", "*.ops.gateway.>", "\$SRV.>"] }
        allow_responses: true
    } }
    { user: auth, password: "$(pass auth)", permissions: {
        publish: { allow: ["\$SRV.>", "*.audit.>"] }
        subscribe: { allow: [$(service_subs auth)] }
        allow_responses: true
    } }
    { user: search, password: "$(pass search)", permissions: {
        publish: { allow: ["\$SRV.>"] }
        subscribe: { allow: [$(service_subs search), "*.audit.>"] }
        allow_responses: true
    } }
    { user: hub-control, password: "$(pass hub-control)", permissions: {
        publish: { allow: ["\$SRV.>", "*.hub.*.cmd", "*.wfl.*.cmd", "*.audit.>", $JS_ENSURE, $JS_READ] }
        subscribe: { allow: [$(service_subs hub-control), "*.hub.*.presence", "*.hub.*.msg.>", "*.wfl.*.ping"] }
        allow_responses: true
    } }
    # stats: its report worker asks hub-control (one operation, signed as the gateway signs) for a
    # /linkplus-data run's live reads: it never sends hub commands itself.
    { user: stats, password: "$(pass stats)", permissions: {
        publish: { allow: ["\$SRV.>", "*.reports.job.*", "*.audit.report", "*.api.hub-control.featureLiveRead", $JS_ENSURE, $JS_READ] }
        subscribe: { allow: [$(service_subs stats), "*.hub.>", "*.wfl.*.ping", "*.host.*.heartbeat", "*.audit.>"] }
        allow_responses: true
    } }
    { user: supervisor, password: "$(pass supervisor)", permissions: {
        publish: { allow: ["\$SRV.>", "*.host.>", "*.audit.>", "*.ops.gateway.>", "\$JS.API.INFO", "\$JS.API.STREAM.INFO.*", "\$JS.API.DIRECT.GET.>"] }
        subscribe: { allow: [$(service_subs supervisor), "*.host.>", "*.hub.*.presence"] }
        allow_responses: true
    } }
    { user: simulator, password: "$(pass simulator)", permissions: {
        publish: { allow: ["*.hub.>", "*.wfl.>", "*.host.>", "*.client.*.*.presence", $JS_ENSURE] }
        subscribe: { allow: ["*.hub.*.cmd", "*.wfl.*.cmd", "*.host.>", "*.sim.>", "\$SRV.>", "_INBOX.>"] }
        allow_responses: true
    } }
    { user: tests, password: "$(pass tests)" }
  ]
}
EOF
mv -f "$DIR/nats.conf.tmp" "$DIR/nats.conf"
chmod 600 "$DIR/nats.conf"
printf '%s\n' "$DIR/nats.conf"
