#!/usr/bin/env bash
# `npm run soak [-- RECORDS [SEED]]`: the soak benchmark of scripts/soak.ts (not part of the suite).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent build
exec npx ts-node --transpile-only scripts/soak.ts "$@"
