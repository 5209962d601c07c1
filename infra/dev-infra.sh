#!/usr/bin/env bash
# dev-infra.sh - provide the backing services of the staff console on a
# machine without Docker: NATS (JetStream), PostgreSQL, Redis, a
# MongoDB-compatible server (FerretDB) and an SMTP sink with a Mailpit-style
# HTTP API.
#
#   infra/dev-infra.sh up      reuse what is running, start what is missing,
#                              print KEY=value lines (stdout) + write .dev-infra/env
#   infra/dev-infra.sh down    stop only what this script started
#   infra/dev-infra.sh env     print .dev-infra/env
#   infra/dev-infra.sh status  what is up, and who started it
#
# Only the KEY=value lines go to stdout, so `set -a; eval "$(infra/dev-infra.sh up)"`
# and `set -a; . .dev-infra/env` both work; everything else goes to stderr.
# See infra/README.md for the decision rules.

# The probes pass host/port as $0/$1 to an inner `bash -c '...'` on purpose
# (no quoting bugs with odd hosts), which SC2016 would flag everywhere.
# shellcheck disable=SC2016
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INFRA="$REPO_ROOT/infra"
STATE="$REPO_ROOT/.dev-infra"
BIN="$STATE/bin"
RUN="$STATE/run"
LOGS="$STATE/logs"
ENV_FILE="$STATE/env"

# Pinned rather than @latest so every machine runs the server CI ran.
NATS_SERVER_VERSION=v2.15.2
# Not 4222: that is where a distro nats-server (often too old) usually sits.
# Overridable for the rare machine where 4223 is taken by something else.
OWN_NATS_PORT="${DEV_INFRA_NATS_PORT:-4223}"
OWN_NATS_MONITOR_PORT="${DEV_INFRA_NATS_MONITOR_PORT:-8223}"

DEFAULT_NATS_URL=nats://127.0.0.1:4222
# Explicit user "postgres": with trust auth it works whatever the OS user is.
DEFAULT_DATABASE_URL=postgres://postgres@127.0.0.1:5432/console
DEFAULT_MONGO_URL=mongodb://127.0.0.1:27017/console
DEFAULT_REDIS_URL=redis://127.0.0.1:6379
DEFAULT_SMTP_URL=smtp://127.0.0.1:1025
DEFAULT_MAILBOX_URL=http://127.0.0.1:8025

log() { printf 'dev-infra: %s\n' "$*" >&2; }
die() {
	printf 'dev-infra: error: %s\n' "$*" >&2
	exit 1
}

# ---------------------------------------------------------------- URL helpers

# url_host URL / url_port URL DEFAULT: the first host of a URL. Userinfo,
# path, query and extra hosts (mongodb://a,b/...) are ignored; probing the
# first host is enough to decide "reachable or not".
url_authority() {
	local rest="${1#*://}"
	rest="${rest%%[/?#]*}"
	rest="${rest##*@}"
	printf '%s' "${rest%%,*}"
}
url_host() {
	local a
	a="$(url_authority "$1")"
	if [[ "$a" == \[* ]]; then
		a="${a#[}"
		printf '%s' "${a%%]*}"
	else
		printf '%s' "${a%%:*}"
	fi
}
url_port() {
	local a
	a="$(url_authority "$1")"
	a="${a##*]}"
	if [[ "$a" == *:* && -n "${a##*:}" ]]; then printf '%s' "${a##*:}"; else printf '%s' "$2"; fi
}
# url_db URL DEFAULT: first path segment (the database name).
url_db() {
	local rest="${1#*://}" db
	rest="${rest%%[?#]*}"
	if [[ "$rest" == */* ]]; then db="${rest#*/}"; else db=""; fi
	db="${db%%/*}"
	printf '%s' "${db:-$2}"
}
# url_with_db URL DB: same server and credentials, another database.
url_with_db() {
	local scheme="${1%%://*}" rest="${1#*://}" query=""
	if [[ "$rest" == *\?* ]]; then query="?${rest#*\?}"; fi
	rest="${rest%%[/?#]*}"
	printf '%s://%s/%s%s' "$scheme" "$rest" "$2" "$query"
}
is_local_host() {
	case "$1" in 127.* | localhost | ::1 | 0.0.0.0) return 0 ;; *) return 1 ;; esac
}
# Listening address for a server we start: "localhost" may resolve to ::1
# first, which the URL's consumers would then have to match.
bind_host() {
	case "$1" in localhost | 0.0.0.0) printf '127.0.0.1' ;; *) printf '%s' "$1" ;; esac
}

# ---------------------------------------------------------------- probes
# All probes are bounded by `timeout` so a black-holed host cannot stall `up`,
# and use bash's /dev/tcp so they need no client tools.

tcp_open() {
	timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null
}

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

pg_up() {
	if command -v pg_isready >/dev/null; then
		pg_isready -q -t 2 -d "$1" >/dev/null 2>&1
	else
		tcp_open "$(url_host "$1")" "$(url_port "$1" 5432)"
	fi
}

redis_up() {
	if command -v redis-cli >/dev/null; then
		# -u understands passwords/db numbers in the URL.
		[[ "$(timeout 2 redis-cli -u "$1" ping 2>/dev/null)" == PONG ]]
	else
		timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1" && printf "PING\r\n" >&3 && head -n1 <&3' \
			"$(url_host "$1")" "$(url_port "$1" 6379)" 2>/dev/null | grep -q '^+PONG'
	fi
}

# Speaks MongoDB if an OP_MSG {hello: 1, $db: "admin"} gets a reply that
# mentions maxWireVersion (true for MongoDB >= 3.6 and FerretDB). The bytes
# are: 16-byte header (length 52, requestID 1, opCode 2013), flags 0,
# section kind 0, then the 31-byte BSON document.
mongo_up() {
	timeout 2 bash -c '
		exec 3<>"/dev/tcp/$0/$1" || exit 1
		printf "\x34\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\xdd\x07\x00\x00\x00\x00\x00\x00\x00\x1f\x00\x00\x00\x10hello\x00\x01\x00\x00\x00\x02\$db\x00\x06\x00\x00\x00admin\x00\x00" >&3
		dd bs=65536 count=1 status=none <&3' "$1" "$2" 2>/dev/null | grep -aq maxWireVersion
}

smtp_up() {
	timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1" && head -n1 <&3' "$1" "$2" 2>/dev/null | grep -q '^220'
}

# The mailbox counts as up when the Mailpit-style list endpoint answers JSON.
mailbox_up() {
	if command -v curl >/dev/null; then
		curl -fsS -m 2 "$1/api/v1/messages?limit=1" 2>/dev/null | grep -q '"messages"'
	else
		tcp_open "$(url_host "$1")" "$(url_port "$1" 80)"
	fi
}

# ---------------------------------------------------------------- processes

# managed_pid NAME: pid of a service this script started, if it still runs.
# The command line is checked so a recycled pid is never mistaken for ours
# (and never killed by `down`).
managed_pid() {
	local file="$RUN/$1.pid" pid
	[[ -f "$file" ]] || return 1
	pid="$(<"$file")"
	if [[ "$pid" =~ ^[0-9]+$ ]] && [[ -r "/proc/$pid/cmdline" ]] &&
		tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$(service_binary "$1")"; then
		printf '%s' "$pid"
		return 0
	fi
	rm -f "$file"
	return 1
}
service_binary() {
	case "$1" in
	nats) printf 'nats-server' ;;
	ferretdb) printf 'ferretdb' ;;
	mail) printf 'mailcapture' ;;
	redis) printf 'redis-server' ;;
	esac
}

# start_bg NAME CMD...: run detached. setsid so Ctrl-C or closing the shell
# that ran `up` does not take the service down. fds 3 (our real stdout) and
# 9 (the lock) are closed so `$(dev-infra.sh up)` returns and the lock is
# released when this script exits, not when the service does.
start_bg() {
	local name="$1" logfile="$LOGS/$1.log" old
	shift
	mkdir -p "$RUN" "$LOGS"
	# One instance per service: an older one of ours still running (e.g. on a
	# port changed since) would otherwise lose its pid file and be orphaned.
	if old="$(managed_pid "$name")"; then
		log "$name: replacing our earlier instance (pid $old) started with other settings"
		stop_managed "$name"
	fi
	printf '\n=== %s starting: %s\n' "$(date -Is)" "$*" >>"$logfile"
	setsid "$@" >>"$logfile" 2>&1 </dev/null 3>&- 9>&- &
	printf '%s\n' "$!" >"$RUN/$name.pid"
}

# wait_ready NAME SECONDS PROBE...: poll until PROBE succeeds; fail fast if
# the process died, and always point at its log.
wait_ready() {
	local name="$1" seconds="$2" logfile="$LOGS/$1.log" deadline
	shift 2
	deadline=$((SECONDS + seconds))
	while ! "$@"; do
		if ! managed_pid "$name" >/dev/null; then
			tail -n 15 "$logfile" >&2 2>/dev/null || true
			die "$name exited during startup; full log: $logfile"
		fi
		if ((SECONDS >= deadline)); then
			tail -n 15 "$logfile" >&2 2>/dev/null || true
			die "$name did not become ready within ${seconds}s; log: $logfile"
		fi
		sleep 0.2
	done
}

origin_of() {
	local pid
	if pid="$(managed_pid "$1")"; then
		printf 'started by dev-infra, pid %s' "$pid"
	else
		printf 'already running, not managed by dev-infra'
	fi
}

# ---------------------------------------------------------------- tooling

find_go() {
	if [[ -z "${GO:-}" ]]; then
		GO="$(command -v go || true)"
		[[ -n "$GO" ]] || { [[ -x /usr/local/go/bin/go ]] && GO=/usr/local/go/bin/go; }
		[[ -n "$GO" ]] || die "Go (1.22+) is needed to build $1; install it from https://go.dev/dl/ or use infra/compose.yaml"
	fi
}

# build_from_source NAME DIR: (re)build DIR into $BIN/NAME when the binary is
# missing or any source file is newer, so editing main.go is picked up on the
# next start without rebuilding on every `up`.
build_from_source() {
	local name="$1" dir="$2" out="$BIN/$1"
	if [[ -x "$out" ]] && [[ -z "$(find "$dir" \( -name '*.go' -o -name go.mod -o -name go.sum \) -newer "$out" -print -quit)" ]]; then
		return 0
	fi
	find_go "$name"
	log "building $name from ${dir#"$REPO_ROOT"/}$([[ "$name" != ferretdb ]] || echo ' (the first build takes a few minutes)')"
	mkdir -p "$BIN"
	# -buildvcs=false: VCS stamping fails in odd checkouts (other owner, no
	# git) and buys nothing for a dev binary.
	(cd "$dir" && "$GO" build -buildvcs=false -o "$out.tmp" .) || die "building $name failed (see output above)"
	mv -f "$out.tmp" "$out"
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

as_root() {
	if [[ "$(id -u)" == 0 ]]; then
		"$@"
	elif command -v sudo >/dev/null; then
		sudo "$@"
	else
		die "need root for: $* (or start the service yourself / use infra/compose.yaml)"
	fi
}

apt_install() {
	command -v apt-get >/dev/null ||
		die "need $* but this is not a Debian/Ubuntu system; install it yourself or use infra/compose.yaml"
	log "installing $* with apt-get (one-time)"
	# Try without `apt-get update` first: it is slow and usually unnecessary.
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >&2 ||
		{ as_root apt-get update >&2 &&
			as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >&2; } ||
		die "apt-get install $* failed"
}

# ---------------------------------------------------------------- services
# Each ensure_* leaves the settled URL in its variable. Rule for every
# service: a URL from the environment wins if it answers; otherwise, if it
# points at this machine, we provide the service at that address; a remote
# URL that does not answer is an error (we cannot start things elsewhere).

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
		NATS_URL="$own"
		return
	fi
	[[ -z "$info" ]] || die "port $OWN_NATS_PORT answers as NATS but is unusable: $info"
	tcp_open 127.0.0.1 "$OWN_NATS_PORT" && die "port $OWN_NATS_PORT is taken by something that is not NATS"

	ensure_nats_binary
	mkdir -p "$STATE/nats"
	# Users and permissions per component, anonymous refused, monitoring on loopback only.
	local conf
	conf="$(bash "$INFRA/nats-auth.sh" "$STATE/nats-auth" "$OWN_NATS_MONITOR_PORT")"
	log "nats: starting nats-server $NATS_SERVER_VERSION on $own with authentication (monitoring http://127.0.0.1:$OWN_NATS_MONITOR_PORT)"
	start_bg nats "$BIN/nats-server" -c "$conf" -n dev-infra -js -sd "$STATE/nats" \
		-a 127.0.0.1 -p "$OWN_NATS_PORT"
	wait_ready nats 30 own_nats_ready
	NATS_URL="$own"
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

ensure_postgres() {
	local url="${DATABASE_URL:-$DEFAULT_DATABASE_URL}" dbs=""
	# Listing the databases doubles as the reachability check: Debian's psql
	# and pg_isready are Perl wrappers costing ~0.1 s each, and the warm path
	# should stay fast.
	if dbs="$(pg_list_databases "$url")"; then
		log "postgres: using $(url_host "$url"):$(url_port "$url" 5432) ($(postgres_origin))"
	elif pg_up "$url"; then
		die "postgres at $url answers but refuses our queries: $dbs"
	else
		is_local_host "$(url_host "$url")" || die "DATABASE_URL=$url is not reachable"
		provision_postgres "$(url_port "$url" 5432)"
		dbs="$(pg_list_databases "$url")" || die "postgres is running but rejects $url: $dbs"
	fi
	DATABASE_URL="$url"
	# FerretDB keeps its data in its own database, next to ours by default.
	FERRET_PG_URL="${FERRETDB_POSTGRESQL_URL:-$(url_with_db "$url" ferretdb)}"
	if [[ "$(url_with_db "$FERRET_PG_URL" x)" == "$(url_with_db "$url" x)" ]]; then
		ensure_databases "$url" "$dbs" "$(url_db "$url" console)" "$(url_db "$FERRET_PG_URL" ferretdb)"
	else
		ensure_databases "$url" "$dbs" "$(url_db "$url" console)"
	fi
}

# pg_list_databases URL: database names on URL's server (via its "postgres"
# database, which exists even before ours is created). Without psql we can
# only probe the port; the caller then skips database creation.
pg_list_databases() {
	if ! command -v psql >/dev/null; then
		pg_up "$1" && printf '%s\n' '(psql missing)'
		return
	fi
	psql "$(url_with_db "$1" postgres)" -XAtq -v ON_ERROR_STOP=1 -c 'select datname from pg_database' 2>&1
}

# provision_postgres PORT: install (if needed) and start the distro cluster,
# with trust auth for loopback TCP so no password ends up in any URL.
provision_postgres() {
	local port="$1" ver="" cluster="" status="" conf
	command -v pg_lsclusters >/dev/null || apt_install postgresql
	read -r ver cluster _ status _ < <(pg_lsclusters --no-header 2>/dev/null | awk -v p="$port" '$3 == p' | head -n1) || true
	if [[ -z "${ver:-}" ]]; then
		ver="$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' 2>/dev/null | sort -n | tail -n1)"
		[[ -n "$ver" ]] || die "postgresql is installed but no server version found under /usr/lib/postgresql"
		cluster=dev
		log "postgres: creating cluster $ver/$cluster on port $port"
		as_root pg_createcluster -p "$port" "$ver" "$cluster" >&2
		status=down
	fi
	conf="/etc/postgresql/$ver/$cluster/pg_hba.conf"
	if ! as_root grep -q 'dev-infra' "$conf"; then
		log "postgres: enabling trust auth for 127.0.0.1/::1 in $conf (development only)"
		# First matching pg_hba line wins, hence prepend.
		as_root sh -c "{ printf '%s\n' '# dev-infra: trust loopback TCP (development machine)' \
			'host all all 127.0.0.1/32 trust' 'host all all ::1/128 trust'; cat '$conf'; } > '$conf.new' &&
			chown --reference='$conf' '$conf.new' && chmod --reference='$conf' '$conf.new' && mv '$conf.new' '$conf'"
		[[ "$status" != online ]] || as_root pg_ctlcluster "$ver" "$cluster" reload >&2
	fi
	if [[ "$status" != online ]]; then
		log "postgres: starting cluster $ver/$cluster on port $port"
		as_root pg_ctlcluster "$ver" "$cluster" start >&2 ||
			die "pg_ctlcluster $ver $cluster start failed; log: /var/log/postgresql/postgresql-$ver-$cluster.log"
		mkdir -p "$RUN"
		printf '%s %s\n' "$ver" "$cluster" >"$RUN/postgres.cluster"
	fi
	local deadline=$((SECONDS + 60))
	until pg_isready -q -h 127.0.0.1 -p "$port"; do
		((SECONDS < deadline)) || die "postgres did not become ready; log: /var/log/postgresql/postgresql-$ver-$cluster.log"
		sleep 0.3
	done
}

# ensure_databases URL EXISTING DB...: create the DBs missing from EXISTING
# (a newline-separated list) on URL's server.
ensure_databases() {
	local url="$1" existing="$2" admin db
	shift 2
	if [[ "$existing" == '(psql missing)' ]]; then
		log "postgres: psql not found; make sure databases $* exist"
		return
	fi
	admin="$(url_with_db "$url" postgres)"
	for db in "$@"; do
		grep -qxF "$db" <<<"$existing" && continue
		log "postgres: creating database $db"
		# Re-check on failure: a concurrent creator is not an error.
		psql "$admin" -XAtq -c "create database \"${db//\"/\"\"}\"" >/dev/null 2>&1 ||
			pg_list_databases "$url" | grep -qxF "$db" ||
			die "could not create database $db on $admin"
	done
}
# Marker-file variant of managed_pid for the distro cluster, which is run by
# pg_ctlcluster rather than by us directly.
postgres_managed() { [[ -f "$RUN/postgres.cluster" ]]; }
postgres_origin() {
	if postgres_managed; then
		printf 'cluster %s started by dev-infra' "$(<"$RUN/postgres.cluster")"
	else
		printf 'already running, not managed by dev-infra'
	fi
}

ensure_redis() {
	local url="${REDIS_URL:-$DEFAULT_REDIS_URL}" host port
	host="$(url_host "$url")"
	port="$(url_port "$url" 6379)"
	if redis_up "$url"; then
		log "redis: using $url ($(origin_of redis))"
		REDIS_URL="$url"
		return
	fi
	is_local_host "$host" || die "REDIS_URL=$url is not reachable"
	tcp_open "$host" "$port" && die "port $port is taken by something that does not answer Redis PING (auth required?)"
	if ! command -v redis-server >/dev/null; then
		apt_install redis-server
		# The package may have started the distro service on 6379.
		if redis_up "$url"; then
			REDIS_URL="$url"
			return
		fi
	fi
	mkdir -p "$STATE/redis"
	log "redis: starting redis-server on $host:$port (no persistence)"
	# Foreground mode under start_bg (instead of --daemonize) so the pid we
	# record is the server's own and its log lands in our log file.
	start_bg redis redis-server --bind "$(bind_host "$host")" --port "$port" \
		--save '' --appendonly no --dir "$STATE/redis" --logfile ''
	wait_ready redis 15 redis_up "$url"
	REDIS_URL="$url"
}

ensure_mongo() {
	local url="${MONGO_URL:-$DEFAULT_MONGO_URL}" host port pg
	host="$(url_host "$url")"
	port="$(url_port "$url" 27017)"
	if mongo_up "$host" "$port"; then
		log "mongo: using $url ($(origin_of ferretdb))"
		MONGO_URL="$url"
		return
	fi
	is_local_host "$host" || die "MONGO_URL=$url is not reachable"
	tcp_open "$host" "$port" && die "port $port is taken by something that does not speak the MongoDB protocol"

	if [[ "$(url_with_db "$FERRET_PG_URL" x)" != "$(url_with_db "$DATABASE_URL" x)" ]]; then
		local dbs
		dbs="$(pg_list_databases "$FERRET_PG_URL")" || die "FERRETDB_POSTGRESQL_URL=$FERRET_PG_URL is not usable: $dbs"
		ensure_databases "$FERRET_PG_URL" "$dbs" "$(url_db "$FERRET_PG_URL" ferretdb)"
	fi
	build_from_source ferretdb "$INFRA/ferretdb"
	pg="$FERRET_PG_URL"
	log "mongo: starting FerretDB on $host:$port (PostgreSQL backend: $pg)"
	start_bg ferretdb "$BIN/ferretdb" -listen "$(bind_host "$host"):$port" -postgresql-url "$pg"
	wait_ready ferretdb 30 mongo_up "$host" "$port"
	MONGO_URL="$url"
}

ensure_mail() {
	local smtp="${SMTP_URL:-$DEFAULT_SMTP_URL}" box="${MAILBOX_URL:-$DEFAULT_MAILBOX_URL}"
	local shost sport bhost bport smtp_ok=0 box_ok=0
	box="${box%/}"
	shost="$(url_host "$smtp")"
	sport="$(url_port "$smtp" 25)"
	bhost="$(url_host "$box")"
	bport="$(url_port "$box" 80)"
	smtp_up "$shost" "$sport" && smtp_ok=1
	mailbox_up "$box" && box_ok=1

	if ((smtp_ok && box_ok)); then
		log "mail: using $smtp + $box ($(origin_of mail))"
	elif ((smtp_ok || box_ok)); then
		# Half a mail setup means a foreign SMTP server or API on one of the
		# ports; starting ours would fail to bind anyway.
		die "only one of SMTP ($smtp: $( ((smtp_ok)) && echo up || echo down)) and mailbox API ($box: $( ((box_ok)) && echo up || echo down)) answers; stop the other program or set SMTP_URL/MAILBOX_URL"
	else
		if ! is_local_host "$shost" || ! is_local_host "$bhost"; then
			die "SMTP_URL=$smtp / MAILBOX_URL=$box are not reachable"
		fi
		tcp_open "$shost" "$sport" && die "port $sport is taken by something that is not an SMTP server"
		tcp_open "$bhost" "$bport" && die "port $bport is taken by something that is not a Mailpit-style API"
		build_from_source mailcapture "$INFRA/mailcapture"
		log "mail: starting mailcapture (SMTP $shost:$sport, API http://$bhost:$bport)"
		start_bg mail "$BIN/mailcapture" -smtp "$(bind_host "$shost"):$sport" -http "$(bind_host "$bhost"):$bport"
		wait_ready mail 15 mail_ready "$shost" "$sport" "$box"
	fi
	SMTP_URL="$smtp"
	MAILBOX_URL="$box"
}
mail_ready() { smtp_up "$1" "$2" && mailbox_up "$3"; }

# ---------------------------------------------------------------- commands

KEYS=(NATS_URL DATABASE_URL MONGO_URL REDIS_URL SMTP_URL MAILBOX_URL)

cmd_up() {
	local started=$SECONDS key
	mkdir -p "$STATE" "$RUN" "$LOGS"
	ensure_nats
	ensure_postgres # before mongo: FerretDB stores its data in Postgres
	ensure_redis
	ensure_mongo
	ensure_mail
	local NATS_USER="" NATS_PASSWORD="" NATS_AUTH_DIR=""
	nats_credentials

	# Write-then-rename so a concurrent reader never sees half a file (it may hold a password).
	(umask 077 && : >"$ENV_FILE.tmp")
	for key in "${KEYS[@]}" NATS_USER NATS_PASSWORD NATS_AUTH_DIR; do
		[[ -n "${!key}" ]] || continue
		printf '%s=%s\n' "$key" "${!key}" >>"$ENV_FILE.tmp"
	done
	mv -f "$ENV_FILE.tmp" "$ENV_FILE"
	cat "$ENV_FILE" >&3
	log "ready in $((SECONDS - started))s; env written to ${ENV_FILE#"$REPO_ROOT"/}"
}

# stop_managed NAME...: TERM all of them at once (several take a second or
# two to shut down gracefully, so doing it in sequence adds up), then KILL
# whatever is still running after 10 s.
stop_managed() {
	local name pid i alive
	local -a pids=()
	for name in "$@"; do
		if pid="$(managed_pid "$name")"; then
			log "stopping $name (pid $pid)"
			kill -TERM "$pid" 2>/dev/null || true
			pids+=("$pid")
		fi
		rm -f "$RUN/$name.pid"
	done
	for ((i = 0; i < 50; i++)); do
		alive=()
		for pid in "${pids[@]}"; do
			kill -0 "$pid" 2>/dev/null && alive+=("$pid")
		done
		((${#alive[@]})) || return 0
		sleep 0.2
	done
	log "pids ${alive[*]} did not stop within 10s; sending KILL"
	kill -KILL "${alive[@]}" 2>/dev/null || true
}

cmd_down() {
	local ver cluster
	stop_managed mail ferretdb redis nats
	# After FerretDB is gone, since it keeps its data in this cluster.
	if postgres_managed; then
		read -r ver cluster <"$RUN/postgres.cluster"
		log "stopping postgres cluster $ver/$cluster"
		as_root pg_ctlcluster "$ver" "$cluster" stop >&2 || log "pg_ctlcluster stop failed; stop it by hand"
		rm -f "$RUN/postgres.cluster"
	fi
	# Some URLs may now point at nothing; `up` writes a fresh file.
	rm -f "$ENV_FILE"
	log "down (services not started by dev-infra were left alone)"
}

cmd_env() {
	[[ -f "$ENV_FILE" ]] || die "no $ENV_FILE yet; run: infra/dev-infra.sh up"
	cat "$ENV_FILE" >&3
}

cmd_status() {
	local key url line state
	if [[ -f "$ENV_FILE" ]]; then
		# Only our own KEY=value lines; never source the file.
		while IFS='=' read -r key url; do
			if [[ " ${KEYS[*]} " == *" $key "* ]]; then printf -v "$key" '%s' "$url"; fi
		done <"$ENV_FILE"
	else
		log "no $ENV_FILE (run up); checking the default addresses"
	fi
	local nats="${NATS_URL:-$DEFAULT_NATS_URL}" pg="${DATABASE_URL:-$DEFAULT_DATABASE_URL}"
	local mongo="${MONGO_URL:-$DEFAULT_MONGO_URL}" redis="${REDIS_URL:-$DEFAULT_REDIS_URL}"
	local smtp="${SMTP_URL:-$DEFAULT_SMTP_URL}" box="${MAILBOX_URL:-$DEFAULT_MAILBOX_URL}"

	report() { # NAME URL STATE WHO
		[[ "$3" == up ]] || set -- "$1" "$2" "$3" "-"
		printf '%-9s %-9s %-55s %s\n' "$1" "$3" "$2" "$4" >&3
	}
	updown() { if "$@"; then echo up; else echo DOWN; fi; }

	line="$(nats_info "$(url_host "$nats")" "$(url_port "$nats" 4222)")"
	if nats_usable "$line"; then state=up; elif [[ -n "$line" ]]; then state=unusable; else state=DOWN; fi
	report nats "$nats" "$state" "$(origin_of nats), nats-server $(nats_version_of "$line")"
	[[ "$state" != unusable ]] || log "nats at $nats is nats-server $(nats_version_of "$line"); we need >= 2.10 with JetStream"
	report postgres "$pg" "$(updown pg_up "$pg")" "$(postgres_origin)"
	report redis "$redis" "$(updown redis_up "$redis")" "$(origin_of redis)"
	report mongo "$mongo" "$(updown mongo_up "$(url_host "$mongo")" "$(url_port "$mongo" 27017)")" "$(origin_of ferretdb)"
	report smtp "$smtp" "$(updown smtp_up "$(url_host "$smtp")" "$(url_port "$smtp" 25)")" "$(origin_of mail)"
	report mailbox "$box" "$(updown mailbox_up "$box")" "$(origin_of mail)"
}

usage() {
	sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

main() {
	# Keep the real stdout on fd 3 for KEY=value output and send everything
	# else (including chatter of apt/go/psql) to stderr.
	exec 3>&1 1>&2
	local cmd="${1:-}"
	case "$cmd" in
	up | down)
		mkdir -p "$STATE"
		# Serialise concurrent up/down (e.g. two test runs) so a service is
		# never started twice.
		if command -v flock >/dev/null; then
			exec 9>"$STATE/lock"
			flock -w 600 9 || die "another dev-infra.sh $cmd is still running"
		fi
		"cmd_$cmd"
		;;
	env) cmd_env ;;
	status) cmd_status ;;
	*) usage ;;
	esac
}

main "$@"
