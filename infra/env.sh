# Sourced (not run) by every entry script, and by you in a shell: `. infra/env.sh`.
# Puts the project's Node and pnpm (.dev-infra/node/bin, installed by infra/bootstrap.sh) and Go
# first on PATH, so scripts, pnpm, vitest, the build and every service they start run on the
# Node of `.node-version`, not on whatever older Node the machine has.
_console_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case ":$PATH:" in
*":$_console_root/.dev-infra/node/bin:"*) ;;
*) PATH="$_console_root/.dev-infra/node/bin:/usr/local/go/bin:$PATH" ;;
esac
export PATH
unset _console_root
