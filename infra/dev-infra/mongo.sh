# dev-infra/mongo.sh - the MongoDB-compatible server: an answering one is used as-is, else
# FerretDB (infra/ferretdb, built here) over the Postgres database `ferretdb`. Sourced by
# infra/dev-infra.sh.
# shellcheck shell=bash disable=SC2016

DEFAULT_MONGO_URL=mongodb://127.0.0.1:27017/console
SERVICE_BINARY[ferretdb]=ferretdb

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


status_mongo() {
	local mongo="${MONGO_URL:-$DEFAULT_MONGO_URL}"
	report mongo "$mongo" "$(updown mongo_up "$(url_host "$mongo")" "$(url_port "$mongo" 27017)")" "$(origin_of ferretdb)"
}
