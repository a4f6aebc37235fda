#!/usr/bin/env bash
# Installs one of the Node.js versions Fogata is tested on and prints its folder; put its bin/
# first on PATH:
#   export PATH="$(scripts/node.sh 24)/bin:$PATH"
# The npm registry ships Node's own binary and headers as the node-linux-<arch> package, so this
# needs no download other than npm's. The folder is a cache outside the repository; a version
# already there is used as it is. Native addons (better-sqlite3) are built per Node version:
# after switching versions, `npm rebuild better-sqlite3` (or `npm ci`) with the new one on PATH.
set -euo pipefail

# The versions CI tests (decision 035). Raise them here; nothing else names them.
declare -A VERSIONS=([22]=22.23.3 [24]=24.21.0)

major="${1:-}"
version="${VERSIONS[$major]:-}"
if [[ -z "$version" ]]; then
  echo "Uso: scripts/node.sh 22|24" >&2
  exit 2
fi
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *)
    echo "No hay Node.js en el registro npm para $(uname -m)." >&2
    exit 1
    ;;
esac

dir="${XDG_CACHE_HOME:-$HOME/.cache}/fogata/node-$version-$arch"
if [[ ! -x "$dir/bin/node" ]]; then
  mkdir -p "$(dirname "$dir")"
  tmp="$(mktemp -d "${dir}.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  # npm pack checks the package's integrity against the registry.
  (cd "$tmp" && npm pack --silent "node-linux-$arch@$version" >/dev/null)
  mkdir -p "$tmp/node"
  tar xzf "$tmp"/node-linux-*.tgz -C "$tmp/node" --strip-components=1
  "$tmp/node/bin/node" --version >/dev/null
  rm -rf "$dir"
  mv "$tmp/node" "$dir"
fi
echo "$dir"
