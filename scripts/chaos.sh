#!/usr/bin/env bash
# Issue 28, item 2: the chaos test at full size. 5,000 money operations (CHAOS_OPS to change it)
# from 40 clients while two API processes and a worker are SIGKILLed 12 times and restarted, and
# PostgreSQL (a cluster of the test's own, in a temporary directory) restarts once; the machine's
# Redis. The machine's PostgreSQL only holds the migrated template the test runner makes, in a
# database of its own that is dropped afterwards. Prints the figures docs/reliability.md records.
set -euo pipefail
cd "$(dirname "$0")/.."
server="${CHAOS_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
cd apps/api
CHAOS_OPS="${CHAOS_OPS:-5000}" DATABASE_URL="$server/postgres" REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}" \
  npx vitest run --maxWorkers=1 test/chaos.test.ts
