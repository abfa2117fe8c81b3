#!/usr/bin/env bash
# PostgreSQL for FerretDB's postgresql handler (PORTAL_DB_ENGINE=postgresql): a cluster of its own in the
# directory given (initdb on first use), listening on a Unix socket in that directory only, no TCP port.
# Debian's postgresql package (setup.sh installs it when that engine is chosen). PostgreSQL refuses to
# run as root: as root it runs as the `postgres` user (setpriv execs, so stop signals reach it directly).
set -euo pipefail
dir="$(realpath -m "$1")"
PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$PGBIN/postgres" ] || { echo "postgres.sh: Debian's postgresql is not installed (apt-get install postgresql)" >&2; exit 1; }
mkdir -p "$dir"
as=()
if [ "$(id -u)" = 0 ]; then
  chown -R postgres:postgres "$dir"
  chmod 700 "$dir"
  # The postgres user must reach the directory: let it through (execute only) the parents.
  p="$(dirname "$dir")"
  while [ "$p" != / ]; do chmod o+x "$p"; p="$(dirname "$p")"; done
  as=(setpriv --reuid=postgres --regid=postgres --init-groups --)
fi
if [ ! -f "$dir/PG_VERSION" ]; then
  "${as[@]}" "$PGBIN/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 --no-instructions >/dev/null
fi
exec "${as[@]}" "$PGBIN/postgres" -D "$dir" -k "$dir" -c listen_addresses='' -c max_connections=200
