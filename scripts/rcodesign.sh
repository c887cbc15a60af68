#!/usr/bin/env bash
# Builds rcodesign (crates.io's apple-codesign), which signs macOS executables ad hoc on any
# platform, once, into ~/.cache/bunnynet-shield-pulumi/rcodesign-<version>, where
# `npm run plugin -- --all-platforms` finds it (scripts/plugin-package.ts, macSigner). Without
# it the darwin archives are built unsigned. Prints the binary's path on its last line.
set -euo pipefail

VERSION="0.29.0"
ROOT="$HOME/.cache/bunnynet-shield-pulumi/rcodesign-$VERSION"
BIN="$ROOT/bin/rcodesign"

if [ -x "$BIN" ]; then
  echo "$BIN"
  exit 0
fi
command -v cargo >/dev/null || { echo "rcodesign.sh: cargo is not installed; cannot build rcodesign" >&2; exit 3; }
echo "rcodesign.sh: building rcodesign $VERSION from crates.io, once (42 minutes on two busy cores); it is cached in $ROOT" >&2
# No default features: no smart-card or keychain support, which ad hoc signing does not need.
cargo install apple-codesign --version "$VERSION" --locked --no-default-features \
  --root "$ROOT.partial" --target-dir "$ROOT.target"
rm -rf "$ROOT"
mv "$ROOT.partial" "$ROOT"
rm -rf "$ROOT.target"
echo "$BIN"
