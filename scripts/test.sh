#!/usr/bin/env bash
# The test command (`npm test` runs it through scripts/with-tools.sh, which sets up Node, the npm
# packages and the Pulumi engine). Any failing step fails the whole run; the times of every step
# and every end-to-end file are printed at the end either way (`npm run test:times` prints them
# again). The benchmark runs at a tiny N as an end-to-end file (tests/e2e/benchSmoke.e2e.test.ts);
# the long campaigns are `npm run test:campaign` (scripts/campaign.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

# One name for this run's times, whichever jest run records them, and `step`.
# shellcheck source=scripts/timed-steps.sh
source scripts/timed-steps.sh ""

echo "== build (tsc) and link the package for the example programs"
step "build" npm run --silent build

echo "== format (prettier; npm run format fixes), lint (eslint, type-aware) and type-check tests and examples"
# Three single-threaded checks side by side, each on its own core while there is one.
formatted() { npx prettier --check . >/dev/null || { npx prettier --list-different . >&2; echo "these files are not formatted: run npm run format" >&2; return 1; }; }
checks() {
  local pids=() status=0
  formatted & pids+=($!)
  npx eslint . & pids+=($!)
  npx tsc -p tests/tsconfig.json & pids+=($!)
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  return "$status"
}
step "format, lint, type-check (prettier, eslint, tsc)" checks

echo "== PostgreSQL for the team-backend test (installed when missing; each run starts its own)"
step "PostgreSQL ready" bash scripts/postgres.sh ensure >/dev/null

echo "== unit, emulator, end-to-end (the real Pulumi engine) and browser tests, longest files first"
# One jest run on every core: the end-to-end files start first (their measured times say they are
# the longest) and the short unit files fill the workers' ends. ky is ESM-only; jest loads it from
# CommonJS tests only with VM modules enabled. `--ci`: a snapshot the repository does not hold fails
# its test instead of being written.
# One worker more than the cores: an end-to-end worker spends part of its time waiting (emulator
# latency, Retry-After, a quota's grant, token lifetimes, npm's registry), and the extra worker
# fills those waits. SVC_TEST_WORKERS overrides.
# Go builds (the generated Go SDK, the Go example's program) named by their module paths rather than
# their folders: Go's build cache then serves a package built in another clone or a temporary folder.
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-trimpath"
workers="${SVC_TEST_WORKERS:-$(node -p 'require("node:os").availableParallelism() + 1')}"
step "tests: unit, emulator, e2e, browser (jest, $workers workers)" \
  env NODE_OPTIONS=--experimental-vm-modules npx jest --ci --selectProjects unit emulator e2e browser --maxWorkers="$workers"
