#!/usr/bin/env bash
# `npm run bench [-- N [--parallel P] [--out FILE] [--checkpoints both|written|skipped]]`: the benchmark of
# scripts/bench.ts (one zone and N record sets beside the engine's floor; not part of the suite's assertions).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent build
exec npx ts-node --transpile-only scripts/bench.ts "$@"
