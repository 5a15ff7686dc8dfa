#!/usr/bin/env bash
# Installs what the test suites need beyond npm (redis-server, chromium), before `npm test`
# runs them: each scripts/setup/*.sh checks for its program and installs it with apt-get
# (as root) where it is missing. A missing program is a failure under CI=true, never a skip.
set -euo pipefail
cd "$(dirname "$0")"
shopt -s nullglob
for step in setup/*.sh; do
  bash "$step"
done
