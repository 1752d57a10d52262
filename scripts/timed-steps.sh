# Sourced by scripts/test.sh and scripts/campaign.sh: a run's name for its times, and `step`, which
# times each step. Every step's wall time and exit status go to build/test-phases.tsv, and the times
# (steps, jest projects, each end-to-end file) print when the run ends, failed or not, followed by
# every failed test's name and message (build/test-results.json, which each jest run writes).
# usage: source scripts/timed-steps.sh RUN_PREFIX
SVC_TEST_RUN="${1:-}$(date -u +%Y-%m-%dT%H:%M:%SZ)"
export SVC_TEST_RUN
mkdir -p build
: >build/test-phases.tsv
: >build/engine-ops.tsv
rm -f build/test-results.json
trap 'echo; echo "== times"; node tests/runner/report.js' EXIT

# step NAME COMMAND...: runs the command and records its wall time and exit status.
step() {
  local name="$1" started=$SECONDS status=0
  shift
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$((SECONDS - started))" "$status" >>build/test-phases.tsv
  return "$status"
}
