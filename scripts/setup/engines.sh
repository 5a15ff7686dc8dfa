# Bun, Deno and workerd for test/runtime/engines.test.ts: the versions pinned by
# test/runtime/engines/package-lock.json, installed from the npm registry with `npm ci`
# into node_modules/.engines (about 350 MB; `npm ci` of the project itself stays as it was).
# Done again only when the lock file changes. A failure is a failure under CI=true, else a warning.
set -uo pipefail
cd "$(dirname "$0")/../.."
want=test/runtime/engines
dir=node_modules/.engines
if cmp -s "$want/package-lock.json" "$dir/package-lock.json" && [ -x "$dir/node_modules/.bin/bun" ] && [ -x "$dir/node_modules/.bin/deno" ] && [ -x "$dir/node_modules/.bin/workerd" ]; then exit 0; fi
mkdir -p "$dir"
cp "$want/package.json" "$want/package-lock.json" "$dir/"
if ! npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error >/dev/null; then
  rm -f "$dir/package-lock.json"
  echo "setup: could not install bun, deno and workerd from the npm registry (npm ci --prefix $dir)" >&2
  if [ "${CI:-}" = true ]; then exit 1; fi
fi
exit 0
