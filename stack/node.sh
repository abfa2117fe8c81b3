#!/usr/bin/env bash
# Runs a script on the repo's Node 24 (installed by stack/setup.sh) with the repo's tools on PATH.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/.tools/node/bin:$ROOT/node_modules/.bin:$ROOT/.tools/py/bin:$ROOT/.tools/bin:$PATH"
unset HTTP_PROXY HTTPS_PROXY http_proxy https_proxy
exec node "$@"
