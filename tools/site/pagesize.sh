#!/usr/bin/env bash
# The first view's wasm, built alone as trunk builds it (the `web` profile,
# wasm-bindgen, wasm-opt -Oz with the page's features), and its size
# gzipped at level 9, as .ci/test gates it. For measuring a cut without a
# whole site build: bash tools/site/pagesize.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
out=target/pagesize
mkdir -p "$out"
cargo build -q --profile web --bin creditflow --target wasm32-unknown-unknown
wasm-bindgen --target web --no-typescript --out-dir "$out" \
    target/wasm32-unknown-unknown/web/creditflow.wasm
wasm-opt -Oz --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext "$out/creditflow_bg.wasm" -o "$out/page.wasm"
raw=$(stat -c %s "$out/page.wasm")
gz=$(gzip -9 -c "$out/page.wasm" | wc -c)
echo "the first view's wasm: $raw bytes raw, $gz bytes gzipped"
