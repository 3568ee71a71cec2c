#!/usr/bin/env bash
# Installs the differential tests' oracle packages (oracles/*/package.json + lockfile) into a cache
# outside the checkout: $RULE_STUDIO_ORACLES, else ~/.cache/rule-studio/oracles. Each oracle is
# reinstalled only when its lockfile changes (the lockfile's hash is kept beside it). The app's own
# `npm ci` never installs them. Prints the cache directory.
set -euo pipefail
cd "$(dirname "$0")/.."
cache="${RULE_STUDIO_ORACLES:-$HOME/.cache/rule-studio/oracles}"
mkdir -p "$cache"
for dir in oracles/*/; do
  name="$(basename "$dir")"
  target="$cache/$name"
  hash="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$target/.lock-hash" ] && [ "$(cat "$target/.lock-hash")" = "$hash" ] && [ -d "$target/node_modules" ]; then
    echo "== oracle $name: cached in $target" >&2
    continue
  fi
  echo "== oracle $name: installing into $target" >&2
  rm -rf "$target"
  mkdir -p "$target"
  cp "$dir/package.json" "$dir/package-lock.json" "$target/"
  (cd "$target" && npm ci --no-audit --no-fund --ignore-scripts=false >&2)
  echo "$hash" >"$target/.lock-hash"
done
echo "$cache"
