# dev-infra/cluster.sh - on request only (`infra/dev-infra.sh cluster`, `cluster-down`): a three-node
# NATS cluster with JetStream (streams made with NATS_STREAM_REPLICAS=3 are R3), for the failure
# tests that kill a node. Same users and permissions as the single broker (infra/nats-auth.sh).
# Ports: clients DEV_INFRA_NATS_CLUSTER_PORT (default 4241) + 0..2, routes + 1000, monitoring + 4000.
# Sourced by infra/dev-infra.sh.
# shellcheck shell=bash

CLUSTER_NODES=(1 2 3)
CLUSTER_BASE_PORT="${DEV_INFRA_NATS_CLUSTER_PORT:-4241}"
for n in "${CLUSTER_NODES[@]}"; do SERVICE_BINARY[nats-cluster-$n]=nats-server; done

cluster_port() { printf '%s' $((CLUSTER_BASE_PORT + $1 - 1)); }
cluster_route_port() { printf '%s' $((CLUSTER_BASE_PORT + 1000 + $1 - 1)); }
cluster_monitor_port() { printf '%s' $((CLUSTER_BASE_PORT + 4000 + $1 - 1)); }

# The node's config: the broker's authorization (its own monitoring port), a name, JetStream in its
# own folder, and routes to the other two.
cluster_conf() { # NODE
	local n="$1" dir="$STATE/nats-cluster" routes="" m
	mkdir -p "$dir/node-$n"
	for m in "${CLUSTER_NODES[@]}"; do
		[[ "$m" == "$n" ]] || routes+="\"nats-route://127.0.0.1:$(cluster_route_port "$m")\", "
	done
	sed "s/^http: .*/http: \"127.0.0.1:$(cluster_monitor_port "$n")\"/" \
		"$(bash "$INFRA/nats-auth.sh" "$STATE/nats-auth" "$OWN_NATS_MONITOR_PORT")" >"$dir/node-$n.conf"
	cat >>"$dir/node-$n.conf" <<EOF
server_name: "dev-infra-$n"
jetstream { store_dir: "$dir/node-$n" }
cluster {
  name: "dev-infra-cluster"
  listen: "127.0.0.1:$(cluster_route_port "$n")"
  routes: [ ${routes%, } ]
}
EOF
	printf '%s' "$dir/node-$n.conf"
}

cluster_node_ready() { # NODE: the node serving JetStream, in step with the cluster (meta leader known)
	curl -fs -m 2 "http://127.0.0.1:$(cluster_monitor_port "$1")/healthz" >/dev/null
}

# Starts the nodes that are not running (so after a node was killed, it brings that one back),
# waits for each, and prints NATS_CLUSTER_URL and each node's pid file.
cmd_cluster() {
	local n started=() url=""
	mkdir -p "$STATE" "$RUN" "$LOGS"
	ensure_nats_binary
	for n in "${CLUSTER_NODES[@]}"; do
		if ! managed_pid "nats-cluster-$n" >/dev/null; then
			start_bg "nats-cluster-$n" "$BIN/nats-server" -c "$(cluster_conf "$n")" -a 127.0.0.1 -p "$(cluster_port "$n")"
			started+=("$n")
		fi
		url+="nats://127.0.0.1:$(cluster_port "$n"),"
	done
	for n in "${started[@]}"; do wait_ready "nats-cluster-$n" 60 cluster_node_ready "$n"; done
	log "nats cluster: ${#started[@]} node(s) started; ${url%,}"
	printf 'NATS_CLUSTER_URL=%s\n' "${url%,}" >&3
	for n in "${CLUSTER_NODES[@]}"; do
		printf 'NATS_CLUSTER_PID_%s=%s\n' "$n" "$RUN/nats-cluster-$n.pid" >&3
	done
}

cmd_cluster_down() {
	local n names=()
	for n in "${CLUSTER_NODES[@]}"; do names+=("nats-cluster-$n"); done
	stop_managed "${names[@]}"
	rm -rf "$STATE/nats-cluster"
}
