#!/usr/bin/env bash
# Installs what the test suites need beyond npm (redis-server, chromium), before `npm test`
# runs them: each scripts/setup/*.sh checks for its program and installs it with apt-get
# (as root) where it is missing. A missing program is a failure under CI=true, never a skip.
# setup/engines.sh installs Bun, Deno and workerd from the npm registry instead (npm ci into
# node_modules/.engines, pinned by test/runtime/engines/package-lock.json).
set -euo pipefail
cd "$(dirname "$0")"
shopt -s nullglob
for step in setup/*.sh; do
  bash "$step"
done
