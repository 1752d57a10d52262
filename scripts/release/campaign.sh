#!/usr/bin/env bash
# The whole release, for the campaign run (too heavy for npm test: five Node.js runtimes of about
# 120 MB each, compressed one by one): builds every platform's archive and every package into a
# temporary folder (or OUT), verifies it (npm run release:verify) and prints each file's size.
#   npm run release:campaign [-- OUT]
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-}"
if [ -z "$out" ]; then
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi
started=$SECONDS
npx ts-node --transpile-only scripts/release/main.ts --out "$out"
npx ts-node --transpile-only scripts/release/verify.ts "$out"
echo "release:campaign: built and verified in $((SECONDS - started)) s"
