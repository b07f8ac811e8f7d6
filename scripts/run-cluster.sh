#!/usr/bin/env bash
# Starts N server processes of the current build on ports BASE_PORT… (default
# 4321) with the caller's environment (DATABASE_URL required); Ctrl-C or
# SIGTERM stops them all gracefully. Put nginx in front: deploy/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-2}"
base="${BASE_PORT:-4321}"
: "${DATABASE_URL:?set DATABASE_URL: several processes need one PostgreSQL (PGlite is one process only)}"
[ -f dist/server/main.mjs ] || { echo "no build: run npm run build first" >&2; exit 1; }
# The npm package's node first; each process starts as `npm run serve` does (its env and Node flags).
export PATH="$PWD/node_modules/.bin:$PATH"
serve=$(node -p "require('./package.json').scripts.serve")
pids=()
stop() { kill -TERM "${pids[@]}" 2>/dev/null || true; wait; }
trap 'stop; exit 0' INT TERM
for ((i = 0; i < n; i++)); do
  PORT=$((base + i)) TRUST_PROXY="${TRUST_PROXY:-true}" sh -c "exec env $serve" &
  pids+=("$!")
done
echo "started $n processes on ports $base-$((base + n - 1)): ${pids[*]}"
wait
