# dev-infra/nats.sh - NATS with JetStream: an answering server >= 2.10 is used as-is, else our own
# nats-server (built with `go install`) on 4223. Sourced by infra/dev-infra.sh.
# shellcheck shell=bash disable=SC2016

# Pinned rather than @latest so every machine runs the server CI ran.
NATS_SERVER_VERSION=v2.15.2
# Not 4222: that is where a distro nats-server (often too old) usually sits.
# Overridable for the rare machine where 4223 is taken by something else.
OWN_NATS_PORT="${DEV_INFRA_NATS_PORT:-4223}"
OWN_NATS_MONITOR_PORT="${DEV_INFRA_NATS_MONITOR_PORT:-8223}"

DEFAULT_NATS_URL=nats://127.0.0.1:4222
SERVICE_BINARY[nats]=nats-server

# The first line a NATS server sends on connect: INFO {...,"version":...}.
nats_info() {
	timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1" && head -n1 <&3' "$1" "$2" 2>/dev/null || true
}
nats_version_of() {
	sed -n 's/.*"version":"\([^"]*\)".*/\1/p' <<<"$1"
}
# nats_usable INFO: version >= 2.10 (stream features we rely on) + JetStream.
nats_usable() {
	local v major minor
	[[ "$1" == INFO* ]] || return 1
	[[ "$1" == *'"jetstream":true'* ]] || return 1
	v="$(nats_version_of "$1")"
	major="${v%%.*}"
	minor="${v#*.}"
	minor="${minor%%.*}"
	[[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ ]] || return 1
	((major > 2 || (major == 2 && minor >= 10)))
}

ensure_nats_binary() {
	local out="$BIN/nats-server"
	if [[ -x "$out" ]] && "$out" --version 2>/dev/null | grep -q "$NATS_SERVER_VERSION"; then
		return 0
	fi
	find_go nats-server
	log "building nats-server $NATS_SERVER_VERSION (go install, about a minute)"
	mkdir -p "$BIN"
	(cd "$STATE" && GOBIN="$BIN" "$GO" install "github.com/nats-io/nats-server/v2@$NATS_SERVER_VERSION") ||
		die "go install nats-server failed; it needs the Go module proxy"
}

ensure_nats() {
	local url="${NATS_URL:-$DEFAULT_NATS_URL}" info own="nats://127.0.0.1:$OWN_NATS_PORT"
	info="$(nats_info "$(url_host "$url")" "$(url_port "$url" 4222)")"
	if nats_usable "$info"; then
		log "nats: using $url (nats-server $(nats_version_of "$info"))"
		NATS_URL="$url"
		return
	fi
	if [[ -n "$info" ]]; then
		log "nats: $url is nats-server $(nats_version_of "$info") $([[ "$info" == *'"jetstream":true'* ]] || echo 'without JetStream ')- need >= 2.10 with JetStream; using our own on port $OWN_NATS_PORT"
	elif [[ -n "${NATS_URL:-}" ]]; then
		log "nats: NATS_URL=$url does not answer; using our own on port $OWN_NATS_PORT"
	fi

	info="$(nats_info 127.0.0.1 "$OWN_NATS_PORT")"
	if nats_usable "$info"; then
		log "nats: using $own ($(origin_of nats))"
		refresh_nats_auth
		NATS_URL="$own"
		return
	fi
	[[ -z "$info" ]] || die "port $OWN_NATS_PORT answers as NATS but is unusable: $info"
	tcp_open 127.0.0.1 "$OWN_NATS_PORT" && die "port $OWN_NATS_PORT is taken by something that is not NATS"

	ensure_nats_binary
	mkdir -p "$STATE/nats"
	# Users and permissions per component, anonymous refused, monitoring on loopback only.
	local conf
	conf="$(bash "$INFRA/nats-auth.sh" "$STATE/nats-auth" "$OWN_NATS_MONITOR_PORT" dev-infra)"
	log "nats: starting nats-server $NATS_SERVER_VERSION on $own with authentication (monitoring http://127.0.0.1:$OWN_NATS_MONITOR_PORT)"
	start_bg nats "$BIN/nats-server" -c "$conf" -n dev-infra -js -sd "$STATE/nats" \
		-a 127.0.0.1 -p "$OWN_NATS_PORT"
	wait_ready nats 30 own_nats_ready
	NATS_URL="$own"
}

# Our running broker gets the users and permissions of the current table (a change in
# infra/helm/console/broker-users.json): the file is written again and, if it changed, the server
# reloads it (SIGHUP; connections stay, those now refused a subscription lose just that).
refresh_nats_auth() {
	local pid before after
	pid="$(managed_pid nats)" || return 0
	[[ -s "$STATE/nats-auth/nats.conf" ]] || return 0
	before="$(sha256sum <"$STATE/nats-auth/nats.conf")"
	bash "$INFRA/nats-auth.sh" "$STATE/nats-auth" "$OWN_NATS_MONITOR_PORT" dev-infra >/dev/null
	after="$(sha256sum <"$STATE/nats-auth/nats.conf")"
	[[ "$before" == "$after" ]] && return 0
	log "nats: users and permissions changed; reloading the broker's configuration"
	"$BIN/nats-server" --signal "reload=$pid"
}

# The credentials of our own broker, when it is ours: the `tests` user for tests and tools, and
# the folder of every component's password file (infra/run-services.ts gives each its own).
nats_credentials() {
	[[ "$NATS_URL" == "nats://127.0.0.1:$OWN_NATS_PORT" && -s "$STATE/nats-auth/tests.pass" ]] || return 0
	NATS_USER=tests
	NATS_PASSWORD="$(cat "$STATE/nats-auth/tests.pass")"
	NATS_AUTH_DIR="$STATE/nats-auth"
}
# INFO can advertise JetStream before it has finished recovering streams;
# /healthz only says ok once JetStream is actually serving.
own_nats_ready() {
	nats_usable "$(nats_info 127.0.0.1 "$OWN_NATS_PORT")" || return 1
	! command -v curl >/dev/null ||
		curl -fs -m 2 "http://127.0.0.1:$OWN_NATS_MONITOR_PORT/healthz" >/dev/null
}


status_nats() {
	local nats="${NATS_URL:-$DEFAULT_NATS_URL}" line state
	line="$(nats_info "$(url_host "$nats")" "$(url_port "$nats" 4222)")"
	if nats_usable "$line"; then state=up; elif [[ -n "$line" ]]; then state=unusable; else state=DOWN; fi
	report nats "$nats" "$state" "$(origin_of nats), nats-server $(nats_version_of "$line")"
	[[ "$state" != unusable ]] || log "nats at $nats is nats-server $(nats_version_of "$line"); we need >= 2.10 with JetStream"
}
