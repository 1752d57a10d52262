#!/usr/bin/env bash
# The test command (`npm test` runs it through scripts/with-tools.sh, which sets up Node, the
# npm packages and the Pulumi engine). Any failing step fails the whole run.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== build (tsc) and link the package for the example programs"
npm run --silent build

echo "== format (prettier; npm run format fixes), lint (eslint, type-aware) and type-check tests and examples"
npx prettier --check . >/dev/null || { npx prettier --list-different . >&2; echo "these files are not formatted: run npm run format" >&2; exit 1; }
npx eslint .
npx tsc -p tests/tsconfig.json

echo "== unit and emulator tests"
# ky is ESM-only; jest loads it from CommonJS tests only with VM modules enabled.
NODE_OPTIONS=--experimental-vm-modules npx jest --selectProjects unit emulator

echo "== PostgreSQL for the team-backend test (installed when missing; each run starts its own)"
bash scripts/postgres.sh ensure >/dev/null

echo "== end-to-end tests with the real Pulumi engine"
# Two files at a time: each has its own emulator, backends and stack names, and most of a file's
# time is the engine and ts-node waiting on each other, so a second one uses the idle core.
NODE_OPTIONS=--experimental-vm-modules npx jest --selectProjects e2e --maxWorkers=2

echo "== the web console in headless Chromium (Debian's chromium; scripts/setup.sh installs it)"
NODE_OPTIONS=--experimental-vm-modules npx jest --selectProjects browser

echo "== the benchmark, every scenario at a tiny N: that it runs (its numbers mean nothing at this size)"
bench_out="$(mktemp -d)"
npx ts-node --transpile-only scripts/bench/main.ts 5 --out "$bench_out/default.json"
npx ts-node --transpile-only scripts/bench/main.ts 3 --scenario latency --latency 50 --propagation 300 --out "$bench_out/latency.json"
npx ts-node --transpile-only scripts/bench/main.ts 3 --scenario scale --out "$bench_out/scale.json"
npx ts-node --transpile-only scripts/bench/main.ts 20 --scenario console --out "$bench_out/console.json"
