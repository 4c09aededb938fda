#!/bin/sh
# The stand-in postgres image's start (postgres.Dockerfile).
set -eu
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  user=${POSTGRES_USER:-postgres}
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is needed}" > /tmp/pwfile
  chown postgres /tmp/pwfile
  su postgres -c "initdb -U '$user' --pwfile=/tmp/pwfile --auth-host=scram-sha-256 --auth-local=trust -D '$PGDATA'" >/dev/null
  rm /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  su postgres -c "pg_ctl -D '$PGDATA' -o '-c listen_addresses=' -w start" >/dev/null
  if [ -n "${POSTGRES_DB:-}" ] && [ "$POSTGRES_DB" != postgres ]; then
    su postgres -c "psql -U '$user' -d postgres -c 'create database \"$POSTGRES_DB\"'" >/dev/null
  fi
  su postgres -c "pg_ctl -D '$PGDATA' -m fast -w stop" >/dev/null
fi
exec su postgres -c "exec postgres -D '$PGDATA' -c listen_addresses='*'"
