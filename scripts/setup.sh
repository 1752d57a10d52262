#!/usr/bin/env bash
# scripts/setup.sh: the one script that owns this project's toolchain (Node.js, npm packages,
# and the Pulumi engine), on machines that reach the npm registry and the Go module proxy but
# not Pulumi's release downloads.
#
#   source scripts/setup.sh              set everything up, export the environment into this shell
#   bash scripts/setup.sh --print-env    set everything up, print `export ...` lines on stdout
#   bash scripts/setup.sh                set everything up only
#   bash scripts/with-tools.sh CMD...    set up, then run CMD with the environment
#
# What it does, each step skipped when already done (a second run takes seconds):
#   1. Node.js >= 22: if `node` on PATH is older, installs the `node` npm package (major 24)
#      into $SVC_TOOLS_DIR/node-24 and puts it first on PATH.
#   2. `npm ci` in the repo when node_modules is missing or older than package-lock.json.
#   3. The Pulumi engine of the version package-lock.json locks for @pulumi/pulumi: a `pulumi`
#      on PATH of exactly that version with a `pulumi-language-nodejs` beside it is used as is;
#      otherwise $SVC_TOOLS_DIR/pulumi-v<VERSION>/ gets the CLI built from Go modules, this
#      project's own language host built from scripts/language-host, and the dynamic-provider
#      plugin script copied from node_modules/@pulumi/pulumi.
#   4. The provider plugin's other languages (scripts/setup-languages.sh): the YAML, Go, Python and
#      Java language hosts beside the engine, the SDK generators, a Python virtual environment
#      with Pulumi's Python SDK and sdks/python (SVC_PYTHON_VENV), and the Java SDK (sdks/java)
#      installed into Maven's repository; each made once, and again when its sources change.
#   5. The headless browser of the console's browser tests: Debian's `chromium` package,
#      installed with apt-get when no /usr/bin/chromium is found (scripts/chromium.sh; as root).
#   6. Exports PATH (tools first), PULUMI_SKIP_UPDATE_CHECK,
#      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION and SVC_PYTHON_VENV. It does not choose a
#      backend, PULUMI_HOME or a passphrase: callers do.
#
# SVC_TOOLS_DIR (default ~/.cache/pulumi-svc) holds the cached tools, outside the repo.
# Progress goes to stderr. Any failure stops with a message saying why, and a non-zero status.

# This file is meant to be sourced as well as run, so it must not change the caller's shell
# options (no `set -e` here); every step checks its own errors and the whole thing returns or
# exits non-zero on the first failure. Helpers are prefixed _svc_ and removed at the end.

_svc_say() { printf 'setup: %s\n' "$*" >&2; }
_svc_fail() { printf 'setup: ERROR: %s\n' "$*" >&2; return 1; }

# The binaries must be built with these flags: CGO off and osusergo for a static binary, and the
# version stamp, without which `pulumi version` prints nothing and the Automation API cannot
# parse it.
_svc_go_build() { # _svc_go_build VERSION OUTPUT PACKAGE [EXTRA_LDFLAGS]
  CGO_ENABLED=0 go build -buildvcs=false -trimpath -tags osusergo,grpcnotrace \
    -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$1 ${4:-}" \
    -o "$2" "$3"
}

# Fingerprint of a Go module's sources (go.mod, go.sum and every .go file below it, in a stable
# order), stored beside what is built from it, so that an edit to scripts/language-host is
# rebuilt (about 20 s) instead of silently ignored.
_svc_host_src_hash() {
  (cd "$1" && find . \( -name '*.go' -o -name go.mod -o -name go.sum \) -type f -print0 | LC_ALL=C sort -z | xargs -0 cat | sha256sum | cut -d' ' -f1)
}

_svc_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# Puts DIR first on PATH, once.
_svc_path_prepend() {
  local p=":$PATH:"
  p="${p//:$1:/:}"
  p="${p#:}"
  PATH="$1:${p%:}"
}

_svc_setup_node() {
  local tools="$1" major
  major="$(_svc_node_major)"
  if [ "$major" -ge 22 ]; then
    return 0
  fi
  local dir="$tools/node-24"
  if [ -x "$dir/node_modules/.bin/node" ] \
    && [ "$("$dir/node_modules/.bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = 24 ]; then
    _svc_path_prepend "$dir/node_modules/.bin"
    return 0
  fi
  command -v npm >/dev/null 2>&1 || _svc_fail "node on PATH is too old (major $major, need >= 22) and npm is missing, so Node 24 cannot be installed" || return 1
  _svc_say "node on PATH is too old (major $major); installing Node 24 from the npm registry into $dir..."
  mkdir -p "$dir" || return 1
  # Its own package.json keeps this folder separate from the project's node_modules.
  [ -f "$dir/package.json" ] || printf '{"name":"svc-node-tools","private":true}\n' >"$dir/package.json" || return 1
  (cd "$dir" && npm install --no-audit --no-fund --loglevel=error --save node@24 >&2) \
    || _svc_fail "npm install node@24 failed in $dir" || return 1
  _svc_path_prepend "$dir/node_modules/.bin"
  [ "$(_svc_node_major)" -ge 22 ] || _svc_fail "installed node@24 but $(command -v node) still reports major $(_svc_node_major)" || return 1
}

_svc_setup_npm_deps() {
  local root="$1"
  # npm writes node_modules/.package-lock.json at the end of every install: it dates node_modules.
  if [ -f "$root/node_modules/.package-lock.json" ] && ! [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
    return 0
  fi
  _svc_say "installing the project's npm packages (npm ci)..."
  (cd "$root" && npm ci --no-audit --no-fund --loglevel=error >&2) || _svc_fail "npm ci failed in $root" || return 1
}

# Builds whatever is missing or stale in BIN. Runs in a subshell under a lock, so that two setups
# started at once do not build the same thing twice, and with set -e, so that any failing command
# stops it.
_svc_build_engine() { # _svc_build_engine VERSION BIN ROOT
  (
    set -euo pipefail
    ver="$1" bin="$2" root="$3"
    mkdir -p "$bin"
    exec 9>"$bin/.lock"
    flock 9
    work=""
    trap 'rm -rf "$work" "$bin"/.*.partial' EXIT

    if ! [ -x "$bin/pulumi" ] || [ "$("$bin/pulumi" version 2>/dev/null)" != "v$ver" ]; then
      command -v go >/dev/null 2>&1 || { echo "setup: ERROR: Go is not installed, and it is needed once to build the Pulumi CLI v$ver (install Go 1.25 or newer, then run this again)" >&2; exit 1; }
      echo "setup: building the Pulumi CLI v$ver from Go modules (first run only, several minutes)..." >&2
      work="$(mktemp -d)"
      cd "$work"
      # pkg/v3's go.mod has replace directives, so `go install pkg@version` refuses it: build
      # it as a dependency of a throwaway module instead (replaces of dependencies are ignored).
      # `go get` lists every one of the ~300 modules it adds: keep that in a log, shown on failure.
      go mod init local/pulumibuild 2>"$work/go.log" \
        && CGO_ENABLED=0 go get -tool "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi@v$ver" 2>>"$work/go.log" \
        && go get "github.com/pulumi/pulumi/pkg/v3@v$ver" "github.com/pulumi/pulumi/sdk/v3@v$ver" 2>>"$work/go.log" \
        || { cat "$work/go.log" >&2; echo "setup: ERROR: could not fetch the Go modules of Pulumi v$ver (is the Go module proxy reachable, and does it serve this version?)" >&2; exit 1; }
      # Build under a temporary name and rename: an interrupted build is never taken as done.
      _svc_go_build "$ver" "$bin/.pulumi.partial" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
      mv -f "$bin/.pulumi.partial" "$bin/pulumi"
      cd "$root"
      [ "$("$bin/pulumi" version)" = "v$ver" ] || { echo "setup: ERROR: built $bin/pulumi but it does not report v$ver" >&2; exit 1; }
    fi

    hostsrc="$root/scripts/language-host"
    hash="$(_svc_host_src_hash "$hostsrc")"
    if ! [ -x "$bin/pulumi-language-nodejs" ] || [ "$(cat "$bin/pulumi-language-nodejs.src-sha256" 2>/dev/null)" != "$hash" ] \
      || [ "$("$bin/pulumi-language-nodejs" -version 2>/dev/null)" != "v$ver" ]; then
      command -v go >/dev/null 2>&1 || { echo "setup: ERROR: Go is not installed, and it is needed to build the Node.js language host (scripts/language-host)" >&2; exit 1; }
      grep -q "github.com/pulumi/pulumi/sdk/v3 v$ver\$" "$hostsrc/go.mod" \
        || echo "setup: WARNING: scripts/language-host/go.mod does not pin github.com/pulumi/pulumi/sdk/v3 v$ver (the locked @pulumi/pulumi)" >&2
      echo "setup: building the Node.js language host from scripts/language-host..." >&2
      (cd "$hostsrc" && _svc_go_build "$ver" "$bin/.pulumi-language-nodejs.partial" ./nodejs)
      mv -f "$bin/.pulumi-language-nodejs.partial" "$bin/pulumi-language-nodejs"
      echo "$hash" >"$bin/pulumi-language-nodejs.src-sha256"
    fi
  ) || _svc_fail "could not build the Pulumi engine into $2 (see the messages above)"
}

# shellcheck source=scripts/setup-languages.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup-languages.sh" || return 1 2>/dev/null || exit 1

_svc_setup_engine() { # sets _svc_bin
  local root="$1" tools="$2" ver onpath
  ver="$(cd "$root" && node -p "require('./package-lock.json').packages['node_modules/@pulumi/pulumi'].version" 2>/dev/null)" \
    && [ -n "$ver" ] && [ "$ver" != undefined ] \
    || _svc_fail "cannot read the locked @pulumi/pulumi version from $root/package-lock.json" || return 1

  # A pulumi of exactly this version with a language host beside it (an official install, or our
  # own tools folder already on PATH) is used as it is.
  if onpath="$(command -v pulumi 2>/dev/null)" && [ -x "$(dirname "$onpath")/pulumi-language-nodejs" ] \
    && [ "$(pulumi version 2>/dev/null)" = "v$ver" ]; then
    _svc_bin="$(dirname "$onpath")"
  else
    _svc_bin="$tools/pulumi-v$ver"
  fi
  if [ "$_svc_bin" = "$tools/pulumi-v$ver" ]; then
    _svc_build_engine "$ver" "$_svc_bin" "$root" || return 1
  fi

  # Dynamic providers run in this plugin, a small script shipped in @pulumi/pulumi; the engine
  # looks for it beside the CLI / on PATH.
  local plugin="$root/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
  [ -f "$plugin" ] || _svc_fail "missing $plugin (is @pulumi/pulumi installed?)" || return 1
  if ! [ -x "$_svc_bin/pulumi-resource-pulumi-nodejs" ] || ! cmp -s "$plugin" "$_svc_bin/pulumi-resource-pulumi-nodejs"; then
    if [ -w "$_svc_bin" ]; then
      cp "$plugin" "$_svc_bin/pulumi-resource-pulumi-nodejs.partial" \
        && chmod +x "$_svc_bin/pulumi-resource-pulumi-nodejs.partial" \
        && mv -f "$_svc_bin/pulumi-resource-pulumi-nodejs.partial" "$_svc_bin/pulumi-resource-pulumi-nodejs" \
        || _svc_fail "could not install pulumi-resource-pulumi-nodejs into $_svc_bin" || return 1
    elif ! command -v pulumi-resource-pulumi-nodejs >/dev/null 2>&1; then
      _svc_fail "no pulumi-resource-pulumi-nodejs on PATH and $_svc_bin is not writable" || return 1
    fi
  fi
}

# Step 5, on its own: a system package, not a cached tool. Only the browser tests need it, and they
# fail (never skip) without it, saying what to install; so a machine where apt-get cannot run gets a
# warning here and the rest of the toolchain (the demo needs no browser).
_svc_setup_browser() {
  local root="$1"
  bash "$root/scripts/chromium.sh" ensure >/dev/null \
    || _svc_say "WARNING: no headless Chromium (see above): the browser tests (tests/browser/) will fail until it is installed"
}

_svc_main() {
  local root tools
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" || return 1
  tools="${SVC_TOOLS_DIR:-$HOME/.cache/pulumi-svc}"
  command -v node >/dev/null 2>&1 || command -v npm >/dev/null 2>&1 || [ -x "$tools/node-24/node_modules/.bin/node" ] \
    || _svc_fail "neither node nor npm is installed: install Node.js (>= 22) or npm first" || return 1

  _svc_setup_node "$tools" || return 1
  _svc_setup_npm_deps "$root" || return 1
  _svc_setup_engine "$root" "$tools" || return 1
  local ver
  ver="$(cd "$root" && node -p "require('./package-lock.json').packages['node_modules/@pulumi/pulumi'].version")" || return 1
  _svc_setup_languages "$root" "$tools" "$_svc_bin" "$ver" || return 1
  _svc_path_prepend "$_svc_bin"
  _svc_setup_browser "$root"

  export PATH
  export PULUMI_SKIP_UPDATE_CHECK=true
  export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
  export SVC_PYTHON_VENV
}

_svc_cleanup() {
  unset -f _svc_say _svc_fail _svc_go_build _svc_host_src_hash _svc_node_major _svc_path_prepend \
    _svc_setup_node _svc_setup_npm_deps _svc_build_engine _svc_build_yaml _svc_build_local _svc_setup_engine _svc_setup_browser _svc_main _svc_cleanup \
    _svc_setup_python_runner _svc_setup_python_env _svc_build_java_sdk _svc_host_dir _svc_setup_languages
  unset _SVC_YAML_VERSION
  unset _svc_bin _svc_status
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  # Sourced: export into the caller's shell, and return (never exit) on failure.
  _svc_main
  _svc_status=$?
  [ "$_svc_status" -eq 0 ] || _svc_say "the toolchain is NOT ready"
  eval "_svc_cleanup; return $_svc_status"
fi

# Run as a program.
case "${1:-}" in
  --print-env | "") ;;
  -h | --help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "usage: bash scripts/setup.sh [--print-env]   or   source scripts/setup.sh" >&2; exit 2 ;;
esac
_svc_main || exit 1
if [ "${1:-}" = --print-env ]; then
  for _svc_var in PATH PULUMI_SKIP_UPDATE_CHECK PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION SVC_PYTHON_VENV; do
    printf 'export %s=%q\n' "$_svc_var" "${!_svc_var}"
  done
else
  _svc_say "toolchain ready: $(command -v pulumi) ($(pulumi version)), node $(node --version)"
fi
