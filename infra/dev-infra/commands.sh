# dev-infra/commands.sh - up, down, env and status over the components (nats.sh, postgres.sh,
# redis.sh, mongo.sh, mail.sh). Sourced by infra/dev-infra.sh, which then calls main.
# shellcheck shell=bash

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

# Reads the settled URLs (else the defaults) and asks each component what answers there.
cmd_status() {
	local key url
	if [[ -f "$ENV_FILE" ]]; then
		# Only our own KEY=value lines; never source the file.
		while IFS='=' read -r key url; do
			if [[ " ${KEYS[*]} " == *" $key "* ]]; then printf -v "$key" '%s' "$url"; fi
		done <"$ENV_FILE"
	else
		log "no $ENV_FILE (run up); checking the default addresses"
	fi
	status_nats
	status_postgres
	status_redis
	status_mongo
	status_mail
}
# For the components' status_* functions.
report() { # NAME URL STATE WHO
	[[ "$3" == up ]] || set -- "$1" "$2" "$3" "-"
	printf '%-9s %-9s %-55s %s\n' "$1" "$3" "$2" "$4" >&3
}
updown() { if "$@"; then echo up; else echo DOWN; fi; }

usage() {
	sed -n '2,18p' "$INFRA/dev-infra.sh" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

main() {
	# Keep the real stdout on fd 3 for KEY=value output and send everything
	# else (including chatter of apt/go/psql) to stderr.
	exec 3>&1 1>&2
	local cmd="${1:-}"
	case "$cmd" in
	up | down | cluster | cluster-down)
		mkdir -p "$STATE"
		# Serialise concurrent up/down (e.g. two test runs) so a service is
		# never started twice.
		if command -v flock >/dev/null; then
			exec 9>"$STATE/lock"
			flock -w 600 9 || die "another dev-infra.sh $cmd is still running"
		fi
		"cmd_${cmd//-/_}"
		;;
	env) cmd_env ;;
	status) cmd_status ;;
	*) usage ;;
	esac
}
