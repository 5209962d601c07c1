# dev-infra/mail.sh - the mail sink: an answering SMTP server plus Mailpit-style API is used
# as-is, else Mailpit itself, built once (web UI included) into .dev-infra/bin. Sourced by
# infra/dev-infra.sh.
# shellcheck shell=bash disable=SC2016

DEFAULT_SMTP_URL=smtp://127.0.0.1:1025
DEFAULT_MAILBOX_URL=http://127.0.0.1:8025
# Pinned: the module proxy serves exact versions of Mailpit only (it refuses @latest).
MAILPIT_VERSION=v1.27.11
MAILPIT_MODULE=github.com/axllent/mailpit
SERVICE_BINARY[mail]=mailpit

smtp_up() {
	timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1" && head -n1 <&3' "$1" "$2" 2>/dev/null | grep -q '^220'
}

# The mailbox counts as up when Mailpit's message list answers JSON.
mailbox_up() {
	if command -v curl >/dev/null; then
		curl -fsS -m 2 "$1/api/v1/messages?limit=1" 2>/dev/null | grep -q '"messages"'
	else
		tcp_open "$(url_host "$1")" "$(url_port "$1" 80)"
	fi
}

# The module carries the web UI's sources and package-lock.json but not the built UI, which
# `go build` embeds: so npm builds it first, in a writable copy of the (read-only) module.
ensure_mailpit_binary() {
	local out="$BIN/mailpit" work="$STATE/build/mailpit" dir
	if [[ -x "$out" ]] && "$out" version --no-release-check 2>/dev/null | grep -q " $MAILPIT_VERSION "; then
		return 0
	fi
	find_go mailpit
	command -v npm >/dev/null || die "npm is needed to build Mailpit's web UI; run infra/bootstrap.sh first"
	log "building Mailpit $MAILPIT_VERSION and its web UI (npm ci + go build; a few minutes, once)"
	dir="$(cd "$STATE" && "$GO" mod download -json "$MAILPIT_MODULE@$MAILPIT_VERSION" |
		sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
	[[ -d "$dir" ]] || die "go mod download $MAILPIT_MODULE@$MAILPIT_VERSION failed; it needs the Go module proxy"
	rm -rf "$work"
	mkdir -p "${work%/*}" "$BIN"
	cp -R "$dir" "$work" && chmod -R u+w "$work"
	(cd "$work" && npm ci --no-audit --no-fund --loglevel=error && npm run package) >&2 ||
		die "building Mailpit's web UI failed (see output above)"
	(cd "$work" && "$GO" build -buildvcs=false -trimpath \
		-ldflags "-s -w -X $MAILPIT_MODULE/config.Version=$MAILPIT_VERSION" -o "$out.tmp" .) ||
		die "go build of Mailpit failed (see output above)"
	mv -f "$out.tmp" "$out"
	rm -rf "$work" # the UI's node_modules are not needed once embedded
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
		ensure_mailpit_binary
		log "mail: starting Mailpit $MAILPIT_VERSION (SMTP $shost:$sport, web UI and API http://$bhost:$bport)"
		# Any or no SMTP credentials, as the compose file's Mailpit; no reverse DNS (none here)
		# and no release check (no internet). Messages live in a temporary database.
		start_bg mail "$BIN/mailpit" --smtp "$(bind_host "$shost"):$sport" --listen "$(bind_host "$bhost"):$bport" \
			--smtp-auth-accept-any --smtp-auth-allow-insecure --smtp-disable-rdns --disable-version-check
		wait_ready mail 15 mail_ready "$shost" "$sport" "$box"
	fi
	SMTP_URL="$smtp"
	MAILBOX_URL="$box"
}
mail_ready() { smtp_up "$1" "$2" && mailbox_up "$3"; }

status_mail() {
	local smtp="${SMTP_URL:-$DEFAULT_SMTP_URL}" box="${MAILBOX_URL:-$DEFAULT_MAILBOX_URL}"
	report smtp "$smtp" "$(updown smtp_up "$(url_host "$smtp")" "$(url_port "$smtp" 25)")" "$(origin_of mail)"
	report mailbox "$box" "$(updown mailbox_up "$box")" "$(origin_of mail)"
}
