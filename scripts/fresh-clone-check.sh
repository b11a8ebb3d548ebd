#!/usr/bin/env bash
# A newcomer's first minutes, as CI and a new machine meet them: clone the committed HEAD into a
# temporary folder, give npm an empty cache, run the newcomer's two commands exactly as the
# README's first lines write them (read from its first ```sh block, so the two cannot drift apart;
# CONTRIBUTING.md states the same block, tests/docs.test.ts checks it), and fail when they fail or
# when they leave the tree changed (a lockfile that another machine rewrites, a build output that is not
# ignored).
#
#   scripts/fresh-clone-check.sh                   the check
#   scripts/fresh-clone-check.sh --write-lockfile  also copy the lockfile the fresh install wrote
#                                                  back here (after changing package.json: commit
#                                                  it first, the clone takes HEAD)
set -euo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
write_lockfile=false
[ "${1:-}" = "--write-lockfile" ] && write_lockfile=true

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone --quiet "$repo" "$work/genway"
cd "$work/genway"
export npm_config_cache="$work/npm-cache"
echo "fresh clone of $(git rev-parse --short HEAD) in $work/genway, empty npm cache"

# The README's first fenced sh block: one command a line, comments dropped.
mapfile -t commands < <(awk '/^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' README.md |
  sed -e 's/[[:space:]]*#.*$//' -e '/^[[:space:]]*$/d')
[ ${#commands[@]} -gt 0 ] || { echo "README.md has no \`\`\`sh block of commands"; exit 1; }

if $write_lockfile; then
  npm install --no-audit --no-fund
  cp package-lock.json "$repo/package-lock.json"
  echo "wrote $repo/package-lock.json from the fresh install"
  exit 0
fi

for command in "${commands[@]}"; do
  echo; echo "=== $command"
  bash -c "$command"
done

echo; echo "=== git status --porcelain"
changed=$(git status --porcelain)
if [ -n "$changed" ]; then
  echo "the newcomer's commands changed the fresh clone's tree:"; echo "$changed"
  git diff --stat
  exit 1
fi
echo "clean: the newcomer's commands (${commands[*]}) passed and left the tree as it was"
