#!/usr/bin/env bash
# The demo (`npm run demo`): the root Pulumi.yaml program (a zone for a small website) through
# preview, up, a second preview that must show no changes, and destroy, against the embedded
# emulator — or against SVC_EMULATOR_URL when it is set, with the tokens in the environment.
# PULUMI_BACKEND_URL is honoured when set; otherwise state goes to a temporary local backend.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run --silent build

work=$(mktemp -d)
emulator_pid=""
cleanup() {
  [ -n "$emulator_pid" ] && kill "$emulator_pid" 2>/dev/null || true
  rm -f "Pulumi.${stack:-none}.yaml"
  rm -rf "$work"
}
trap cleanup EXIT

if [ -z "${SVC_EMULATOR_URL:-}" ]; then
  export SVC_DNS_TOKEN="${SVC_DNS_TOKEN:-demo-token}"
  node dist/emulator/cli.js --port 0 --tokens "$SVC_DNS_TOKEN" >"$work/emulator.log" 2>&1 &
  emulator_pid=$!
  for _ in $(seq 1 100); do
    [ -s "$work/emulator.log" ] && break
    sleep 0.1
  done
  SVC_EMULATOR_URL=$(head -n 1 "$work/emulator.log")
  case "$SVC_EMULATOR_URL" in http*) ;; *) echo "the emulator did not start: $(cat "$work/emulator.log")" >&2; exit 1 ;; esac
  export SVC_EMULATOR_URL
  echo "Started the emulator at $SVC_EMULATOR_URL"
else
  echo "Using the emulator at $SVC_EMULATOR_URL"
fi

export PULUMI_BACKEND_URL="${PULUMI_BACKEND_URL:-file://$work/state}"
export PULUMI_HOME="${PULUMI_HOME:-$work/home}"
export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE-demo}"
mkdir -p "${PULUMI_BACKEND_URL#file://}" 2>/dev/null || true

stack="demo-$(date +%s)"
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "pulumi stack init $stack (backend $PULUMI_BACKEND_URL)"
pulumi stack init "$stack" --non-interactive
pulumi config set svc:project "${SVC_PROJECT:-demo-project}"
if [ -n "${SVC_DNS_TOKEN:-}" ]; then
  # The token is kept as a secret in the stack configuration; it never reaches the state.
  pulumi config set --secret svc:dnsToken "$SVC_DNS_TOKEN"
fi

step "pulumi preview"
pulumi preview --non-interactive

step "pulumi up"
pulumi up --yes --non-interactive --skip-preview

step "pulumi stack output"
pulumi stack output --json

step "pulumi preview (a second preview must show no changes)"
pulumi preview --non-interactive --expect-no-changes

step "pulumi destroy"
pulumi destroy --yes --non-interactive --skip-preview
pulumi stack rm --yes --non-interactive "$stack" >/dev/null

step "what the emulator holds now"
node -e 'fetch(process.argv[1] + "/_emulator/objects").then((r) => r.json()).then((o) => console.log(JSON.stringify(o)))' "$SVC_EMULATOR_URL"

echo
echo "Demo complete: the zone and its record sets were created, verified unchanged, and destroyed."
