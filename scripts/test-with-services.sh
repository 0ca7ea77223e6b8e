#!/usr/bin/env bash
# Runs API test files that need a real PostgreSQL and Redis (issue 28: `npm run outage`, `npm run
# test:processes`) against this machine's servers, in a database of their own that is dropped
# afterwards. Usage: scripts/test-with-services.sh <name> <test file>... (paths under apps/api).
# The tests print the figures that docs/reliability.md records.
set -euo pipefail
cd "$(dirname "$0")/.."
name="$1"
shift
# TEST_POSTGRES: another PostgreSQL server than the local one.
server="${TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
database="limelight_${name}_$(date +%s)_$$"
psql "$server/postgres" -q -c "create database \"$database\""
trap 'psql "$server/postgres" -q -c "drop database if exists \"$database\" with (force)" || true' EXIT
cd apps/api
DATABASE_URL="$server/$database" REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}" \
  npx vitest run --maxWorkers=1 "$@"
