#!/usr/bin/env bash
# scripts/chromium.sh: the headless browser of the console's browser tests (tests/browser/).
# Debian's `chromium` package, installed with apt-get when missing; playwright-core drives it
# (no browser download: these machines reach no browser builds, only Debian's packages).
#
#   bash scripts/chromium.sh ensure      make sure a Chromium binary is installed (apt-get, as root);
#                                        prints its path
#
# CHROMIUM_BIN overrides where the binary is looked for. Any failure exits non-zero, saying why.
set -euo pipefail

say() { printf 'chromium: %s\n' "$*" >&2; }
fail() {
  printf 'chromium: ERROR: %s\n' "$*" >&2
  exit 1
}

find_bin() {
  if [ -n "${CHROMIUM_BIN:-}" ]; then
    [ -x "$CHROMIUM_BIN" ] && echo "$CHROMIUM_BIN"
    return 0
  fi
  local candidate
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -x "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
}

ensure() {
  local bin
  bin="$(find_bin)"
  if [ -z "$bin" ]; then
    [ -z "${CHROMIUM_BIN:-}" ] || fail "CHROMIUM_BIN=$CHROMIUM_BIN is not an executable"
    [ "$(id -u)" = 0 ] || fail "no Chromium found (/usr/bin/chromium) and not root to install it: install Debian's 'chromium' package or set CHROMIUM_BIN"
    command -v apt-get >/dev/null 2>&1 || fail "no Chromium found and no apt-get to install it: install Chromium or set CHROMIUM_BIN"
    say "no Chromium found; installing Debian's chromium package..."
    apt-get update -qq >&2 || fail "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2 \
      || fail "apt-get install chromium failed"
    bin="$(find_bin)"
    [ -n "$bin" ] || fail "installed the chromium package but found no /usr/bin/chromium"
  fi
  echo "$bin"
}

case "${1:-}" in
  ensure) ensure ;;
  *) fail "usage: bash scripts/chromium.sh ensure" ;;
esac
