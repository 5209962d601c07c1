#!/usr/bin/env bash
# dev-infra.sh - provide the backing services of the staff console on a
# machine without Docker: NATS (JetStream), PostgreSQL, Redis, a
# MongoDB-compatible server (FerretDB) and Mailpit (SMTP sink, web UI and
# HTTP API).
#
#   infra/dev-infra.sh up      reuse what is running, start what is missing,
#                              print KEY=value lines (stdout) + write .dev-infra/env
#   infra/dev-infra.sh down    stop only what this script started
#   infra/dev-infra.sh env     print .dev-infra/env
#   infra/dev-infra.sh status  what is up, and who started it
#   infra/dev-infra.sh cluster       on request: a three-node NATS cluster with JetStream (starts
#                                    the nodes not running), prints NATS_CLUSTER_URL
#   infra/dev-infra.sh cluster-down  stops it and deletes its data
#
# Only the KEY=value lines go to stdout, so `set -a; eval "$(infra/dev-infra.sh up)"`
# and `set -a; . .dev-infra/env` both work; everything else goes to stderr.
# See infra/README.md for the decision rules.

# The entry point only: one file per component under infra/dev-infra/ (nats, postgres, redis,
# mongo, mail), the shared helpers (lib, process) and the commands.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INFRA="$REPO_ROOT/infra"
STATE="$REPO_ROOT/.dev-infra"
BIN="$STATE/bin"
RUN="$STATE/run"
LOGS="$STATE/logs"
ENV_FILE="$STATE/env"

# The project's Node (for Mailpit's web UI build) and Go first on PATH.
# shellcheck source=infra/env.sh
. "$INFRA/env.sh"

for part in lib process nats cluster postgres redis mongo mail commands; do
	# shellcheck source=/dev/null
	. "$INFRA/dev-infra/$part.sh"
done

main "$@"
