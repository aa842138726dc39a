#!/bin/sh
# docker compose: the postgres image runs this once, on an empty data directory.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v role="${PLATFORM_DB_USER:-platform}" -v password="${PLATFORM_DB_PASSWORD:-platform}" -v db="${PLATFORM_DB_NAME:-platform}" \
  -f /platform/create-role.sql
