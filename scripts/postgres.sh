#!/usr/bin/env bash
# scripts/postgres.sh: a throwaway PostgreSQL server for the team-backend tests (Pulumi's
# self-managed `postgres://` backend). Nothing here touches a server the machine already runs.
#
#   bash scripts/postgres.sh ensure      make sure the server binaries are installed: Debian's
#                                        `postgresql` package when none is found (apt-get, as root);
#                                        prints the folder of initdb/pg_ctl
#   bash scripts/postgres.sh start DIR   a new cluster in DIR (a fresh temporary folder), on a free
#                                        loopback port; prints its postgres:// URL
#   bash scripts/postgres.sh stop DIR    stops the cluster in DIR (no error when none runs)
#
# PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user (which the
# Debian package creates) or, failing that, to a system user `svc-postgres` made for it.
# POSTGRES_BIN overrides where the binaries are looked for. Any failure exits non-zero, saying why.
set -euo pipefail

say() { printf 'postgres: %s\n' "$*" >&2; }
fail() {
  printf 'postgres: ERROR: %s\n' "$*" >&2
  exit 1
}

# The newest installed server's bin folder: POSTGRES_BIN, Debian's layout, then PATH.
find_bin() {
  if [ -n "${POSTGRES_BIN:-}" ]; then
    [ -x "$POSTGRES_BIN/initdb" ] && [ -x "$POSTGRES_BIN/pg_ctl" ] && echo "$POSTGRES_BIN"
    return 0
  fi
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
  fi
}

ensure() {
  local bin
  bin="$(find_bin)"
  if [ -z "$bin" ]; then
    [ -z "${POSTGRES_BIN:-}" ] || fail "POSTGRES_BIN=$POSTGRES_BIN has no initdb and pg_ctl"
    [ "$(id -u)" = 0 ] || fail "no PostgreSQL server found (initdb, pg_ctl) and not root to install it: install Debian's 'postgresql' package or set POSTGRES_BIN"
    command -v apt-get >/dev/null 2>&1 || fail "no PostgreSQL server found and no apt-get to install it: install a PostgreSQL server or set POSTGRES_BIN"
    say "no PostgreSQL server found; installing Debian's postgresql package..."
    apt-get update -qq >&2 || fail "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >&2 \
      || fail "apt-get install postgresql failed"
    bin="$(find_bin)"
    [ -n "$bin" ] || fail "installed the postgresql package but found no initdb/pg_ctl under /usr/lib/postgresql/*/bin"
  fi
  echo "$bin"
}

# Who owns the cluster: the invoking user, or an unprivileged one when that is root.
cluster_user() {
  if [ "$(id -u)" != 0 ]; then
    id -un
  elif id postgres >/dev/null 2>&1; then
    echo postgres
  else
    id svc-postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin svc-postgres \
      || fail "cannot create the system user svc-postgres to run PostgreSQL (it refuses to run as root)"
    echo svc-postgres
  fi
}

as_owner() { # as_owner USER CMD...
  local user="$1"
  shift
  if [ "$(id -un)" = "$user" ]; then "$@"; else runuser -u "$user" -- "$@"; fi
}

free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

start() {
  local dir="$1" bin user port
  [ -d "$dir" ] || fail "start needs an existing folder, got '$dir'"
  bin="$(ensure)"
  user="$(cluster_user)"
  port="$(free_port)"
  chown "$user" "$dir" 2>/dev/null || true
  as_owner "$user" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
    || fail "initdb failed (see $dir/initdb.log): $(tail -3 "$dir/initdb.log")"
  # Loopback only, the socket in DIR, and no fsync: a test server whose data is thrown away.
  as_owner "$user" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100" start >/dev/null \
    || fail "the server did not start (see $dir/server.log): $(tail -3 "$dir/server.log")"
  echo "$port" >"$dir/port"
  echo "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
}

stop() {
  local dir="$1" bin user
  [ -f "$dir/data/postmaster.pid" ] || return 0
  bin="$(find_bin)"
  user="$(stat -c %U "$dir/data")"
  as_owner "$user" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || fail "pg_ctl stop failed for $dir"
}

case "${1:-}" in
  ensure) ensure ;;
  start) start "${2:?start needs a folder}" ;;
  stop) stop "${2:?stop needs a folder}" ;;
  *) fail "usage: bash scripts/postgres.sh ensure | start DIR | stop DIR" ;;
esac
