# dev-infra/redis.sh - Redis: an answering server is used as-is, else a private redis-server
# without persistence (Debian's package, installed with apt when missing). Sourced by
# infra/dev-infra.sh.
# shellcheck shell=bash disable=SC2016

DEFAULT_REDIS_URL=redis://127.0.0.1:6379
SERVICE_BINARY[redis]=redis-server

redis_up() {
	if command -v redis-cli >/dev/null; then
		# -u understands passwords/db numbers in the URL.
		[[ "$(timeout 2 redis-cli -u "$1" ping 2>/dev/null)" == PONG ]]
	else
		timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1" && printf "PING\r\n" >&3 && head -n1 <&3' \
			"$(url_host "$1")" "$(url_port "$1" 6379)" 2>/dev/null | grep -q '^+PONG'
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


status_redis() {
	local redis="${REDIS_URL:-$DEFAULT_REDIS_URL}"
	report redis "$redis" "$(updown redis_up "$redis")" "$(origin_of redis)"
}
