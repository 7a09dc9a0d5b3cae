#!/usr/bin/env bash
# The README's test command: lint, types, migration drift, unit tests, the API suite on both
# databases (embedded PGlite and the PostgreSQL server), then the browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$1"; }

step "lint";        npx eslint . --max-warnings=0
step "typecheck";   npm run --silent typecheck
step "unit tests (contracts, web)"; npx vitest run --project contracts --project web
step "API tests on PGlite";         TEST_DB=pglite npx vitest run --project api
step "API tests on PostgreSQL";     TEST_DB=postgres npx vitest run --project api
if [ -d e2e ] && ls e2e/*.spec.ts >/dev/null 2>&1; then
  step "browser tests (Chromium)"
  npm run --silent build
  npx playwright test
fi
