# dev-infra/process.sh - the processes dev-infra starts itself: pid files checked against the
# command line, detached start, readiness polling, stop, and builds from this repository's Go.
# shellcheck shell=bash

# NAME -> the binary whose command line proves a recorded pid is still ours; each component adds
# its own entry when sourced.
declare -gA SERVICE_BINARY=()

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
service_binary() { printf '%s' "${SERVICE_BINARY[$1]:?unknown service $1}"; }

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

