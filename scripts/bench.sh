#!/usr/bin/env bash
# A benchmark, not a test: `npm run bench [-- COUNT]` runs examples/dns-many-records (one zone and
# COUNT record sets, default 50) against a fresh emulator and prints, for each engine operation,
# its wall time and the API requests it made (from the emulator's counters), and the size of the
# serialized provider stored per resource.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-50}"
npm run --silent build

work=$(mktemp -d)
emulator_pid=""
cleanup() {
  [ -n "$emulator_pid" ] && kill "$emulator_pid" 2>/dev/null || true
  rm -f examples/dns-many-records/Pulumi.bench.yaml
  rm -rf "$work"
}
trap cleanup EXIT

node dist/emulator/cli.js --port 0 >"$work/emulator.log" 2>&1 &
emulator_pid=$!
for _ in $(seq 1 100); do [ -s "$work/emulator.log" ] && break; sleep 0.1; done
url=$(head -n 1 "$work/emulator.log")
export SVC_EMULATOR_URL="$url" SVC_DNS_TOKEN=bench SVC_PROJECT=bench PULUMI_NODEJS_TRANSPILE_ONLY=true
export PULUMI_BACKEND_URL="file://$work/state" PULUMI_HOME="$work/home" PULUMI_CONFIG_PASSPHRASE=bench
mkdir -p "$work/state"

total() { node -e 'fetch(process.argv[1] + "/_emulator/stats").then((r) => r.json()).then((s) => console.log(s.total))' "$url"; }

cd examples/dns-many-records
pulumi stack init bench --non-interactive >/dev/null
pulumi config set count "$count"

printf '%-34s %9s %13s %16s\n' "operation ($count record sets)" "seconds" "API requests" "per resource"
run() {
  local label="$1"; shift
  local before after start end
  before=$(total); start=$(date +%s.%N)
  pulumi "$@" --non-interactive >"$work/out.log" 2>&1 || { cat "$work/out.log"; exit 1; }
  end=$(date +%s.%N); after=$(total)
  awk -v l="$label" -v s="$start" -v e="$end" -v n=$((after - before)) -v r=$((count + 1)) \
    'BEGIN { printf "%-34s %9.1f %13d %16.2f\n", l, e - s, n, n / r }'
}
run "preview (create)" preview
run "up (create)" up --yes --skip-preview
run "preview (no changes)" preview --expect-no-changes
run "refresh (no changes)" refresh --yes --skip-preview
run "destroy" destroy --yes --skip-preview

pulumi up --yes --skip-preview >/dev/null 2>&1
size=$(pulumi stack export | node -e '
  let text = ""; process.stdin.on("data", (c) => (text += c)).on("end", () => {
    const sizes = JSON.parse(text).deployment.resources.filter((r) => r.inputs && r.inputs.__provider).map((r) => r.inputs.__provider.length);
    console.log(Math.max(...sizes));
  });')
echo "serialized provider per resource: $size bytes"
pulumi destroy --yes --skip-preview >/dev/null 2>&1
pulumi stack rm --yes bench >/dev/null 2>&1
