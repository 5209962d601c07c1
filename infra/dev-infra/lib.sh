# dev-infra/lib.sh - shared helpers of infra/dev-infra.sh: logging, URL parsing, the plain TCP
# probe, root/apt and Go. Sourced by the entry script, never run on its own.
# shellcheck shell=bash disable=SC2016

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
# All probes (here and in each component) are bounded by `timeout` so a black-holed host cannot stall `up`,
# and use bash's /dev/tcp so they need no client tools.

tcp_open() {
	timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null
}

# ---------------------------------------------------------------- tooling

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

find_go() {
	if [[ -z "${GO:-}" ]]; then
		GO="$(command -v go || true)"
		[[ -n "$GO" ]] || { [[ -x /usr/local/go/bin/go ]] && GO=/usr/local/go/bin/go; }
		[[ -n "$GO" ]] || die "Go (1.22+) is needed to build $1; install it from https://go.dev/dl/ or use infra/compose.yaml"
	fi
}
