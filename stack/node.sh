#!/usr/bin/env bash
# Runs a script on the repo's Node 24 (installed by stack/setup.sh) with the repo's tools on PATH. A TypeScript
# script is run with stack/esm-sources.mjs, which tells Node our .ts files are ES modules (no reparse, no
# MODULE_TYPELESS_PACKAGE_JSON warning); anything else (tsc, vitest, eslint) runs as Node runs it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/.tools/node/bin:$ROOT/node_modules/.bin:$ROOT/.tools/py/bin:$ROOT/.tools/bin:$PATH"
unset HTTP_PROXY HTTPS_PROXY http_proxy https_proxy
script=""
for arg in "$@"; do
  case "$arg" in -*) ;; *) script="$arg"; break ;; esac
done
if [[ "$script" == *.ts ]]; then exec node --import "$ROOT/stack/esm-sources.mjs" "$@"; fi
exec node "$@"
