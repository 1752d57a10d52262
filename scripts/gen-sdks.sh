#!/usr/bin/env bash
# `npm run gen-sdks [-- OUT]`: the SDKs of the provider plugin, generated from its package schema
# (plugin/schema.json) into OUT (default sdks/, which is committed):
#   - Go, Python and Node.js by svc-codegen (scripts/codegen), .NET by svc-codegen-dotnet, which
#     scripts/setup.sh builds;
#   - Java by Pulumi's Java language host (`pulumi package gen-sdk --language java`, the host from
#     scripts/language-host-java), with the pom.xml written here (Maven coordinates com.pulumi:svc).
# Node.js is the plugin's typed TypeScript SDK, built into this package as its second entry point,
# `pulumi-svc/plugin` (npm run build:plugin-sdk, with tsconfig.plugin-sdk.json instead of the
# generator's tsconfig.json; its package.json goes beside the built code, which reads the plugin's
# version from it); the package's main SDK is its own dynamic one (sdk/, scripts/generate.ts).
# tests/e2e/sdks.e2e.test.ts generates them again into a temporary folder and compares, and
# compiles what a compiler here can compile.
# SVC_SDK_SCHEMA names another schema (the release's, with its download URL: scripts/release).
set -euo pipefail
cd "$(dirname "$0")/.."

# The Java SDK on Pulumi's Java SDK from Maven Central: 1.20.0, the newest release Central serves at
# or below the generator's (github.com/pulumi/pulumi-java/pkg v1.22.0, see scripts/language-host-java);
# examples/plugin-java names the same. Plugins are pinned so that a build is the same everywhere,
# and offline once Maven's repository holds them.
java_pom() { # java_pom VERSION
  cat <<POM
<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by scripts/gen-sdks.sh; the sources beside it by Pulumi's Java generator. -->
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.pulumi</groupId>
  <artifactId>svc</artifactId>
  <version>$1</version>
  <name>pulumi-svc</name>
  <description>The resources and functions of pulumi-svc for Java programs, generated from the provider plugin's schema.</description>
  <licenses>
    <license><name>Apache-2.0</name></license>
  </licenses>
  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>11</maven.compiler.release>
  </properties>
  <dependencies>
    <dependency>
      <groupId>com.pulumi</groupId>
      <artifactId>pulumi</artifactId>
      <version>1.20.0</version>
    </dependency>
    <!-- What the generated code uses directly, as Pulumi's generated Gradle builds name it. -->
    <dependency>
      <groupId>com.google.code.findbugs</groupId>
      <artifactId>jsr305</artifactId>
      <version>3.0.2</version>
    </dependency>
    <dependency>
      <groupId>com.google.code.gson</groupId>
      <artifactId>gson</artifactId>
      <version>2.10</version>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.5.2</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-jar-plugin</artifactId><version>3.4.2</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-install-plugin</artifactId><version>3.1.2</version></plugin>
    </plugins>
  </build>
</project>
POM
}
out="$(realpath -m "${1:-sdks}")"
schema="$(realpath "${SVC_SDK_SCHEMA:-plugin/schema.json}")"
for tool in svc-codegen svc-codegen-dotnet go pulumi pulumi-language-java; do
  command -v "$tool" >/dev/null || { echo "gen-sdks: $tool is not on PATH: run it through npm run gen-sdks (scripts/setup.sh builds it)" >&2; exit 1; }
done
mkdir -p "$out"
svc-codegen -schema "$schema" -lang go -out "$out/go"
svc-codegen -schema "$schema" -lang python -out "$out/python"
svc-codegen -schema "$schema" -lang nodejs -out "$out/nodejs"
rm "$out/nodejs/tsconfig.json"
svc-codegen-dotnet -schema "$schema" -out "$out/dotnet"
# The Go SDK is a module of its own (the schema's import path: its folder in the repository), on
# the Go SDK of the engine's release.
version="$(node -p "require('./package-lock.json').packages['node_modules/@pulumi/pulumi'].version")"
module="$(node -p "require(process.argv[1]).language.go.importBasePath" "$schema")"
printf 'module %s\n\ngo 1.25.11\n\nrequire github.com/pulumi/pulumi/sdk/v3 v%s\n' "$module" "$version" >"$out/go/svc/go.mod"
cp scripts/language-host/go.sum "$out/go/svc/go.sum"
(cd "$out/go/svc" && go mod tidy >/dev/null 2>&1) || { echo "gen-sdks: go mod tidy failed in $out/go/svc" >&2; exit 1; }
# Java: gen-sdk writes <folder>/java. It needs no stack, backend or login: a home of its own keeps it from the user's.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
PULUMI_HOME="$work/home" pulumi package gen-sdk "$schema" --language java --out "$work/sdk" >"$work/log" 2>&1 \
  || { cat "$work/log" >&2; echo "gen-sdks: pulumi package gen-sdk --language java failed" >&2; exit 1; }
rm -rf "$out/java"
mv "$work/sdk/java" "$out/java"
java_pom "$(node -p "require('./package.json').version")" >"$out/java/pom.xml"
npx ts-node --transpile-only scripts/generator/sdkReadmes.ts "$out"
echo "gen-sdks: wrote the Go, Python, Node.js, .NET and Java SDKs into $out" >&2
