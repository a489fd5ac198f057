# Shared by .ci/serve and .ci/test: install each tool the project needs when
# it is missing, skip it when present. Versions are pinned to ones that work
# together here (see README, "Toolchain").
set -euo pipefail

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the wasm-bindgen in Cargo.lock

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

# The two tools cargo installs are built for speed of building: opt-level 1,
# no LTO, many codegen units. They only shuffle files and run wasm-opt, so
# this halves the install time (about 10 minutes instead of 20 on 2 cores)
# at no cost a user notices.
cargo_install() {
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=0 \
    CARGO_PROFILE_RELEASE_INCREMENTAL=false cargo install "$@"
}

say() { printf '\033[1m==> [%ds] %s\033[0m\n' "$SECONDS" "$*" >&2; }

apt_install() {
    if [ -z "${APT_UPDATED:-}" ]; then
        apt-get update -qq >&2
        APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

ensure_rust_parts() {
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi
    for c in rustfmt clippy; do
        rustup component list --installed | grep -q "^$c" || rustup component add "$c"
    done
}

ensure_trunk() {
    if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
        say "installing trunk $TRUNK_VERSION (about 7 minutes on 2 cores)"
        cargo_install trunk --version "$TRUNK_VERSION" --locked
    fi
}

ensure_wasm_bindgen() {
    if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
        say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 2 minutes)"
        cargo_install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
    fi
}

ensure_node() {
    if ! command -v npm >/dev/null; then
        say "installing Node.js and npm"
        apt_install nodejs npm
    fi
    if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/axe-core ]; then
        say "installing wasm-opt (binaryen 132), playwright-core and axe-core from npm"
        npm ci --no-audit --no-fund >&2
    fi
}

ensure_chromium() {
    if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
        say "installing Chromium and ChromeDriver"
        apt_install chromium chromium-driver
    fi
    # the site tests serve dist/ with Python's http.server
    if [ ! -x /usr/bin/python3 ]; then
        say "installing Python 3"
        apt_install python3
    fi
}

# The notebook export's test runs the exported code with NumPy
# (tests/it/notebook.rs): a venv in target/pyenv, numpy from PyPI.
NUMPY_VERSION=2.4.6
ensure_numpy() {
    if ! target/pyenv/bin/python -c "import numpy" 2>/dev/null; then
        say "making target/pyenv with numpy $NUMPY_VERSION (the notebook test's)"
        /usr/bin/python3 -m venv target/pyenv 2>/dev/null || {
            apt_install python3-venv
            /usr/bin/python3 -m venv --clear target/pyenv
        }
        target/pyenv/bin/pip install -q "numpy==$NUMPY_VERSION" >&2
    fi
    export CREDITFLOW_PYTHON="$PWD/target/pyenv/bin/python"
}

ensure_site_tools() {
    ensure_rust_parts
    ensure_node
    ensure_wasm_bindgen
    ensure_trunk
}
