#!/usr/bin/env bash
# `npm run test:campaign`: the long campaigns that `npm test` runs only at a small size (through
# scripts/with-tools.sh, as npm test). Each is a real check that fails the command:
#   - the campaign jest project (tests/campaign/): the kill campaigns (10 kills of `up` and 5 of an
#     update or a destroy, with checkpoints written and skipped, on 300 record sets; 10 kills of a
#     plugin stack), the long run under 5-second tokens at 300 record sets, svc-import adopting an
#     account with a zone of 300 record sets, the release's SDK packages installed as users
#     install them, and the last release's fixtures rebuilt from its commit, byte for byte;
#   - every step of the engine conformance runs (`npm test` takes the first step of each target:
#     tests/support/conformance.ts), SVC_CONFORMANCE=all over the e2e files that run one;
#   - the release of every platform, built and verified (`npm run release:campaign`);
#   - the soak at full size (`npm run soak -- 500`): about 550 resources created, changed and
#     destroyed, each in one run, under injected faults;
#   - the benchmark at N = 500, default, latency and scale scenarios, alone on the machine
#     (tests/campaign/bench.campaign.test.ts), its tables and JSON kept in build/campaign/.
# It takes about 75 minutes alone on two cores. The times of each step print at the end.
# `npm run test:campaign -- --from STEP` starts at a later step (after a fix to the step that
# failed, without running the hour before it again): kills, conformance, release, soak or bench.
set -euo pipefail
cd "$(dirname "$0")/.."

STEPS=(kills conformance release soak bench)
from="${STEPS[0]}"
if [[ "${1:-}" == "--from" ]]; then
  from="${2:-}"
  if [[ " ${STEPS[*]} " != *" $from "* ]]; then
    echo "campaign: --from takes one of: ${STEPS[*]} (got '${from}')" >&2
    exit 2
  fi
elif [[ $# -gt 0 ]]; then
  echo "campaign: usage: npm run test:campaign [-- --from STEP]; STEP is one of: ${STEPS[*]}" >&2
  exit 2
fi
# runs NAME: whether the step NAME is at or after --from.
runs() {
  local name
  for name in "${STEPS[@]}"; do
    [[ "$name" == "$from" ]] && return 0
    [[ "$name" == "$1" ]] && return 1
  done
  return 1
}

# shellcheck source=scripts/timed-steps.sh
source scripts/timed-steps.sh "campaign-"

echo "== build"
step "build" npm run --silent build

workers="$(node -p 'require("node:os").availableParallelism()')"
export NODE_OPTIONS=--experimental-vm-modules
# Every jest run with `--ci`: a snapshot the repository does not hold fails instead of being written.

if runs kills; then
  echo "== the kill campaigns, the long token run and the release's SDK packages (jest's campaign project)"
  step "campaign tests (jest, $workers workers)" npx jest --ci --selectProjects campaign --testPathIgnorePatterns bench.campaign --maxWorkers="$workers"
fi

if runs conformance; then
  echo "== every step of the engine conformance runs"
  mapfile -t conformance < <(grep -l "runConformance(" tests/e2e/*.e2e.test.ts)
  step "conformance, every step (jest, $workers workers)" env SVC_CONFORMANCE=all npx jest --ci --selectProjects e2e --maxWorkers="$workers" -- "${conformance[@]}"
fi

if runs release; then
  echo "== the release of every platform, built and verified"
  step "release, five platforms" bash scripts/release/campaign.sh
fi

if runs soak; then
  echo "== the soak at full size: 500 record sets and every other kind, under faults"
  step "soak 500" npx ts-node --transpile-only scripts/soak.ts 500
fi

if runs bench; then
  echo "== the benchmark at N = 500: default, latency and scale scenarios, alone"
  step "bench 500 (jest, one worker)" npx jest --ci --selectProjects campaign --runInBand -- tests/campaign/bench.campaign.test.ts
fi
