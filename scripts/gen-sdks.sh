#!/usr/bin/env bash
# `npm run gen-sdks [-- OUT]`: the Python, Go and .NET SDKs of the provider plugin, generated from
# its package schema (plugin/schema.json) by the tools scripts/setup.sh builds (svc-codegen,
# svc-codegen-dotnet), into OUT (default sdks/, which is committed). The TypeScript SDK is the
# package's own dynamic SDK (sdk/), not generated here. tests/e2e/sdks.e2e.test.ts generates them
# again into a temporary folder and compares, and compiles what a compiler here can compile.
# SVC_SDK_SCHEMA names another schema (the release's, with its download URL: scripts/release).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:-sdks}")"
schema="$(realpath "${SVC_SDK_SCHEMA:-plugin/schema.json}")"
for tool in svc-codegen svc-codegen-dotnet go; do
  command -v "$tool" >/dev/null || { echo "gen-sdks: $tool is not on PATH: run it through npm run gen-sdks (scripts/setup.sh builds it)" >&2; exit 1; }
done
mkdir -p "$out"
svc-codegen -schema "$schema" -lang go -out "$out/go"
svc-codegen -schema "$schema" -lang python -out "$out/python"
svc-codegen-dotnet -schema "$schema" -out "$out/dotnet"
# The Go SDK is a module of its own (the schema's import path: its folder in the repository), on
# the Go SDK of the engine's release.
version="$(node -p "require('./package-lock.json').packages['node_modules/@pulumi/pulumi'].version")"
module="$(node -p "require(process.argv[1]).language.go.importBasePath" "$schema")"
printf 'module %s\n\ngo 1.25.11\n\nrequire github.com/pulumi/pulumi/sdk/v3 v%s\n' "$module" "$version" >"$out/go/svc/go.mod"
cp scripts/language-host/go.sum "$out/go/svc/go.sum"
(cd "$out/go/svc" && go mod tidy >/dev/null 2>&1) || { echo "gen-sdks: go mod tidy failed in $out/go/svc" >&2; exit 1; }
npx ts-node --transpile-only scripts/generator/sdkReadmes.ts "$out"
echo "gen-sdks: wrote the Go, Python and .NET SDKs into $out" >&2
