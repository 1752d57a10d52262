#!/usr/bin/env bash
# scripts/with-tools.sh CMD [ARGS...]: run CMD with the project's toolchain (Node >= 22, npm
# packages, the Pulumi CLI and language host) set up and on PATH, e.g. from npm scripts:
#   "test": "bash scripts/with-tools.sh jest"
# All the work is done by scripts/setup.sh; progress goes to stderr.
if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-tools.sh COMMAND [ARGS...]" >&2
  exit 2
fi
# shellcheck source=scripts/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh" || exit 1
exec "$@"
