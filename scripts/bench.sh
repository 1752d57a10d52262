#!/usr/bin/env bash
# `npm run bench [-- N] [--scenario default|latency|scale|zone|console] [...]`: the benchmark of
# scripts/bench/main.ts (one zone and N record sets beside the engine's floor and, for latency, a
# per-record provider; `zone`: N record sets in one ZoneRecords; not part of the suite's assertions).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent build
exec npx ts-node --transpile-only scripts/bench/main.ts "$@"
