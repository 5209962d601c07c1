# dev-infra/postgres.sh - PostgreSQL: an answering server is used as-is, else Debian's cluster on
# that port (installed with apt when missing) with trust auth for loopback. Creates the databases
# `console` and `ferretdb`. Sourced by infra/dev-infra.sh.
# shellcheck shell=bash

# Explicit user "postgres": with trust auth it works whatever the OS user is.
DEFAULT_DATABASE_URL=postgres://postgres@127.0.0.1:5432/console

pg_up() {
	if command -v pg_isready >/dev/null; then
		pg_isready -q -t 2 -d "$1" >/dev/null 2>&1
	else
		tcp_open "$(url_host "$1")" "$(url_port "$1" 5432)"
	fi
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


status_postgres() {
	local pg="${DATABASE_URL:-$DEFAULT_DATABASE_URL}"
	report postgres "$pg" "$(updown pg_up "$pg")" "$(postgres_origin)"
}
