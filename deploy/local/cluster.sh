#!/usr/bin/env bash
# The whole topology of deploy/ on one machine, from the same files an operator copies: Varnish (the HTTP cache)
# in front of HAProxy, HAProxy in front of two Makan servers (`npm start`, two processes each), and PostgreSQL as a
# primary and a synchronous standby under Patroni (with one etcd holding who leads), HAProxy also giving the
# primary's address to imports.
#
#   deploy/local/cluster.sh up       as root: installs what it needs from Debian, starts everything, prints
#   deploy/local/cluster.sh status   the key=value lines below for the current state
#   deploy/local/cluster.sh down     stops everything it started and removes its folder
#
# The lines: cache=URL (what visitors are given), balancer=URL, primary_pid=PID (the primary's postmaster),
# import_db=URL (follows the primary), servers=URL,URL. Settings: MAKAN_CLUSTER_DIR (default /tmp/makan-cluster), MAKAN_CLUSTER_PORT (the first of
# 20 ports it uses on 127.0.0.1, default 15400).
set -euo pipefail

DIR=${MAKAN_CLUSTER_DIR:-/tmp/makan-cluster}
BASE=${MAKAN_CLUSTER_PORT:-15400}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DEPLOY=$(dirname "$HERE")
ROOT=$(dirname "$DEPLOY")
PG_BIN=/usr/lib/postgresql/15/bin

WEB_PORT=$BASE
PRIMARY_PORT=$((BASE + 1))
CACHE_PORT=$((BASE + 2))
SERVER_PORTS=($((BASE + 10)) $((BASE + 11)))
PG_PORTS=($((BASE + 12)) $((BASE + 13)))
API_PORTS=($((BASE + 14)) $((BASE + 15)))
ETCD_PORT=$((BASE + 16))
ETCD_PEER_PORT=$((BASE + 17))

say() { printf 'cluster: %s\n' "$*" >&2; }
fail() { say "$*"; exit 1; }

# Waits until a command succeeds, trying every half second for at most $1 seconds.
wait_for() {
  local seconds=$1 what=$2
  shift 2
  local until=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < until)) || fail "$what did not come within ${seconds} s (logs in $DIR)"
    sleep 0.5
  done
}

# Whether four connections in a row to this address all reach a primary (not a standby in recovery).
only_primary() {
  local n
  for n in 1 2 3 4; do
    [ "$("$PG_BIN/psql" "$1" -tAc 'SELECT pg_is_in_recovery()' 2>/dev/null)" = f ] || return 1
  done
}

http_ok() { [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$1")" = 200 ]; }

install_missing() {
  local packages=()
  [ -x /usr/sbin/haproxy ] || packages+=(haproxy)
  [ -x /usr/bin/patroni ] || packages+=(patroni)
  [ -x /usr/bin/etcd ] || packages+=(etcd-server)
  [ -x /usr/sbin/varnishd ] || packages+=(varnish)
  [ -x "$PG_BIN/postgres" ] || packages+=(postgresql-15)
  [ -f /usr/share/postgresql/15/extension/postgis.control ] || packages+=(postgresql-15-postgis-3)
  command -v envsubst >/dev/null || packages+=(gettext-base)
  ((${#packages[@]} == 0)) && return
  say "installing Debian's ${packages[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
}

# Starts a command in a session of its own (so down stops it and everything it started), as the postgres user
# where PostgreSQL's tools need it, its output in $DIR/NAME.log and its pid in $DIR/NAME.pid.
start() {
  local name=$1 as=$2
  shift 2
  if [ "$as" = postgres ]; then
    setsid setpriv --reuid=postgres --regid=postgres --init-groups "$@" >"$DIR/$name.log" 2>&1 < /dev/null &
  else
    setsid "$@" >"$DIR/$name.log" 2>&1 < /dev/null &
  fi
  echo $! >"$DIR/$name.pid"
}

node_data() { echo "$DIR/pg$1/data"; }

primary_node() {
  local i
  for i in 1 2; do
    if http_ok "http://127.0.0.1:${API_PORTS[$((i - 1))]}/primary"; then echo "$i"; return; fi
  done
  return 1
}

status() {
  [ -f "$DIR/cluster.env" ] || fail "no cluster in $DIR: run '$0 up' first"
  # shellcheck disable=SC1091
  source "$DIR/cluster.env"
  local node pid=""
  if node=$(primary_node); then pid=$(head -1 "$(node_data "$node")/postmaster.pid" 2>/dev/null || true); fi
  echo "cache=http://127.0.0.1:$CACHE_PORT"
  echo "balancer=http://127.0.0.1:$WEB_PORT"
  echo "primary_pid=$pid"
  echo "import_db=$IMPORT_DB"
  echo "servers=http://127.0.0.1:${SERVER_PORTS[0]},http://127.0.0.1:${SERVER_PORTS[1]}"
}

up() {
  [ "$(id -u)" = 0 ] || fail "up runs as root: it installs Debian's packages and runs PostgreSQL as its own user"
  [ -e "$DIR/cluster.env" ] && fail "a cluster already runs in $DIR: '$0 down' first"
  install_missing
  mkdir -p "$DIR"
  chmod 755 "$DIR"
  local password
  password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
  local import_db="postgres://postgres:$password@127.0.0.1:$PRIMARY_PORT/makan"
  printf 'IMPORT_DB=%q\n' "$import_db" >"$DIR/cluster.env"
  chmod 600 "$DIR/cluster.env"

  install -d -o postgres -g postgres -m 700 "$DIR/etcd"
  start etcd postgres /usr/bin/etcd --name makan --data-dir "$DIR/etcd" \
    --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
    --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-cluster "makan=http://127.0.0.1:$ETCD_PEER_PORT"
  wait_for 30 "etcd" http_ok "http://127.0.0.1:$ETCD_PORT/health"

  local i
  for i in 1 2; do
    install -d -o postgres -g postgres -m 700 "$DIR/pg$i"
    MAKAN_PG_NAME="pg$i" MAKAN_PG_API="127.0.0.1:${API_PORTS[$((i - 1))]}" MAKAN_ETCD="127.0.0.1:$ETCD_PORT" \
      MAKAN_PG_LISTEN="127.0.0.1:${PG_PORTS[$((i - 1))]}" MAKAN_PG_DATA="$(node_data $i)" MAKAN_PG_BIN="$PG_BIN" \
      MAKAN_PG_PGPASS="$DIR/pg$i/pgpass" MAKAN_PG_PASSWORD="$password" MAKAN_PG_REPLICATOR=replicator \
      MAKAN_PG_SOCKETS="$DIR/pg$i" envsubst <"$DEPLOY/patroni.yml" >"$DIR/pg$i/patroni.yml"
    chown postgres:postgres "$DIR/pg$i/patroni.yml"
    start "patroni$i" postgres /usr/bin/patroni "$DIR/pg$i/patroni.yml"
    if [ "$i" = 1 ]; then
      wait_for 90 "the first PostgreSQL node as primary" http_ok "http://127.0.0.1:${API_PORTS[0]}/primary"
    else
      # A synchronous standby: a commit the primary acknowledges is on both nodes.
      wait_for 120 "the second PostgreSQL node as synchronous standby" \
        http_ok "http://127.0.0.1:${API_PORTS[1]}/synchronous"
    fi
  done

  MAKAN_BALANCER_BIND="127.0.0.1:$WEB_PORT" MAKAN_PRIMARY_BIND="127.0.0.1:$PRIMARY_PORT" \
    MAKAN_SERVER_1="127.0.0.1:${SERVER_PORTS[0]}" MAKAN_SERVER_2="127.0.0.1:${SERVER_PORTS[1]}" \
    MAKAN_PG_1="127.0.0.1:${PG_PORTS[0]}" MAKAN_PG_1_API_PORT="${API_PORTS[0]}" \
    MAKAN_PG_2="127.0.0.1:${PG_PORTS[1]}" MAKAN_PG_2_API_PORT="${API_PORTS[1]}" \
    envsubst <"$DEPLOY/haproxy.cfg" >"$DIR/haproxy.cfg"
  start haproxy root /usr/sbin/haproxy -W -db -f "$DIR/haproxy.cfg"
  # HAProxy counts a node up until its first check says otherwise: wait until every connection reaches the primary.
  wait_for 30 "the primary's address through HAProxy" only_primary "postgres://postgres:$password@127.0.0.1:$PRIMARY_PORT/postgres"
  "$PG_BIN/psql" -q "postgres://postgres:$password@127.0.0.1:$PRIMARY_PORT/postgres" -c 'CREATE DATABASE makan'

  # One after the other: the first creates and seeds the database. deploy/makan.env is each server's settings.
  for i in 1 2; do
    (
      set -a
      # shellcheck disable=SC1091
      source "$DEPLOY/makan.env"
      set +a
      export PORT=${SERVER_PORTS[$((i - 1))]} MAKAN_DB="$import_db" MAKAN_RATE_DB="$import_db"
      export MAKAN_SNAPSHOT_DIR="$DIR/snapshots$i" MAKAN_PUBLIC_ORIGIN="http://127.0.0.1:$CACHE_PORT"
      cd "$ROOT"
      start "makan$i" root npm start
    )
    wait_for 300 "Makan server $i" http_ok "http://127.0.0.1:${SERVER_PORTS[$((i - 1))]}/api/health"
  done
  wait_for 30 "the balancer" http_ok "http://127.0.0.1:$WEB_PORT/api/health"

  # The cache in front of the balancer, in memory (256 MiB, least recently used out first). Its working folder
  # is its own (-n), so it runs beside any other Varnish; -T none: nothing listens for its management commands.
  MAKAN_CACHE_BACKEND_HOST=127.0.0.1 MAKAN_CACHE_BACKEND_PORT=$WEB_PORT \
    envsubst '${MAKAN_CACHE_BACKEND_HOST} ${MAKAN_CACHE_BACKEND_PORT}' <"$DEPLOY/varnish.vcl" >"$DIR/varnish.vcl"
  start varnish root /usr/sbin/varnishd -F -a "127.0.0.1:$CACHE_PORT" -f "$DIR/varnish.vcl" -s malloc,256m \
    -n "$DIR/varnish" -T none
  wait_for 30 "the cache" http_ok "http://127.0.0.1:$CACHE_PORT/api/health"
  status
}

down() {
  local name pid
  for name in varnish haproxy makan1 makan2 patroni2 patroni1 etcd; do
    [ -f "$DIR/$name.pid" ] || continue
    pid=$(cat "$DIR/$name.pid")
    kill -TERM -- "-$pid" 2>/dev/null || true
  done
  local until=$((SECONDS + 20))
  for name in varnish haproxy makan1 makan2 patroni2 patroni1 etcd; do
    [ -f "$DIR/$name.pid" ] || continue
    pid=$(cat "$DIR/$name.pid")
    while kill -0 -- "-$pid" 2>/dev/null && ((SECONDS < until)); do sleep 0.2; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
  # A PostgreSQL its Patroni left behind (Patroni killed first) is stopped by its own pid file.
  local i
  for i in 1 2; do
    if [ -f "$(node_data $i)/postmaster.pid" ]; then
      kill -KILL "$(head -1 "$(node_data $i)/postmaster.pid")" 2>/dev/null || true
    fi
  done
  rm -rf "$DIR"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) fail "usage: $0 up|down|status" ;;
esac
