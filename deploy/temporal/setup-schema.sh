#!/bin/sh
# Temporal's two PostgreSQL databases brought to this admin-tools version's schema (docker-compose.yml,
# temporal-schema): made if missing, versioned from 0.0 on a new database, then every pending update
# applied. Safe to run at every start; run it with the new version before upgrading the server.
# SQL_PASSWORD (the environment) is the password temporal-sql-tool logs in with.
set -eu
: "${POSTGRES_SEEDS:?}" "${POSTGRES_USER:?}" "${SQL_PASSWORD:?}"
PORT="${DB_PORT:-5432}"
# The admin-tools image keeps the schema files here (another place only for a run outside the image).
SCHEMA="${TEMPORAL_SCHEMA_DIR:-/etc/temporal/schema/postgresql/v12}"

sql() {
  temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -p "$PORT" -u "$POSTGRES_USER" "$@"
}

for db in temporal:temporal temporal_visibility:visibility; do
  name="${db%%:*}"
  dir="${db##*:}"
  # An existing database is not an error; a wrong password or an unreachable server fails the next step.
  sql --db "$name" create || echo "database $name: kept as it is"
  sql --db "$name" setup-schema -v 0.0
  sql --db "$name" update-schema -d "$SCHEMA/$dir/versioned"
done
echo 'Temporal schema is current'
